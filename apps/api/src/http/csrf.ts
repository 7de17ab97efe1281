import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, safeEqual } from '../lib/tokens';
import { SESSION_COOKIE } from './auth';

export const CSRF_COOKIE = 'haat_csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The reseller REST API: authorised only by `Authorization: Bearer <key>`, never by a cookie. */
export const BEARER_API_PREFIX = '/api/v1/';
/** Paths for other servers' callbacks: no CSRF check, the route checks the caller's secret. */
export const WEBHOOK_PREFIX = '/api/webhooks/';
/** Couriers' status pushes (decision 058): like webhooks, each proves itself with its courier's secret. */
export const COURIER_WEBHOOK_PREFIX = '/api/courier/webhook/';
/**
 * Online payment gateways' returns and IPNs (decision 062): SSLCommerz posts the shopper's browser and its server
 * here with no token of ours; nothing they carry is trusted, the gateway's own API is asked before anything changes.
 */
export const PAYMENT_RETURN_PREFIX = '/api/payments/';

/**
 * The payment stand-in (decision 062): a fake gateway's API and shopper's pages, called by the gateway clients and
 * by the stand-in's own forms. It keeps no session and changes nothing of the shop, so there is nothing to forge.
 */
export const PAYMENT_STANDIN_PREFIX = '/payment-standin/';

/**
 * The browser's CSRF token (seed §7): a random value kept in an httpOnly cookie and written into the
 * page's `csrf-token` meta tag. A state-changing call must send it back in `X-CSRF-TOKEN`, with
 * `X-Requested-With: XMLHttpRequest`; another site can read neither.
 */
export function csrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && existing.length >= 32) return existing;
  return rotateCsrfToken(request, reply);
}

/**
 * A new CSRF token for this browser (every sign-in makes one, so a token seen before the sign-in is
 * worth nothing after it). The answer carries it in `X-CSRF-TOKEN`; the web app's client takes it from there.
 */
export function rotateCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const token = randomToken(32);
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.cookieSecure,
  });
  reply.header('x-csrf-token', token);
  // Later code in the same request (the HTML page) must see the token just issued.
  request.cookies[CSRF_COOKIE] = token;
  return token;
}

/** A bearer-key call to the API that authorises by key alone, carrying no session cookie. */
function isBearerApiCall(request: FastifyRequest): boolean {
  if (!request.url.startsWith(BEARER_API_PREFIX)) return false;
  if (!/^Bearer\s+\S+/i.test(request.headers.authorization ?? '')) return false;
  return !Object.values(SESSION_COOKIE).some((name) => request.cookies[name] !== undefined);
}

export function registerCsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // The reseller API's programs send a key no other site can know, and no cookie: nothing to forge.
    // A request that carries a session cookie is checked whatever else it sends (decision 026).
    if (isBearerApiCall(request)) return;
    // Webhooks (a courier's status push) come from servers with no cookies; each proves itself with its shared secret.
    if (request.url.startsWith(WEBHOOK_PREFIX) || request.url.startsWith(COURIER_WEBHOOK_PREFIX)) return;
    // A gateway's return or IPN: the payment is confirmed with the gateway itself, never from what was posted.
    if (request.url.startsWith(PAYMENT_RETURN_PREFIX)) return;
    if (request.url.startsWith(PAYMENT_STANDIN_PREFIX)) return;
    const expected = request.cookies[CSRF_COOKIE];
    const sent = request.headers['x-csrf-token'];
    const byScript = request.headers['x-requested-with'] === 'XMLHttpRequest';
    if (!byScript || !expected || typeof sent !== 'string' || !safeEqual(sent, expected)) {
      return reply.status(419).send({ message: 'CSRF token mismatch. Reload the page and try again.' });
    }
  });

  app.get('/api/csrf-token', async (request, reply) => ({ token: csrfToken(request, reply) }));
}
