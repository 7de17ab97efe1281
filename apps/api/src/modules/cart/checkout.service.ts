import { type CheckoutQuote, checkoutInput, checkoutQuoteInput, type PersonView, strictestPaymentRule } from '@haat/contracts';
import type { Ctx } from '../../context';
import { HttpError, invalid } from '../../http/errors';
import { rememberCustomerPhone } from '../customers';
import { deliveryQuote } from '../locations';
import { checkCoupon } from '../marketing';
import {
  assertTakingOrders,
  checkoutPayment,
  findIdempotentOrder,
  isFirstOrder,
  joinPlaceContexts,
  orderView,
  type PlacedOrder,
  placeOrder,
  placePublicOrder,
} from '../orders';
import { checkoutPaymentMethods } from '../settings';
import { buyable, type CartOwner, cartShortages, findCart, lockedCartLines, readCart, removeOrderedLines } from './cart.service';
import { closeCartDraft } from './incomplete-checkout.service';

const EMPTY_CART = 'Your cart is empty.';

/**
 * `POST /_public/checkout/quote`: what the cart costs delivered to a place, with a coupon code —
 * all worked out on the server from today's prices. A code that does not apply is reported in
 * `coupon_error` and the quote is made without it.
 */
export async function checkoutQuote(ctx: Ctx, owner: CartOwner | null, customer: PersonView | null, body: unknown): Promise<CheckoutQuote> {
  const { db, now } = ctx;
  const input = checkoutQuoteInput.parse(body);
  const lines = (await readCart(ctx, owner ? await findCart(ctx, owner) : null)).filter(buyable);
  if (lines.length === 0) throw invalid('cart', EMPTY_CART);
  const subtotal = lines.reduce((sum, line) => sum + line.price.unitPrice * line.quantity, 0);
  const weightGrams = lines.reduce((sum, line) => sum + line.price.weightGrams * line.quantity, 0);
  const delivery = await deliveryQuote(db, { cityId: input.city_id, subCityId: input.sub_city_id, weightGrams });
  let coupon: CheckoutQuote['coupon'] = null;
  let couponError: string | null = null;
  if (input.coupon) {
    const checked = await checkCoupon(
      db,
      {
        code: input.coupon,
        subtotal,
        customerId: customer?.id ?? null,
        phone: customer?.phone ?? null,
        channel: 'website',
        // A guest's phone is not known yet: the checkout checks again with it.
        isFirstOrder: customer ? await isFirstOrder(db, customer.id, customer.phone) : true,
      },
      now,
    );
    if (checked.ok) coupon = { code: checked.code, discount: checked.discount };
    else couponError = checked.message;
  }
  const discount = coupon?.discount ?? 0;
  return {
    subtotal,
    delivery_charge: delivery.delivery_charge,
    discount,
    total: subtotal + delivery.delivery_charge - discount,
    coupon,
    coupon_error: couponError,
    payment_methods: await checkoutPaymentMethods(db),
    payment_rule: strictestPaymentRule(lines.map((line) => line.price.paymentRule)),
  };
}

/**
 * `POST /_public/checkout`: places the cart as a pending website order through placeOrder, in one
 * transaction that locks the cart, reserves the stock and empties the cart. Paid online (decision 062),
 * the order awaits its payment until now + the hold; the route answers its pay link. A guest's order goes
 * to the customer with that phone (made if new). Idempotent on `idempotency_key` within the
 * customer (signed in) or the guest's cart.
 */
export async function checkout(
  ctx: Ctx,
  owner: CartOwner | null,
  customer: PersonView | null,
  body: unknown,
  ip = '',
): Promise<PlacedOrder> {
  const { db } = ctx;
  const input = checkoutInput.parse(body);
  const cartId = owner ? await findCart(ctx, owner) : null;
  if (!cartId) throw invalid('cart', EMPTY_CART);
  const idempotency = { scope: customer ? `customer:${customer.id}` : `cart:${cartId}`, key: input.idempotency_key };

  // A repeated submit answers the order it made, whatever changed since (the cart is empty now).
  const existing = await findIdempotentOrder(db, idempotency);
  if (existing) return { order: await orderView(db, existing), created: false };

  // Before anything is made for the buyer (placeOrder checks again inside its transaction).
  await assertTakingOrders(db);
  // The method and purpose against what the shop offers; the products' rules are checked where the lines are priced.
  const payment = await checkoutPayment(db, ctx.now, input);
  const { empty, shortages } = await cartShortages(ctx, cartId);
  if (empty) throw invalid('cart', EMPTY_CART);
  const [firstShortage] = Object.values(shortages);
  if (firstShortage?.[0]) throw new HttpError(422, firstShortage[0], shortages);

  // The shop's fraud controls (decision 055) guard the placement; their caps are decided inside its transaction.
  const shopper = { channel: 'website' as const, phone: input.phone, ip, otpCode: input.otp_code, paymentMethod: payment.paymentMethod };
  const placed = await placePublicOrder(ctx, shopper, (hooks) =>
    placeOrder(
      ctx,
      {
        type: 'website',
        customer: {
          id: customer?.id ?? null,
          name: input.name,
          phone: input.phone,
          address: input.address,
          cityId: input.city_id,
          subCityId: input.sub_city_id,
        },
        lines: [],
        couponCode: input.coupon,
        couponChannel: 'website',
        paymentMethod: payment.paymentMethod,
        onlinePayment: payment.onlinePayment,
        paymentRules: payment.methods,
        note: input.note,
        source: 'website',
        publishedOnly: true,
        idempotency,
        linesField: 'cart',
      },
      joinPlaceContexts(hooks, {
        async prepare(tx) {
          const lines = await lockedCartLines(tx, cartId, ctx.now);
          return lines.map((line) => ({ ...line, field: `cart.${line.variantId}` }));
        },
        async placed(tx, order) {
          // The cart's draft kept for a call back is this order now (decision 056). A conversion by staff
          // locks the cart first too, so the two take turns: the second finds the cart empty or the draft converted.
          await closeCartDraft(tx, cartId, order.id, ctx.now);
          await removeOrderedLines(
            tx,
            cartId,
            order.lines.map((line) => line.variantId),
          );
        },
      }),
    ),
  );
  // A customer from Google or Facebook sign-in keeps the number of their first order.
  if (customer && !customer.phone) await rememberCustomerPhone(db, customer.id, input.phone);
  return placed;
}
