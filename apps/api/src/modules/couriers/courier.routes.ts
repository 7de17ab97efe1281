import type { FastifyInstance, FastifyRequest } from 'fastify';
import { systemCtx } from '../../context';
import { requireAdmin } from '../../http/auth';
import { notFound, pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { type ShipmentBooker, setShipmentBooker, shipmentBooker } from '../orders';
import { courierResource } from './courier.resource';
import { bookShipment, courierChoices, orderCourier, refreshOrderTracking, setOrderCourier } from './courier.service';
import { courierConnections, isProviderCode, maskedCredentials, testCredentials, updateCredentials } from './courier-credentials.service';
import { scheduleCourierTracking } from './courier-tracking.job';
import { courierWebhookRoutes } from './courier-webhook.routes';

type WithId = { Params: { id: string } };
type WithProvider = { Params: { provider: string } };

const providerOf = (request: FastifyRequest<WithProvider>) => {
  if (!isProviderCode(request.params.provider)) throw notFound('The courier API');
  return request.params.provider;
};

export { PATHAO_INTEGRATION_HEADER } from './courier-webhook.service';

export async function courierRoutes(app: FastifyInstance) {
  const { config } = app;

  // Orders moving to shipped book their consignment with the order's courier (order-events.ts).
  // The booker is handed the status move's transaction; booking only reads, so no actor is needed.
  const booker: ShipmentBooker = (db, order) => bookShipment(systemCtx(db), config, order);
  setShipmentBooker(booker);
  app.addHook('onClose', async () => {
    if (shipmentBooker() === booker) setShipmentBooker(null);
  });
  scheduleCourierTracking(app);

  courierResource.register(app);

  /** Open without sign-in (seed §6): only whether each courier is connected. */
  app.get('/api/courier/api', async (request) => ({ couriers: await courierConnections(requestCtx(request)) }));

  /** Each provider's credentials, secrets masked. */
  app.get('/api/admin/courier/api', { preHandler: requireAdmin('courier.api.manage') }, async (request) => ({
    data: await maskedCredentials(requestCtx(request), config),
  }));

  app.put<WithProvider>('/api/admin/courier/api/:provider', { preHandler: requireAdmin('courier.api.manage') }, async (request) => {
    const code = providerOf(request);
    const data = await updateCredentials(requestCtx(request), config, code, request.body);
    return { data, message: data.connected ? 'Saved: the courier is connected.' : 'Saved: the courier is not connected.' };
  });

  /** Tries the form's credentials (masked secrets mean the stored ones) without saving them. */
  app.post<WithProvider>(
    '/api/admin/courier/api/:provider/test',
    { preHandler: requireAdmin('courier.api.manage') },
    async (request, reply) => {
      const code = providerOf(request);
      try {
        return { ok: true, message: await testCredentials(requestCtx(request), config, code, request.body ?? {}) };
      } catch (error) {
        if ((error as Error).name !== 'CourierError') throw error;
        return reply.status(502).send({ ok: false, message: (error as Error).message });
      }
    },
  );

  /** The order view's courier panel. */
  app.get<WithId>('/api/admin/orders/:id/courier', { preHandler: requireAdmin('order.view') }, async (request) => ({
    data: await orderCourier(requestCtx(request), pathId(request.params.id, 'The order')),
    choices: await courierChoices(requestCtx(request)),
  }));

  app.put<WithId>('/api/admin/orders/:id/courier', { preHandler: requireAdmin('order.update') }, async (request) => ({
    data: await setOrderCourier(requestCtx(request), config, pathId(request.params.id, 'The order'), (request.body ?? {}) as never),
    message: 'The courier was saved.',
  }));

  /** "Refresh tracking": asks the courier now; a shipped order the courier delivered or returned moves. */
  app.post<WithId>('/api/admin/orders/:id/courier/refresh', { preHandler: requireAdmin('order.status.update') }, async (request) => {
    const result = await refreshOrderTracking(requestCtx(request), config, pathId(request.params.id, 'The order'));
    const status = result.courier.courier_status?.replace(/_/g, ' ');
    return {
      data: result.courier,
      moved: result.moved,
      refused: result.refused,
      review: result.review,
      message: result.refused
        ? `The courier says "${status}", but: ${result.refused}`
        : result.review
          ? `The courier says "${status}": it waits for a person's review.`
          : `The courier says "${status}".`,
    };
  });

  await courierWebhookRoutes(app);
}
