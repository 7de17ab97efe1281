import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { isApiPath, isOtherAreaPath, requestHost } from '../../../http/web';
import { resellers } from '../reseller.table';

declare module 'fastify' {
  interface FastifyRequest {
    /** `/shop/{slug}` when the request came to a reseller's own host name and was served as their shop. */
    customHostShop: string | null;
  }
}

/** Besides calls and the other areas, what a reseller's host leaves alone: the shop's own pages, the build's files, sign-in. */
const PASS_THROUGH = /^\/(shop|assets|auth|healthz|readyz)(\/|$)/;

/**
 * A reseller's own host name (resellers.custom_host) serves their shop at `/`: a page request to
 * `rina.example.com/product/12` is answered as `/shop/{slug}/product/12`, the same page. The map of
 * hosts is read again whenever the catalog epoch moves (the resellers table bumps it), so a host
 * set or removed, or a shop suspended, takes effect on the next request. Only page requests (GET
 * or HEAD, not a call or a file) look it up.
 */
export function customHostHook(db: Db, catalogEpoch?: () => number | Promise<number>) {
  let hosts: Map<string, string> | null = null;
  let loadedAt: number | null = null;
  let loading: Promise<Map<string, string>> | null = null;

  const load = async () => {
    const rows = await db
      .select({ host: resellers.customHost, slug: resellers.slug })
      .from(resellers)
      .where(and(isNotNull(resellers.customHost), eq(resellers.status, 'active')));
    return new Map(rows.map((row) => [String(row.host), row.slug]));
  };

  const current = async (): Promise<Map<string, string>> => {
    const epoch = catalogEpoch ? await catalogEpoch() : null;
    if (hosts && epoch !== null && epoch === loadedAt) return hosts;
    loading ??= load().finally(() => {
      loading = null;
    });
    const loaded = await loading;
    hosts = loaded;
    loadedAt = epoch;
    return loaded;
  };

  return async function rewriteForCustomHost(request: FastifyRequest): Promise<void> {
    request.customHostShop = null;
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0] ?? '/';
    if (PASS_THROUGH.test(path) || isApiPath(path) || isOtherAreaPath(path) || /\.[a-z0-9]{2,5}$/i.test(path)) return;
    const host = requestHost(request);
    if (!host || host === 'localhost' || /^[\d.]+$/.test(host)) return;
    const slug = (await current()).get(host);
    if (!slug) return;
    const base = `/shop/${slug}`;
    const query = request.url.slice(path.length);
    // Fastify reads request.url from the raw request: the page handler sees the shop's path.
    request.raw.url = `${base}${path === '/' ? '' : path}${query}`;
    request.customHostShop = base;
  };
}
