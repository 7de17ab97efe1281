import { COUPON_REFUSALS, type CouponChannel, type CouponRefusal, type DiscountType, discountOn } from '@haat/contracts';
import { and, count, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { coupons, couponUses } from './coupon.table';

type CouponRow = typeof coupons.$inferSelect;

/** An order the checkout wants to apply a code to. */
export interface CouponRequest {
  code: string;
  /** The order's total before the coupon (paisa): lines, before delivery. */
  subtotal: number;
  /** The signed-in customer, if any; `phone` counts guests and resellers' customers. */
  customerId?: number | null;
  phone?: string | null;
  channel: CouponChannel;
  /** Whether the buyer has no earlier order (the orders module knows). */
  isFirstOrder: boolean;
}

export type CouponCheck =
  | { ok: true; couponId: number; code: string; discount: number }
  | { ok: false; reason: CouponRefusal; message: string };

/** What a checkout's coupon field holds: trimmed and in capitals, as codes are stored. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** 01712345678, +8801712345678, 01712-345678 → 01712345678. */
function normalizePhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[\s().-]/g, '').replace(/^\+?88(?=01)/, '');
  return digits || null;
}

/** The discount a coupon gives on a subtotal: its percentage (capped) or its amount, never more than the subtotal. */
export function couponDiscount(coupon: Pick<CouponRow, 'discountType' | 'percentOff' | 'amountOff' | 'maxDiscount'>, subtotal: number) {
  const off = discountOn(subtotal, { type: coupon.discountType as DiscountType, percent: coupon.percentOff, amount: coupon.amountOff });
  return coupon.discountType === 'percent' && coupon.maxDiscount !== null ? Math.min(off, coupon.maxDiscount) : off;
}

const refuse = (reason: CouponRefusal): CouponCheck => ({ ok: false, reason, message: COUPON_REFUSALS[reason] });

/** The coupon's rules in the order a shopper should hear them; the usage counts are read from `db`. */
async function evaluate(db: Db, coupon: CouponRow | undefined, request: CouponRequest, now: Date): Promise<CouponCheck> {
  if (!coupon) return refuse('not_found');
  if (coupon.status !== 1) return refuse('inactive');
  if (coupon.startsAt && coupon.startsAt > now) return refuse('not_started');
  if (coupon.endsAt && coupon.endsAt <= now) return refuse('expired');
  if ((request.channel === 'website' && !coupon.forWebsite) || (request.channel === 'reseller' && !coupon.forReseller)) {
    return refuse('wrong_channel');
  }
  if (coupon.firstOrderOnly && !request.isFirstOrder) return refuse('first_order_only');
  if (request.subtotal < coupon.minOrderTotal) return refuse('below_minimum');
  if (coupon.usageLimit !== null) {
    const [used] = await db.select({ n: count() }).from(couponUses).where(eq(couponUses.couponId, coupon.id));
    if ((used?.n ?? 0) >= coupon.usageLimit) return refuse('used_up');
  }
  const phone = normalizePhone(request.phone);
  if (coupon.perCustomerLimit !== null && (request.customerId || phone)) {
    const buyer = or(
      request.customerId ? eq(couponUses.customerId, request.customerId) : undefined,
      phone ? eq(couponUses.phone, phone) : undefined,
    ) as SQL;
    const [mine] = await db
      .select({ n: count() })
      .from(couponUses)
      .where(and(eq(couponUses.couponId, coupon.id), buyer));
    if ((mine?.n ?? 0) >= coupon.perCustomerLimit) return refuse('already_used');
  }
  return { ok: true, couponId: coupon.id, code: coupon.code, discount: couponDiscount(coupon, request.subtotal) };
}

/**
 * Whether a code applies to an order, and what it takes off: `{ok: true, discount}` or a refusal
 * with one clear message per rule (does not exist, not active, not started, expired, not for this
 * kind of order, first order only, below the minimum, used up, already used by this buyer).
 * Nothing is written; the checkout calls recordCouponUse when it places the order.
 */
export async function checkCoupon(db: Db, request: CouponRequest, now: Date = new Date()): Promise<CouponCheck> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCouponCode(request.code)));
  return evaluate(db, coupon, request, now);
}

export interface CouponUse {
  couponUseId: number;
  couponId: number;
  code: string;
  discount: number;
}

/**
 * Records a use of a code on an order, inside the checkout's transaction `tx`. The coupon's row is
 * locked first (FOR UPDATE), so concurrent checkouts with the same code take turns and each counts
 * the uses committed before it: a code with one use left is used once. Every rule is checked again
 * under the lock; a refusal throws a 422 on the `coupon_code` field and nothing is written.
 */
export async function recordCouponUse(
  tx: Db,
  request: CouponRequest & { orderId?: number | null },
  now: Date = new Date(),
): Promise<CouponUse> {
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCouponCode(request.code)))
    .for('update');
  const checked = await evaluate(tx, coupon, request, now);
  if (!checked.ok) throw new HttpError(422, checked.message, { coupon_code: [checked.message] }, { reason: checked.reason });
  const [use] = await tx
    .insert(couponUses)
    .values({
      couponId: checked.couponId,
      customerId: request.customerId ?? null,
      phone: normalizePhone(request.phone),
      channel: request.channel,
      orderId: request.orderId ?? null,
      subtotal: request.subtotal,
      discount: checked.discount,
    })
    .returning({ id: couponUses.id });
  return { couponUseId: Number(use?.id), couponId: checked.couponId, code: checked.code, discount: checked.discount };
}
