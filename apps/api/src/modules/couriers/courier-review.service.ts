import {
  COURIER_STATUS_MAP,
  type CourierProviderCode,
  type CourierReviewApplyInput,
  type CourierStatusOverrides,
  type CourierStatusReview,
  courierOutcome,
  courierReviewApplyInput,
  normalCourierStatus,
  type Paginator,
  REVIEW_STATES,
  type ReviewReason,
} from '@haat/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { pageUrl, paginate } from '../../http/pagination';
import { recordAudit } from '../audit';
import { findOrder, moveOrderStatus } from '../orders';
import { courierStatusReviews } from './courier-webhook.table';

/** Statuses that say only part of the parcel reached the customer: staff decide the rest's return. */
const PARTIAL = new Set(['partial_delivered', 'partial_delivery']);
/** Couriers count whole taka: what they collected matches the due when it is within one taka of it. */
const TAKA = 100;

export type CourierDecision = { kind: 'move'; to: 5 | 6 } | { kind: 'review'; reason: ReviewReason } | { kind: 'stay' };

/**
 * What a courier's status does to a shipped order (decision 058): the mapping (the shop's overrides
 * first) moves it to delivered or returned, keeps it shipped, or sends it to a person: a partial
 * delivery, a status nobody mapped, one mapped to review, or a delivery whose collected amount
 * (when the courier says it) is not what the order was to collect.
 */
export function decideCourierStatus(
  provider: CourierProviderCode,
  courierStatus: string,
  overrides: CourierStatusOverrides,
  collected: number | null,
  due: number,
): CourierDecision {
  const status = normalCourierStatus(courierStatus);
  const outcome = courierOutcome(provider, status, overrides);
  if (outcome === 'review') {
    if (PARTIAL.has(status)) return { kind: 'review', reason: 'partial_delivery' };
    const known = COURIER_STATUS_MAP[provider].some((entry) => entry.status === status) || Boolean(overrides[provider]?.[status]);
    return { kind: 'review', reason: known ? 'ambiguous_status' : 'unknown_status' };
  }
  if (outcome === 'delivered' && collected !== null && Math.abs(collected - due) >= TAKA) return { kind: 'review', reason: 'cod_mismatch' };
  if (outcome === 'delivered') return { kind: 'move', to: 5 };
  if (outcome === 'returned') return { kind: 'move', to: 6 };
  return { kind: 'stay' };
}

/** Puts an order's courier status in the review queue; a review already open for it is kept (no second row). */
export async function openReview(
  ctx: Ctx,
  review: {
    orderId: number;
    provider: CourierProviderCode;
    courierStatus: string;
    reason: ReviewReason;
    collected: number | null;
    due: number;
  },
): Promise<void> {
  await ctx.db
    .insert(courierStatusReviews)
    .values({
      orderId: review.orderId,
      provider: review.provider,
      courierStatus: normalCourierStatus(review.courierStatus),
      reason: review.reason,
      collected: review.collected,
      due: review.due,
      createdAt: ctx.now,
    })
    .onConflictDoNothing();
}

/** Closes the open reviews of orders that moved on (by a person, or by the courier's later status). */
export async function closeReviewsOf(ctx: Ctx, orderIds: readonly number[], to: number, note: string): Promise<void> {
  if (orderIds.length === 0) return;
  await ctx.db
    .update(courierStatusReviews)
    .set({ state: 'applied', resolvedTo: to, resolvedBy: adminIdOf(ctx), resolvedAt: ctx.now, note })
    .where(and(inArray(courierStatusReviews.orderId, [...orderIds]), eq(courierStatusReviews.state, 'open')));
}

const reviewColumns = {
  id: courierStatusReviews.id,
  orderId: courierStatusReviews.orderId,
  provider: courierStatusReviews.provider,
  courierStatus: courierStatusReviews.courierStatus,
  reason: courierStatusReviews.reason,
  collected: courierStatusReviews.collected,
  due: courierStatusReviews.due,
  state: courierStatusReviews.state,
  resolvedTo: courierStatusReviews.resolvedTo,
  note: courierStatusReviews.note,
  createdAt: courierStatusReviews.createdAt,
  resolvedAt: courierStatusReviews.resolvedAt,
};
type ReviewRow = { [Key in keyof typeof reviewColumns]: (typeof reviewColumns)[Key]['_']['data'] | null };

