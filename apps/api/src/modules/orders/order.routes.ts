import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { toCsv } from '../../http/csv';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { trackOrder } from './customer-order.service';
import { orderResource } from './order.resource';
import { orderAssignmentRoutes } from './order-assignment.routes';
import { decideOrderRefund, orderRefundState } from './order-refund.service';
import { orderStatusRoutes } from './order-status.routes';
import { adminOrderView } from './order-workflow.service';

type Row = Record<string, unknown>;
type WithId = { Params: { id: string } };

/**
 * The back office's reads of orders (the orders issue adds the screens and the status moves) and
 * the storefront's order tracking. Checkout and the customer's own orders live with the cart and
 * the customer account.
 */
export async function orderRoutes(app: FastifyInstance) {
  await orderStatusRoutes(app);
  await orderAssignmentRoutes(app);

  app.get('/api/admin/orders', { preHandler: requireAdmin('order.view') }, (request) =>
    orderResource.list(requestCtx(request), request.query as Row),
  );

  app.get('/api/admin/orders/export.csv', { preHandler: requireAdmin('order.export') }, async (request, reply: FastifyReply) => {
    const csv = toCsv(await orderResource.exportRows(requestCtx(request), request.query as Row));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(csv);
  });

  app.get<WithId>('/api/admin/orders/:id', { preHandler: requireAdmin('order.view') }, async (request: FastifyRequest<WithId>) => {
    return { data: await adminOrderView(requestCtx(request), pathId(request.params.id, 'The order')) };
  });

  /** What the order owes its customer (a returned order's advance, an exchange's unused credit) and what was done (decision 054). */
  app.get<WithId>('/api/admin/orders/:id/refunds', { preHandler: requireAdmin('order.view') }, async (request: FastifyRequest<WithId>) => {
    return { data: await orderRefundState(requestCtx(request), pathId(request.params.id, 'The order')) };
  });

  /** Refund it from a balance, or keep it by decision. */
  app.post<WithId>('/api/admin/orders/:id/refunds', { preHandler: requireAdmin('order.refund') }, async (request, reply) => {
    const data = await decideOrderRefund(requestCtx(request), pathId(request.params.id, 'The order'), request.body);
    const kept = (request.body as { decision?: string } | null)?.decision === 'keep';
    return reply.code(201).send({ message: kept ? 'The decision to keep it was recorded.' : 'The refund was recorded.', data });
  });

  /** Anyone with the order number and its phone; misses are limited per address. */
  app.get('/_public/order/track', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return trackOrder(requestCtx(request), request.query);
  });
}
