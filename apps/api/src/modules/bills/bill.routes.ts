import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { billDetail, billResource, payBillPeriod, recordBillPeriod } from './bill.service';

type WithId = { Params: { id: string } };

/** Recurring bills, each period's bill and its payments (decision 051). */
export async function billRoutes(app: FastifyInstance) {
  billResource.register(app);

  app.get<WithId>('/api/admin/bills/:id/statement', { preHandler: requireAdmin('bill.view') }, async (request) => ({
    data: await billDetail(requestCtx(request), pathId(request.params.id, 'The bill')),
  }));

  app.post<WithId>('/api/admin/bills/:id/periods', { preHandler: requireAdmin('bill.update') }, async (request, reply) => {
    const data = await recordBillPeriod(requestCtx(request), pathId(request.params.id, 'The bill'), request.body);
    return reply.status(201).send({ data, message: 'The bill was recorded.' });
  });

  app.post<WithId>('/api/admin/bill-periods/:id/payments', { preHandler: requireAdmin('bill.pay') }, async (request, reply) => {
    const data = await payBillPeriod(requestCtx(request), pathId(request.params.id, 'The bill'), request.body);
    return reply.status(201).send({ data, message: 'The payment was recorded.' });
  });
}