async function reviewAnswer(ctx: Ctx, row: ReviewRow): Promise<CourierStatusReview> {
  const order = await findOrder(ctx.db, Number(row.orderId));
  return {
    id: Number(row.id),
    order_id: Number(row.orderId),
    order_number: order?.number ?? '',
    order_status: order?.status ?? 0,
    customer_name: order?.customerName ?? '',
    provider: row.provider as CourierProviderCode,
    courier_status: String(row.courierStatus),
    reason: row.reason as ReviewReason,
    collected: row.collected === null ? null : Number(row.collected),
    due: Number(row.due),
    state: row.state as CourierStatusReview['state'],
    resolved_to: row.resolvedTo === null ? null : Number(row.resolvedTo),
    note: String(row.note ?? ''),
    created_at: (row.createdAt as Date).toISOString(),
    resolved_at: row.resolvedAt ? (row.resolvedAt as Date).toISOString() : null,
  };
}

/** `GET /api/admin/courier/reviews`: the queue (open by default), newest first, paginated. */
const reviewListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(20),
  state: z.enum(REVIEW_STATES).catch('open'),
});

export async function listReviews(ctx: Ctx, query: Record<string, unknown>): Promise<Paginator<CourierStatusReview>> {
  const { page, per_page: perPage, state } = reviewListQuery.parse(query);
  const where = eq(courierStatusReviews.state, state);
  const [count] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(courierStatusReviews).where(where);
  const rows = await ctx.db
    .select(reviewColumns)
    .from(courierStatusReviews)
    .where(where)
    .orderBy(desc(courierStatusReviews.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const data = [];
  for (const row of rows) data.push(await reviewAnswer(ctx, row));
  return paginate(data, Number(count?.total ?? 0), { page, perPage }, (at) => pageUrl('/api/admin/courier/reviews', query, at)).plain;
}

async function lockedOpenReview(ctx: Ctx, id: number) {
  const [row] = await ctx.db.select(reviewColumns).from(courierStatusReviews).where(eq(courierStatusReviews.id, id)).for('update');
  if (!row) throw notFound('The review');
  if (row.state !== 'open') throw new HttpError(409, `This review was already ${row.state === 'applied' ? 'applied' : 'dismissed'}.`);
  return row;
}

/**
 * A person's decision: the order moves to delivered (5) or returned (6) through the orders module
 * (its money postings happen there), and every open review of that order closes.
 */
export async function applyReview(ctx: Ctx, id: number, body: CourierReviewApplyInput): Promise<CourierStatusReview> {
  const input = courierReviewApplyInput.parse(body);
  const to = input.to as 5 | 6;
  return inTransaction(ctx, async (tx) => {
    const row = await lockedOpenReview(tx, id);
    const collectedWords = row.collected === null ? '' : `, collected ৳${(Number(row.collected) / 100).toFixed(2)}`;
    const note = [`Courier review: ${String(row.courierStatus).replace(/_/g, ' ')}${collectedWords}`, input.note]
      .filter(Boolean)
      .join('. ');
    const result = await moveOrderStatus(tx, { orderIds: [Number(row.orderId)], to, note, afterCommitCtx: ctx });
    if (result.refused[0]) throw new HttpError(409, result.refused[0].message);
    await closeReviewsOf(tx, [Number(row.orderId)], to, input.note);
    await recordAudit(tx, {
      action: 'courier.review.apply',
      entity: 'order',
      entityId: Number(row.orderId),
      changes: {
        status: { before: 4, after: to },
        courier_status: { before: String(row.courierStatus), after: String(row.courierStatus) },
      },
    });
    const [after] = await tx.db.select(reviewColumns).from(courierStatusReviews).where(eq(courierStatusReviews.id, id));
    return reviewAnswer(tx, after as ReviewRow);
  });
}

/** A person decides the status changes nothing: the order stays as it is, the review closes. */
export async function dismissReview(ctx: Ctx, id: number, body: { note?: unknown }): Promise<CourierStatusReview> {
  const note = typeof body?.note === 'string' ? body.note.trim().slice(0, 300) : '';
  return inTransaction(ctx, async (tx) => {
    const row = await lockedOpenReview(tx, id);
    await tx.db
      .update(courierStatusReviews)
      .set({ state: 'dismissed', resolvedBy: adminIdOf(tx), resolvedAt: tx.now, note })
      .where(eq(courierStatusReviews.id, id));
    await recordAudit(tx, {
      action: 'courier.review.dismiss',
      entity: 'order',
      entityId: Number(row.orderId),
      changes: { review: { before: 'open', after: 'dismissed' }, reason: { before: String(row.reason), after: String(row.reason) } },
    });
    const [after] = await tx.db.select(reviewColumns).from(courierStatusReviews).where(eq(courierStatusReviews.id, id));
    return reviewAnswer(tx, after as ReviewRow);
  });
}
