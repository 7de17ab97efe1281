import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, pathId } from '../../../http/errors';
import { requestCtx, setActor } from '../../../http/request-context';
import { hitWindow } from '../../auth';
import { resellerBalance } from '../money/ledger.service';
import { resellerForApiKey, resellerOrder } from '../portal';

import { resellerProduct, resellerProducts } from '../portal/product.service';
import { apiProductListQuery } from './api.schemas';
import { apiOrderList, placeApiOrder } from './api.service';
import { openApiDocument } from './openapi';

export const API_PREFIX = '/api/v1/reseller';
/** Requests a minute for one key; RESELLER_API_RATE_LIMIT changes it (a load test, a partner with more traffic). */
export const DEFAULT_RATE_LIMIT = 120;
const rateLimit = () => Number(process.env.RESELLER_API_RATE_LIMIT) || DEFAULT_RATE_LIMIT;

type WithId = { Params: { id: string } };
type Query = Record<string, unknown>;

const callers = new WeakMap<FastifyRequest, Caller>();
const resellerOf = (request: FastifyRequest) => {
  const caller = callers.get(request);
  if (!caller) throw new HttpError(401, 'Send your API key as "Authorization: Bearer <key>".');
  return caller.resellerId;
};

/** Keeps the list's page links on the API's own path. */
const onApiPath = (url: string | null) => (url === null ? null : url.replace(/^\/api\/reseller\//, `${API_PREFIX}/`));

type Caller = { resellerId: number; keyId: number };

/**
 * Which reseller a key is, remembered while the auth epoch is unchanged (a key made or revoked, a
 * reseller suspended: migration 0023 and 0002) and for at most a minute, so the key's last use is
 * still recorded once a minute. A busy program's calls then cost no statement to authorise. Unknown
 * keys are not remembered.
 */
class ApiKeyCache {
  private entries = new Map<string, { epoch: number; at: number; caller: Caller }>();

  constructor(private readonly limit = 10_000) {}

  async caller(request: FastifyRequest, key: string): Promise<Caller | null> {
    const hash = createHash('sha256').update(key).digest('base64');
    const epoch = await request.server.sessionCache.epoch();
    const now = Date.now();
    const entry = this.entries.get(hash);
    if (entry && entry.epoch === epoch && now - entry.at < 60_000) return entry.caller;
    const caller = await resellerForApiKey(request.server.db, key);
    this.entries.delete(hash);
    if (!caller) return null;
    if (this.entries.size >= this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    // The epoch read before the check: a change made meanwhile is seen on the next call.
    this.entries.set(hash, { epoch, at: now, caller });
    return caller;
  }
}

/**
 * The reseller REST API (issue 7 item 3): a reseller's own programs list products at their prices,
 * place orders and read them, and read the balance. Authorised by `Authorization: Bearer <key>`
 * (a key made on the portal's security page, kept hashed; revoked keys and suspended resellers are
 * refused with 401), no cookies and so no CSRF, at most `RESELLER_API_RATE_LIMIT` requests a minute
 * a key (429 with Retry-After). Everything read is the key's reseller's own; another's id is 404.
 */
export async function resellerApiRoutes(app: FastifyInstance) {
  app.get(`${API_PREFIX}/openapi.json`, async (request, reply) => {
    reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*');
    return openApiDocument(`${request.protocol}://${request.host}`, rateLimit());
  });

  await app.register(async (api) => {
    const limit = rateLimit();
    const keys = new ApiKeyCache();

    api.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match?.[1]) {
        reply.header('www-authenticate', 'Bearer');
        throw new HttpError(
          401,
          'Send your API key as "Authorization: Bearer <key>". Create one on the Security page of the reseller portal.',
        );
      }
      const caller = await keys.caller(request, match[1]);
      if (!caller) {
        reply.header('www-authenticate', 'Bearer error="invalid_token"');
        throw new HttpError(401, 'This API key is not valid: it is unknown, revoked, or its reseller account is not active.');
      }
      // One statement in the database, so every process shares the key's count (decision 026).
      const hit = await hitWindow(requestCtx(request), `api:key:${caller.keyId}`, { limit, windowMs: 60_000 });
      const resetSeconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
      reply.header('x-ratelimit-limit', String(limit)).header('x-ratelimit-remaining', String(Math.max(0, limit - hit.count)));
      reply.header('x-ratelimit-reset', String(resetSeconds));
      if (!hit.allowed) {
        reply.header('retry-after', String(resetSeconds));
        throw new HttpError(429, `Too many requests: at most ${limit} a minute for one key. Try again in ${resetSeconds} s.`);
      }
      callers.set(request, caller);
      // The key's reseller acts in this request (their name is looked up by whoever shows the log).
      setActor(request, { kind: 'reseller', id: caller.resellerId, name: null });
    });

    api.get(`${API_PREFIX}/products`, async (request) => {
      const query = request.query as Query;
      apiProductListQuery.parse(query);
      const page = await resellerProducts(requestCtx(request), resellerOf(request), query);
      return { ...page, next_page_url: onApiPath(page.next_page_url), prev_page_url: onApiPath(page.prev_page_url) };
    });
    api.get<WithId>(`${API_PREFIX}/products/:id`, async (request) => ({
      data: await resellerProduct(requestCtx(request), resellerOf(request), pathId(request.params.id, 'The product')),
    }));

    api.post(`${API_PREFIX}/orders`, async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const placed = await placeApiOrder(
        requestCtx(request),
        resellerOf(request),
        request.body ?? {},
        Array.isArray(header) ? header[0] : header,
      );
      reply.status(placed.created ? 201 : 200);
      return placed;
    });
    api.get(`${API_PREFIX}/orders`, async (request) => apiOrderList(requestCtx(request), resellerOf(request), request.query as Query));
    api.get<WithId>(`${API_PREFIX}/orders/:id`, async (request) => ({
      data: await resellerOrder(requestCtx(request), resellerOf(request), pathId(request.params.id, 'The order')),
    }));

    api.get(`${API_PREFIX}/balance`, async (request) => ({ balance: await resellerBalance(requestCtx(request), resellerOf(request)) }));
  });
}
