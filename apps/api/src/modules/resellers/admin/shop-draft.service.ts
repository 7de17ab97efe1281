import { eq } from 'drizzle-orm';
import { HttpError } from '../../../http/errors';
import type { ShopDraftPlacer } from '../../cart';
import { resellers } from '../reseller.table';
import { placeAtShop, type Shop } from '../shop/shop.service';

/**
 * A shop's incomplete checkout converted by staff after a call (the cart module's conversion, handed
 * this at start-up): the shop's order by the same rules as its checkout, with the staff member's ctx
 * (their name on the order's history) and the cart module's hooks (the draft locked and closed in the
 * order's transaction). The public checkout's caps and OTP are the shopper's, not staff's: not applied.
 * A shop no longer active cannot take the order (409).
 */
export const placeShopDraftOrder: ShopDraftPlacer = async (ctx, order, hooks) => {
  const [row] = await ctx.db
    .select({
      id: resellers.id,
      slug: resellers.slug,
      name: resellers.name,
      shopName: resellers.shopName,
      phone: resellers.phone,
      status: resellers.status,
    })
    .from(resellers)
    .where(eq(resellers.id, order.resellerId));
  if (row?.status !== 'active')
    throw new HttpError(409, 'The reseller’s shop is not open (the reseller is not active), so it cannot take this order.');
  const shop: Shop = { id: row.id, slug: row.slug, name: row.shopName || row.name, phone: row.phone };
  return placeAtShop(
    ctx,
    shop,
    {
      customer: { id: order.customerId, ...order.customer },
      lines: order.lines,
      coupon: order.coupon,
      note: order.note,
      idempotency: order.idempotency,
    },
    (place) => place({}),
    hooks,
  );
};
