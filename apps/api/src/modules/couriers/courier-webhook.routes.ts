import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actingAs, SYSTEM_ACTOR } from '../../context';
import { requireAdmin } from '../../http/auth';
import { COURIER_WEBHOOK_PREFIX, WEBHOOK_PREFIX } from '../../http/csrf';
import { notFound, pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { bulkBook, courierSheet } from './courier-bulk.service';
import { isProviderCode } from './courier-credentials.service';
import { applyReview, dismissReview, listReviews } from './courier-review.service';
import { courierStatusRows, updateCourierStatusOverrides } from './courier-status-map.service';
import { listWebhookDeliveries, receiveCourierWebhook } from './courier-webhook.service';

type WithProvider = { Params: { provider: string } };
type WithId = { Params: { id: string } };

const providerOf = (provider: string) => {
  if (!isProviderCode(provider)) throw notFound('The courier');
  return provider;
};

/** The webhooks, the status mapping and its review queue, bulk booking and courier sheets. */
export async function courierWebhookRoutes(app: FastifyInstance) {
  const { config } = app;

  const receive = async (request: FastifyRequest, reply: FastifyReply, provider: string) => {
    const answer = await receiveCourierWebhook(
      actingAs(requestCtx(request), SYSTEM_ACTOR),
      config,
      providerOf(provider),
      request.headers,
      request.body,
    );
    for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
    return reply.status(answer.statusCode).send(answer.body);
  };
  app.post<WithProvider>(`${COURIER_WEBHOOK_PREFIX}:provider`, async (request, reply) => receive(request, reply, request.params.provider));
  // The address given to Pathao before issue 20: shops that pasted it keep working.
  app.post(`${WEBHOOK_PREFIX}courier/pathao`, async (request, reply) => receive(request, reply, 'pathao'));

  app.get('/api/admin/courier/webhooks', { preHandler: requireAdmin('courier.webhook.view') }, async (request) =>
    listWebhookDeliveries(requestCtx(request), request.query as Record<string, unknown>),
  );

  app.get('/api/admin/courier/status-map', { preHandler: requireAdmin('courier.webhook.view') }, async (request) => ({
    data: await courierStatusRows(requestCtx(request)),
  }));

  app.put<WithProvider>(
    '/api/admin/courier/status-map/:provider',
    { preHandler: requireAdmin('courier.status.map.manage') },
    async (request) => ({
      data: await updateCourierStatusOverrides(requestCtx(request), providerOf(request.params.provider), request.body),
      message: 'The status mapping was saved.',
    }),
  );

  app.get('/api/admin/courier/reviews', { preHandler: requireAdmin('courier.review.manage') }, async (request) =>
    listReviews(requestCtx(request), request.query as Record<string, unknown>),
  );

  app.post<WithId>('/api/admin/courier/reviews/:id/apply', { preHandler: requireAdmin('courier.review.manage') }, async (request) => ({
    data: await applyReview(requestCtx(request), pathId(request.params.id, 'The review'), (request.body ?? {}) as never),
    message: 'The order was moved.',
  }));

  app.post<WithId>('/api/admin/courier/reviews/:id/dismiss', { preHandler: requireAdmin('courier.review.manage') }, async (request) => ({
    data: await dismissReview(requestCtx(request), pathId(request.params.id, 'The review'), (request.body ?? {}) as never),
    message: 'The review was dismissed.',
  }));

  app.post('/api/admin/courier/bulk-book', { preHandler: requireAdmin('order.status.update') }, async (request) => {
    const results = await bulkBook(requestCtx(request), config, (request.body ?? {}) as never);
    const booked = results.filter((result) => result.ok).length;
    return { data: results, booked, failed: results.length - booked, message: `${booked} of ${results.length} orders booked.` };
  });

  app.get('/api/admin/courier/sheet.csv', { preHandler: requireAdmin('order.export') }, async (request, reply) => {
    const sheet = await courierSheet(requestCtx(request), request.query as Record<string, unknown>);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${sheet.filename}"`)
      .send(`\uFEFF${sheet.csv}`);
  });
}
