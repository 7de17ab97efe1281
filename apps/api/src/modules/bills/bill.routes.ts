import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import {
  billDetail,
  billResource,
  editBillPayment,
  editBillPeriod,
  payBillPeriod,
  recordBillPeriod,
  reverseBillPayment,
  reverseBillPeriod,
} from './bill.service';

type WithId = { Params: { id: string } };

/**
 * Recurring bills, each period's bill and its payments (decision 051). Corrections: a month's bill or a
 * payment is edited with `bill.update` and reversed with `bill.delete` (entries reversed, never rewritten).
 */
export async function billRoutes(app: FastifyInstance) {
  billResource.register(app);

  app.get<WithId>('/api/admin/bills/:id/statement', { preHandler: requireAdmin('bill.view') }, async (request) => ({
    data: await billDetail(requestCtx(request), pathId(request.params.id, 'The bill')),
  }));

  app.post<WithId>('/api/admin/bills/:id/periods', { preHandler: requireAdmin('bill.update') }, async (request, reply) => {
    const data = await recordBillPeriod(requestCtx(request), pathId(request.params.id, 'The bill'), request.body);
    return reply.status(201).send({ data, message: 'The bill was recorded.' });
  });

  app.put<WithId>('/api/admin/bill-periods/:id', { preHandler: requireAdmin('bill.update') }, async (request) => {
    const data = await editBillPeriod(requestCtx(request), pathId(request.params.id, 'The bill'), request.body);
    return { data, message: 'The bill was corrected.' };
  });

  app.post<WithId>('/api/admin/bill-periods/:id/reverse', { preHandler: requireAdmin('bill.delete') }, async (request) => {
    const data = await reverseBillPeriod(requestCtx(request), pathId(request.params.id, 'The bill'), request.body);
    return { data, message: 'The bill was reversed.' };
  });

  app.post<WithId>('/api/admin/bill-periods/:id/payments', { preHandler: requireAdmin('bill.pay') }, async (request, reply) => {
    const data = await payBillPeriod(requestCtx(request), pathId(request.params.id, 'The bill'), request.body);
    return reply.status(201).send({ data, message: 'The payment was recorded.' });
  });

  app.put<WithId>('/api/admin/bill-payments/:id', { preHandler: requireAdmin('bill.update') }, async (request) => {
    const data = await editBillPayment(requestCtx(request), pathId(request.params.id, 'The payment'), request.body);
    return { data, message: 'The payment was corrected.' };
  });

  app.post<WithId>('/api/admin/bill-payments/:id/reverse', { preHandler: requireAdmin('bill.delete') }, async (request) => {
    const data = await reverseBillPayment(requestCtx(request), pathId(request.params.id, 'The payment'), request.body);
    return { data, message: 'The payment was reversed.' };
  });
}
