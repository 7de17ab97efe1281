import { createHash } from 'node:crypto';
import type { Paginator, ResellerOrderRow } from '@haat/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../context';
import { invalid } from '../../../http/errors';
import { pageUrl } from '../../../http/pagination';
import { resellerOrderPage } from '../../orders';
import { placeResellerOrder, withProfit } from '../portal';
import { apiOrderInput, apiOrderListQuery, idempotencyKeyField } from './api.schemas';

/**
 * The reseller API's order calls. Placing goes through the portal's placeResellerOrder (the one
 * placeOrder of every channel: stock reserved in one transaction, prices never below wholesale);
 * reading one order goes through the portal's resellerOrder (another reseller's id is not found).
 */

/** A client's idempotency key as the UUID placeOrder keeps: the same key always maps to the same UUID. */
export function idempotencyUuid(key: string): string {
  const hex = createHash('sha256').update(`reseller-api:${key}`).digest('hex');
  // Version 8 (custom) and the RFC variant, so it is a well-formed UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `POST /api/v1/reseller/orders`; the `Idempotency-Key` header, when sent, wins over the body's key. */
export async function placeApiOrder(ctx: Ctx, resellerId: number, body: unknown, header: string | undefined) {
  const input = apiOrderInput.parse(body);
  let key = input.idempotency_key;
  if (header !== undefined) {
    const parsed = idempotencyKeyField.safeParse(header);
    if (!parsed.success) throw invalid('Idempotency-Key', parsed.error.issues[0]?.message ?? 'The idempotency key is invalid');
    key = parsed.data;
  }
  const placed = await placeResellerOrder(ctx, resellerId, {
    ...(body as Record<string, unknown>),
    idempotency_key: key ? idempotencyUuid(key) : undefined,
  });
  return { order: await withProfit(ctx.db, placed.order), created: placed.created };
}

/** `GET /api/v1/reseller/orders`: the reseller's orders, newest first, of one status or all. */
export async function apiOrderList({ db }: Ctx, resellerId: number, query: Record<string, unknown>): Promise<Paginator<ResellerOrderRow>> {
  const parsed: z.output<typeof apiOrderListQuery> = apiOrderListQuery.parse(query);
  return resellerOrderPage(db, { resellerId, status: parsed.status }, parsed, (next) => pageUrl('/api/v1/reseller/orders', query, next));
}
