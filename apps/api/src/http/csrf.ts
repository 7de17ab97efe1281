import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, safeEqual } from '../lib/tokens';

export const CSRF_COOKIE = 'haat_csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Paths for other servers' callbacks: no CSRF check, the route checks the caller's secret. */
export const WEBHOOK_PREFIX = '/api/webhooks/';

/**
 * The browser's CSRF token (seed §7): a random value kept in an httpOnly cookie and written into the
 * page's `csrf-token` meta tag. A state-changing call must send it back in `X-CSRF-TOKEN`, with
 * `X-Requested-With: XMLHttpRequest`; another site can read neither.
 */
export function csrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && existing.length >= 32) return existing;
  const token = randomToken(32);
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.cookieSecure,
  });
  // Later code in the same request (the HTML page) must see the token just issued.
  request.cookies[CSRF_COOKIE] = token;
  return token;
}

export function registerCsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // Bearer-token clients (the reseller API) carry no cookies, so there is nothing to forge.
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    // Webhooks (a courier's status push) come from servers with no cookies; each proves itself with its shared secret.
    if (request.url.startsWith(WEBHOOK_PREFIX)) return;
    const expected = request.cookies[CSRF_COOKIE];
    const sent = request.headers['x-csrf-token'];
    const byScript = request.headers['x-requested-with'] === 'XMLHttpRequest';
    if (!byScript || !expected || typeof sent !== 'string' || !safeEqual(sent, expected)) {
      return reply.status(419).send({ message: 'CSRF token mismatch. Reload the page and try again.' });
    }
  });

  app.get('/api/csrf-token', async (request, reply) => ({ token: csrfToken(request, reply) }));
}
