import { fromPaisa } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { toCsv } from '../../http/csv';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { fabricResource } from './fabric.resource';
import {
  adjustFabricStock,
  createFabricPurchase,
  fabricFormChoices,
  fabricIssuePage,
  fabricLedgerPage,
  fabricPurchasePage,
  findFabricPurchase,
  issueFabric,
} from './fabric.service';

type Query = Record<string, unknown>;
type WithId = { Params: { id: string } };

/**
 * Fabrics (issue 18 item 3): the materials (a declared resource), purchases from fabric suppliers,
 * issues to factories, each fabric's ledger and stock adjustments.
 */
export async function fabricRoutes(app: FastifyInstance) {
  fabricResource.register(app);

  app.get('/api/admin/fabric-purchases', { preHandler: requireAdmin('fabric.purchase.view') }, (request) =>
    fabricPurchasePage(requestCtx(request), '/api/admin/fabric-purchases', request.query as Query),
  );
  app.get('/api/admin/fabric-purchases/export.csv', { preHandler: requireAdmin('fabric.purchase.view') }, async (request, reply) => {
    const report = await fabricPurchasePage(requestCtx(request), '/api/admin/fabric-purchases', request.query as Query, 'export');
    const rows = report.data.map((row) => ({
      Number: row.number,
      Date: row.purchased_on,
      Supplier: row.supplier_name,
      Fabric: row.fabric_name,
      Colour: row.colour,
      Quantity: row.quantity,
      Unit: row.unit_label,
      'Unit price': fromPaisa(row.unit_price),
      Total: fromPaisa(row.total),
      Paid: fromPaisa(row.paid),
      Due: fromPaisa(row.due),
      Reference: row.reference,
    }));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="fabric-purchases-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(toCsv(rows));
  });
  app.get('/api/admin/fabric-purchases/choices', { preHandler: requireAdmin('fabric.purchase.create') }, (request) =>
    fabricFormChoices(requestCtx(request)),
  );
  app.get<WithId>('/api/admin/fabric-purchases/:id', { preHandler: requireAdmin('fabric.purchase.view') }, async (request) => ({
    data: await findFabricPurchase(requestCtx(request), pathId(request.params.id, 'The fabric purchase')),
  }));
  app.post('/api/admin/fabric-purchases', { preHandler: requireAdmin('fabric.purchase.create') }, async (request, reply) => {
    const data = await createFabricPurchase(requestCtx(request), request.body);
    return reply.status(201).send({ data, message: `Purchase ${data.number} was saved and the fabric added to stock.` });
  });

  app.get('/api/admin/fabric-issues', { preHandler: requireAdmin('fabric.view') }, (request) =>
    fabricIssuePage(requestCtx(request), '/api/admin/fabric-issues', request.query as Query),
  );
  app.get('/api/admin/fabric-issues/choices', { preHandler: requireAdmin('fabric.issue') }, (request) =>
    fabricFormChoices(requestCtx(request)),
  );
  app.post('/api/admin/fabric-issues', { preHandler: requireAdmin('fabric.issue') }, async (request, reply) => {
    const data = await issueFabric(requestCtx(request), request.body);
    return reply
      .status(201)
      .send({ data, message: `${data.quantity} ${data.unit_label} of ${data.fabric_name} issued to ${data.factory_name}.` });
  });

  app.get<WithId>('/api/admin/fabrics/:id/ledger', { preHandler: requireAdmin('fabric.view') }, (request) => {
    const id = pathId(request.params.id, 'The fabric');
    return fabricLedgerPage(requestCtx(request), id, `/api/admin/fabrics/${id}/ledger`, request.query as Query);
  });
  app.post<WithId>('/api/admin/fabrics/:id/adjust', { preHandler: requireAdmin('fabric.update') }, async (request) => {
    const data = await adjustFabricStock(requestCtx(request), pathId(request.params.id, 'The fabric'), request.body);
    return { data, message: 'The fabric stock was adjusted.' };
  });
}
