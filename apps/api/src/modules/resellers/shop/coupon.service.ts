import { formatMoney } from '@haat/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { invalid } from '../../../http/errors';
import { resellerShopCoupons } from './shop.table';

/** Today in Bangladesh (UTC+6), as the coupon's dates are written. */
const today = (now: Date) => new Date(now.getTime() + 6 * 3600_000).toISOString().slice(0, 10);

export type CouponCheck = { ok: true; id: number; code: string; discount: number } | { ok: false; message: string };

/**
 * Whether a code is one of this reseller's coupons that applies to items worth `subtotal` now, and
 * what it takes off (never more than the items cost). Another reseller's or the shop's codes do not.
 */
export async function checkShopCoupon(db: Db, resellerId: number, code: string, subtotal: number, now = new Date()): Promise<CouponCheck> {
  const [row] = await db
    .select()
    .from(resellerShopCoupons)
    .where(and(eq(resellerShopCoupons.resellerId, resellerId), eq(resellerShopCoupons.code, code.trim().toUpperCase())));
  if (row?.status !== 1) return { ok: false, message: 'This coupon code is not valid in this shop.' };
  const day = today(now);
  if (row.startsOn && day < row.startsOn) return { ok: false, message: 'This coupon cannot be used yet.' };
  if (row.endsOn && day > row.endsOn) return { ok: false, message: 'This coupon has expired.' };
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return { ok: false, message: 'This coupon has been used up.' };
  if (subtotal < row.minimumOrder) {
    return { ok: false, message: `Order at least ${formatMoney(row.minimumOrder, '৳')} of items to use this coupon.` };
  }
  const off = row.kind === 'amount' ? row.value : Math.round((subtotal * row.value) / 100);
  return { ok: true, id: row.id, code: row.code, discount: Math.min(off, subtotal) };
}

/**
 * Counts one use of the coupon inside the order's transaction; when its last use was taken meanwhile
 * the order is refused (and rolled back) on the coupon field.
 */
export async function takeShopCouponUse(tx: Db, couponId: number): Promise<void> {
  const taken = await tx
    .update(resellerShopCoupons)
    .set({ usedCount: sql`${resellerShopCoupons.usedCount} + 1` })
    .where(
      and(
        eq(resellerShopCoupons.id, couponId),
        or(isNull(resellerShopCoupons.usageLimit), lt(resellerShopCoupons.usedCount, resellerShopCoupons.usageLimit)),
      ),
    )
    .returning({ id: resellerShopCoupons.id });
  if (taken.length === 0) throw invalid('coupon', 'This coupon has been used up.');
}
