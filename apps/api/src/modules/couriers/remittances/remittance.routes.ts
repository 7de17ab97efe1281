import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../../http/auth';
import { pathId } from '../../../http/errors';
import { requestCtx } from '../../../http/request-context';
import { scheduleCourierPayments } from './courier-payments.job';
import {
  acceptRemittanceLine,
  courierReceivables,
  importRemittance,
  listRemittances,
  orderRemittance,
  previewRemittanceImport,
  recordRemittance,
  remittanceBalanceOptions,
  remittanceDetail,
} from './remittance.service';
import { courierPayments, importRemittancePayment, previewRemittancePayment } from './remittance-payments.service';

type WithId = { Params: { id: string } };

/**
 * Courier remittances (decision 049): list, entry by hand, a payment sheet's preview and import, the
 * courier's payments read from its API, previewed and imported, a mismatch accepted, what couriers owe.
 */
export async function remittanceRoutes(app: FastifyInstance) {
  const { config } = app;
  scheduleCourierPayments(app);

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

  /** The balances the money may go into, for whoever records remittances (no need of balance.view). */
  app.get('/api/admin/courier/remittances/balances', { preHandler: requireAdmin('remittance.create') }, async (request) => ({
    data: await remittanceBalanceOptions(requestCtx(request)),
  }));

  /** "Read payments from the courier": its recent payments, each with the remittance recording it. */
  app.get('/api/admin/courier/remittances/payments', { preHandler: requireAdmin('remittance.create') }, async (request) => ({
    data: await courierPayments(requestCtx(request), config, request.query),
  }));

  /** One of the courier's payments sorted against the orders; writes nothing. */
  app.post('/api/admin/courier/remittances/payments/preview', { preHandler: requireAdmin('remittance.create') }, async (request) => ({
    data: await previewRemittancePayment(requestCtx(request), config, request.body),
  }));

  app.post('/api/admin/courier/remittances/payments/import', { preHandler: requireAdmin('remittance.create') }, async (request, reply) => {
    const data = await importRemittancePayment(requestCtx(request), config, request.body);
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
