import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../../http/auth';
import { pathId } from '../../../http/errors';
import { requestCtx } from '../../../http/request-context';
import {
  acceptRemittanceLine,
  courierReceivables,
  importRemittance,
  listRemittances,
  orderRemittance,
  previewRemittanceImport,
  recordRemittance,
  remittanceDetail,
} from './remittance.service';

type WithId = { Params: { id: string } };

/** Courier remittances (decision 049): list, entry by hand, a payment sheet's preview and import, a mismatch accepted, what couriers owe. */
export async function remittanceRoutes(app: FastifyInstance) {
  app.get('/api/admin/courier/remittances', { preHandler: requireAdmin('remittance.view') }, async (request) =>
    listRemittances(requestCtx(request), request.query as Record<string, unknown>),
  );

  app.post('/api/admin/courier/remittances', { preHandler: requireAdmin('remittance.create') }, async (request, reply) => {
    const data = await recordRemittance(requestCtx(request), request.body);
    return reply.code(201).send({ message: 'The remittance was recorded.', data });
  });

  /** Reads a payment sheet and says what it would record; writes nothing. */
  app.post('/api/admin/courier/remittances/preview', { preHandler: requireAdmin('remittance.create') }, async (request) => ({
    data: await previewRemittanceImport(requestCtx(request), request.body),
  }));

  app.post('/api/admin/courier/remittances/import', { preHandler: requireAdmin('remittance.create') }, async (request, reply) => {
    const data = await importRemittance(requestCtx(request), request.body);
    return reply.code(201).send({ message: 'The remittance was recorded.', data });
  });

  app.get<WithId>('/api/admin/courier/remittances/:id', { preHandler: requireAdmin('remittance.view') }, async (request) => ({
    data: await remittanceDetail(requestCtx(request), pathId(request.params.id, 'The remittance')),
  }));

  /** A person accepts a mismatched line's collected amount: the order becomes paid. */
  app.post<WithId>(
    '/api/admin/courier/remittance-lines/:id/accept',
    { preHandler: requireAdmin('remittance.create') },
    async (request) => ({
      message: 'The collected amount was accepted: the order is paid.',
      data: await acceptRemittanceLine(requestCtx(request), pathId(request.params.id, 'The remittance line'), request.body),
    }),
  );

  app.get('/api/admin/courier/receivable', { preHandler: requireAdmin('remittance.view') }, async (request) => ({
    data: await courierReceivables(requestCtx(request)),
  }));

  /** How an order was settled by its courier, or null: the order's view shows it. */
  app.get<WithId>('/api/admin/orders/:id/remittance', { preHandler: requireAdmin('order.view') }, async (request) => ({
    data: await orderRemittance(requestCtx(request), pathId(request.params.id, 'The order')),
  }));
}
