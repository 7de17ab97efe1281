import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actingAs, SYSTEM_ACTOR } from '../../context';
import { requireAdmin } from '../../http/auth';
import { PAYMENT_RETURN_PREFIX } from '../../http/csrf';
import { notFound, pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import type { GatewayCode } from '../../integrations/payments/payment-provider';
import { findOrder } from '../orders';
import { schedulePaymentExpiry } from './payment.job';
import { afterReturnPath, checkPayment, completeReturn, findPayment, findPaymentByInvoice, payPage, startPayment } from './payment.service';
import { orderPayments, paymentCallsOf, paymentView, sendPayLinkSms } from './payment-views';

type WithNumber = { Params: { number: string } };
type WithId = { Params: { id: string } };

/** The address the shopper is on (a reseller's own host included): the gateway sends them back to it. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`;
}

/** Query or form fields as plain strings (a repeated field keeps its first value). */
function fieldsOf(value: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!value || typeof value !== 'object') return fields;
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    const first = Array.isArray(raw) ? raw[0] : raw;
    if (first !== undefined && first !== null && typeof first !== 'object') fields[key] = String(first);
  }
  return fields;
}

/**
 * Online payments (decision 062): the shopper's pay page and its start, the gateways' returns and SSLCommerz's
 * IPN (no CSRF token: a gateway posts them; nothing they carry is trusted, the client asks the gateway), and the
 * back office's payments of an order, its pay link by SMS, a payment's check and its gateway calls.
 */
export async function paymentRoutes(app: FastifyInstance) {
  const { config } = app;

  // SSLCommerz posts its returns and IPN as a form; this plugin's routes read it (the rest of the app stays JSON only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, parseQuery(String(body)));
  });

  app.get<WithNumber>('/_public/orders/:number/pay', async (request) => {
    const key = fieldsOf(request.query).key ?? '';
    return payPage(requestCtx(request), config, request.params.number, key);
  });

  app.post<WithNumber>('/_public/orders/:number/pay', async (request) =>
    startPayment(requestCtx(request), config, request.params.number, request.body, requestOrigin(request)),
  );

  const back = async (request: FastifyRequest, reply: FastifyReply, gateway: GatewayCode, id: string, params: Record<string, string>) => {
    const ctx = actingAs(requestCtx(request), SYSTEM_ACTOR);
    const payment = await findPayment(ctx, pathId(id, 'The payment'));
    if (!payment || payment.gateway !== gateway) throw notFound('The payment');
    const settled = await completeReturn(ctx, config, gateway, payment, params);
    return reply.redirect(await afterReturnPath(ctx, config, settled.payment, settled.order), 303);
  };

  app.get<WithId>(`${PAYMENT_RETURN_PREFIX}bkash/return/:id`, (request, reply) =>
    back(request, reply, 'bkash', request.params.id, fieldsOf(request.query)),
  );
  app.get<WithId>(`${PAYMENT_RETURN_PREFIX}nagad/return/:id`, (request, reply) =>
    back(request, reply, 'nagad', request.params.id, fieldsOf(request.query)),
  );
  app.post<WithId>(`${PAYMENT_RETURN_PREFIX}sslcommerz/return/:id`, (request, reply) =>
    back(request, reply, 'sslcommerz', request.params.id, { ...fieldsOf(request.query), ...fieldsOf(request.body) }),
  );

  // Server to server: the payment is found by our invoice (tran_id); the validation API decides, never the post.
  app.post(`${PAYMENT_RETURN_PREFIX}sslcommerz/ipn`, async (request, reply) => {
    const ctx = actingAs(requestCtx(request), SYSTEM_ACTOR);
    const fields = fieldsOf(request.body);
    const payment = fields.tran_id ? await findPaymentByInvoice(ctx, 'sslcommerz', fields.tran_id) : null;
    if (!payment) return reply.status(404).send({ message: 'The payment was not found.' });
    const settled = await completeReturn(ctx, config, 'sslcommerz', payment, fields, { onlyPaid: true });
    return { message: 'Received.', state: settled.payment.state };
  });

  app.get<WithId>('/api/admin/orders/:id/payments', { preHandler: requireAdmin('order.view') }, async (request) => ({
    data: await orderPayments(requestCtx(request), config, pathId(request.params.id, 'The order')),
  }));

  app.post<WithId>('/api/admin/orders/:id/payments/link-sms', { preHandler: requireAdmin('order.update') }, async (request) =>
    sendPayLinkSms(requestCtx(request), config, pathId(request.params.id, 'The order'), requestOrigin(request)),
  );

  app.post<WithId>('/api/admin/payments/:id/check', { preHandler: requireAdmin('payment.view') }, async (request) => {
    const ctx = requestCtx(request);
    const result = await checkPayment(ctx, config, pathId(request.params.id, 'The payment'));
    const order = await findOrder(ctx.db, result.payment.orderId);
    return {
      data: paymentView(result.payment, order?.number ?? ''),
      message: result.changed ? 'The gateway’s answer was recorded on the payment.' : 'The gateway’s answer changed nothing.',
    };
  });

  app.get<WithId>('/api/admin/payments/:id/calls', { preHandler: requireAdmin('payment.view') }, async (request) => ({
    data: await paymentCallsOf(requestCtx(request), pathId(request.params.id, 'The payment')),
  }));

  schedulePaymentExpiry(app);
}
