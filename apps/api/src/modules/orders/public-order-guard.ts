import type { CheckoutChannel } from '@haat/contracts';
import type { Ctx } from '../../context';
import type { PlacedOrder, PlaceOrderContext } from './order.service';

/** Who places a public order (storefront, reseller shop, landing page): what the fraud controls look at. */
export interface PublicShopper {
  channel: CheckoutChannel;
  phone: string;
  ip: string;
  /** The code from the SMS, when the shopper typed one. */
  otpCode?: string;
  /** How the shopper pays (decision 062): `cod` (the default) or a gateway's code. */
  paymentMethod?: string;
}

/**
 * Checks a public order and places it through `place`, handing it hooks that run inside the order's
 * transaction (the caps are decided there); may refuse before, inside, or act after (decision 055).
 */
export type PublicOrderGuard = (
  ctx: Ctx,
  shopper: PublicShopper,
  place: (hooks: PlaceOrderContext) => Promise<PlacedOrder>,
) => Promise<PlacedOrder>;

let guard: PublicOrderGuard | null = null;

/**
 * The risk module guards public orders (wired by the app): orders cannot import it, since it reads
 * the orders' history through this module.
 */
export function guardPublicOrdersWith(next: PublicOrderGuard | null): void {
  guard = next;
}

/** Places a shopper's order through the guard when one is wired, else as it is. */
export function placePublicOrder(
  ctx: Ctx,
  shopper: PublicShopper,
  place: (hooks: PlaceOrderContext) => Promise<PlacedOrder>,
): Promise<PlacedOrder> {
  return guard ? guard(ctx, shopper, place) : place({});
}

/** The guard's hooks and a channel's own as one context: the guard's run first (its locks come before the cart's). */
export function joinPlaceContexts(guardHooks: PlaceOrderContext, own: PlaceOrderContext): PlaceOrderContext {
  const joined: PlaceOrderContext = { ...own };
  if (guardHooks.prepare || own.prepare) {
    joined.prepare = async (tx) => [...((await guardHooks.prepare?.(tx)) ?? []), ...((await own.prepare?.(tx)) ?? [])];
  }
  if (guardHooks.placed || own.placed) {
    joined.placed = async (tx, order) => {
      await guardHooks.placed?.(tx, order);
      await own.placed?.(tx, order);
    };
  }
  if (guardHooks.checkPrices || own.checkPrices) {
    joined.checkPrices = async (tx, prices) => {
      await guardHooks.checkPrices?.(tx, prices);
      await own.checkPrices?.(tx, prices);
    };
  }
  if (guardHooks.checkLines || own.checkLines) {
    joined.checkLines = (lines) => {
      guardHooks.checkLines?.(lines);
      own.checkLines?.(lines);
    };
  }
  return joined;
}
