import type { Permission } from '@haat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { permissionGate, requireAdmin } from '../../http/auth';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { orderView } from './order.service';
import { editOrder } from './order-edit.service';
import {
  entryVariants,
  exchangeableOrder,
  lookupCustomer,
  placeExchangeOrder,
  placeStaffOrder,
  quoteStaffOrder,
  readWholesaleTiers,
  saveWholesaleTiers,
} from './order-entry.service';
import { activeOrderSources, orderSourceResource } from './order-source.resource';

type WithId = { Params: { id: string } };

/** Signed in with at least one of these permissions (the forms that enter and that edit orders share the lookups). */
function requireAny(...permissions: Permission[]) {
  const signedIn = requireAdmin();
  // Its 403 names every permission that opens the route.
  const gate = permissionGate(permissions);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn.call(request.server, request, reply);
    gate(request);
  };
}

/**
 * Orders entered and edited by staff: phone, wholesale and exchange orders, the quote that previews
 * their totals, editing an order's lines and customer, wholesale quantity breaks and order sources.
 */
export async function orderEntryRoutes(app: FastifyInstance) {
  orderSourceResource.register(app);
  const entering = requireAny('order.create', 'order.update');

  app.get('/api/admin/order-entry/customer', { preHandler: entering }, (request) =>
    lookupCustomer(requestCtx(request), (request.query as Record<string, unknown>).phone),
  );

  app.get('/api/admin/order-entry/variants', { preHandler: entering }, async (request) => ({
    data: await entryVariants(requestCtx(request), request.query as Record<string, unknown>),
  }));

  app.get('/api/admin/order-entry/sources', { preHandler: entering }, async (request) => ({
    data: await activeOrderSources(request.server.db),
  }));

  app.post('/api/admin/order-entry/quote', { preHandler: entering }, (request) => quoteStaffOrder(requestCtx(request), request.body));

  app.get('/api/admin/order-entry/exchangeable', { preHandler: requireAdmin('order.create') }, (request) =>
    exchangeableOrder(requestCtx(request), request.query, orderView),
  );

  for (const type of ['phone', 'wholesale'] as const) {
    app.post(`/api/admin/orders/${type}`, { preHandler: requireAdmin('order.create') }, async (request, reply) => {
      const placed = await placeStaffOrder(requestCtx(request), type, request.body);
      return reply.status(placed.created ? 201 : 200).send({
        data: placed.order,
        message: placed.created ? `Order ${placed.order.number} was placed.` : `Order ${placed.order.number} was already placed.`,
      });
    });
  }

  app.post('/api/admin/orders/exchange', { preHandler: requireAdmin('order.create') }, async (request, reply) => {
    const placed = await placeExchangeOrder(requestCtx(request), request.body);
    return reply.status(placed.created ? 201 : 200).send({
      data: placed.order,
      refund_due: placed.refundDue,
      message: placed.created
        ? `Exchange order ${placed.order.number} was placed.`
        : `Exchange order ${placed.order.number} was already placed.`,
    });
  });

  app.put<WithId>('/api/admin/orders/:id', { preHandler: requireAdmin('order.update') }, async (request) => {
    const order = await editOrder(requestCtx(request), pathId(request.params.id, 'The order'), request.body);
    return { data: order, message: `Order ${order.number} was saved.` };
  });

  app.get<WithId>(
    '/api/admin/products/:id/wholesale-tiers',
    { preHandler: requireAny('order.create', 'product.view') },
    async (request) => ({
      data: await readWholesaleTiers(requestCtx(request), pathId(request.params.id, 'The product')),
    }),
  );

  app.put<WithId>('/api/admin/products/:id/wholesale-tiers', { preHandler: requireAdmin('product.update') }, async (request) => ({
    data: await saveWholesaleTiers(requestCtx(request), pathId(request.params.id, 'The product'), request.body),
    message: 'The quantity breaks were saved.',
  }));
}
