import { formatMoney, type ResellerShopCoupon, resellerShopCouponInput } from '@haat/contracts';
import { and, desc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { invalid, notFound } from '../../../http/errors';
import { resellerShopCoupons } from './shop.table';

type CouponRow = typeof resellerShopCoupons.$inferSelect;

const view = (row: CouponRow): ResellerShopCoupon => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value,
  minimum_order: row.minimumOrder,
  starts_on: row.startsOn,
  ends_on: row.endsOn,
  usage_limit: row.usageLimit,
  used_count: row.usedCount,
  status: row.status,
});

/** `/dropshipper/coupon`: the reseller's coupons, newest first. */
export async function shopCoupons(db: Db, resellerId: number): Promise<{ data: ResellerShopCoupon[] }> {
  const rows = await db
    .select()
    .from(resellerShopCoupons)
    .where(eq(resellerShopCoupons.resellerId, resellerId))
    .orderBy(desc(resellerShopCoupons.id));
  return { data: rows.map(view) };
}

/** One of the reseller's coupons; another reseller's is not found. */
export async function shopCoupon(db: Db, resellerId: number, id: number): Promise<ResellerShopCoupon> {
  const [row] = await db
    .select()
    .from(resellerShopCoupons)
    .where(and(eq(resellerShopCoupons.id, id), eq(resellerShopCoupons.resellerId, resellerId)));
  if (!row) throw notFound('This coupon');
  return view(row);
}

function values(body: unknown) {
  const input = resellerShopCouponInput.parse(body);
  return {
    code: input.code,
    kind: input.kind,
    value: input.value,
    minimumOrder: input.minimum_order,
    startsOn: input.starts_on,
    endsOn: input.ends_on,
    usageLimit: input.usage_limit,
    status: input.status,
  };
}

async function assertFreeCode(db: Db, resellerId: number, code: string, exceptId: number | null) {
  const [taken] = await db
    .select({ id: resellerShopCoupons.id })
    .from(resellerShopCoupons)
    .where(
      and(
        eq(resellerShopCoupons.resellerId, resellerId),
        eq(resellerShopCoupons.code, code),
        exceptId ? ne(resellerShopCoupons.id, exceptId) : undefined,
      ),
    );
  if (taken) throw invalid('code', 'You already have a coupon with this code.');
}

export async function createShopCoupon(db: Db, resellerId: number, body: unknown): Promise<ResellerShopCoupon> {
  const input = values(body);
  await assertFreeCode(db, resellerId, input.code, null);
  const [row] = await db
    .insert(resellerShopCoupons)
    .values({ resellerId, ...input })
    .returning();
  return view(row as CouponRow);
}

export async function updateShopCoupon(db: Db, resellerId: number, id: number, body: unknown): Promise<ResellerShopCoupon> {
  const current = await shopCoupon(db, resellerId, id);
  const input = values(body);
  await assertFreeCode(db, resellerId, input.code, id);
  if (input.usageLimit !== null && input.usageLimit < current.used_count) {
    throw invalid('usage_limit', `This coupon was used ${current.used_count} times already; allow at least that many.`);
  }
  const [row] = await db
    .update(resellerShopCoupons)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(resellerShopCoupons.id, id), eq(resellerShopCoupons.resellerId, resellerId)))
    .returning();
  return view(row as CouponRow);
}

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
