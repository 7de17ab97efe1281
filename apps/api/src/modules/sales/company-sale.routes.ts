import { fromPaisa } from '@haat/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { toCsv } from '../../http/csv';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import {
  companies,
  companySaleBuyers,
  companySaleDetail,
  companyStatement,
  createCompanySale,
  receiveCompanySalePayment,
  supplierNetPosition,
} from './company-sale.service';
import { companySaleResource } from './sale.resources';

type WithId = { Params: { id: string } };

function sendCsv(reply: FastifyReply, name: string, rows: Record<string, unknown>[]) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(toCsv(rows));
}

/** Companies, company sales on credit, their part payments and statements (decision 039). */
export async function companySaleRoutes(app: FastifyInstance) {
  companies.register(app);
  companySaleResource.register(app);

  app.get('/api/admin/sales/company/buyers', { preHandler: requireAdmin('sale.create') }, async (request) => ({
    data: await companySaleBuyers(requestCtx(request)),
  }));
  app.post('/api/admin/sales/company', { preHandler: requireAdmin('sale.create') }, async (request, reply) => {
    const data = await createCompanySale(requestCtx(request), request.body);
    return reply.status(201).send({ data, message: 'The sale was saved.' });
  });
  app.get<WithId>('/api/admin/sales/company/:id', { preHandler: requireAdmin('sale.view') }, async (request) => ({
    data: await companySaleDetail(requestCtx(request), pathId(request.params.id, 'The company sale')),
  }));
  app.post<WithId>('/api/admin/sales/company/:id/payments', { preHandler: requireAdmin('sale.update') }, async (request, reply) => {
    const data = await receiveCompanySalePayment(requestCtx(request), pathId(request.params.id, 'The company sale'), request.body);
    return reply.status(201).send({ data, message: 'The payment was saved.' });
  });

  app.get<WithId>('/api/admin/companies/:id/statement', { preHandler: requireAdmin('company.view') }, async (request) => ({
    data: await companyStatement(requestCtx(request), pathId(request.params.id, 'The company')),
  }));
  app.get<WithId>('/api/admin/companies/:id/statement.csv', { preHandler: requireAdmin('company.view') }, async (request, reply) => {
    const statement = await companyStatement(requestCtx(request), pathId(request.params.id, 'The company'));
    const rows = statement.rows.map((row) => ({
      Date: row.date.slice(0, 10),
      Description: row.description,
      Sale: fromPaisa(row.debit),
      Payment: fromPaisa(row.credit),
      Due: fromPaisa(row.balance),
    }));
    return sendCsv(reply, `company-${statement.buyer.id}-statement`, rows);
  });
  app.get<WithId>('/api/admin/suppliers/:id/sales-from-us', { preHandler: requireAdmin('supplier.view') }, async (request) => ({
    data: await supplierNetPosition(requestCtx(request), pathId(request.params.id, 'The supplier')),
  }));
}
