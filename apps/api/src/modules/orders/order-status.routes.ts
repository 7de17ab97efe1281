import { orderBulkMoveInput, orderMoveInput } from '@haat/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { HttpError, notFound, pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { sendOrderSmsThrough } from './order-sms';
import { moveOrderStatus } from './order-status.service';
import { adminOrderView, orderPrintSheet, orderStatusCountsOf } from './order-workflow.service';

type WithId = { Params: { id: string } };

/**
 * The order workflow of the back office: moving orders (one, or many together), the status tabs'
 * counts and the print sheet of invoices or labels. Registered by orderRoutes.
 */
export async function orderStatusRoutes(app: FastifyInstance) {
  // Order SMS (placed, confirmed, shipped, delivered) go through this app's settings.
  sendOrderSmsThrough({ db: app.db, config: app.config });

  app.get('/api/admin/orders/counts', { preHandler: requireAdmin('order.view') }, (request) =>
    orderStatusCountsOf(requestCtx(request), request.query as Record<string, unknown>),
  );

  app.get('/api/admin/orders/print', { preHandler: requireAdmin('order.view') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return orderPrintSheet(requestCtx(request), request.query as Record<string, unknown>);
  });

  /** Many orders to one status: those that may not move are reported, the rest move. */
  app.post('/api/admin/orders/status', { preHandler: requireAdmin('order.status.update') }, async (request) => {
    const input = orderBulkMoveInput.parse(request.body);
    return moveOrderStatus(requestCtx(request), {
      orderIds: input.ids,
      to: input.to,
      note: input.note,
      returnCharge: input.return_charge,
    });
  });

  /** One order to another status: 409 with the reason when it may not move; the order as it is now when it moved. */
  app.post<WithId>(
    '/api/admin/orders/:id/status',
    { preHandler: requireAdmin('order.status.update') },
    async (request: FastifyRequest<WithId>) => {
      const id = pathId(request.params.id, 'The order');
      const input = orderMoveInput.parse(request.body);
      const ctx = requestCtx(request);
      const result = await moveOrderStatus(ctx, {
        orderIds: [id],
        to: input.to,
        note: input.note,
        returnCharge: input.return_charge,
      });
      const [refusal] = result.refused;
      if (refusal) {
        if (!refusal.number) throw notFound('The order');
        throw new HttpError(409, refusal.message, { to: [refusal.message] });
      }
      return { ...result, data: await adminOrderView(ctx, id) };
    },
  );
}
