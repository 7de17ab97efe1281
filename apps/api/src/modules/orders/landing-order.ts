import { type CheckoutQuote, landingOrderInput, landingQuoteInput } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context';
import { currentSession } from '../../http/auth';
import { invalid } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { sha256 } from '../../lib/tokens';
import { customerAccounts } from '../customers';
import { deliveryQuote } from '../locations';
import { publicLandingPage } from '../marketing';
import { isVariantOf } from '../products';
import { checkoutPaymentOptions } from '../settings';
import { awaitingPayUrl, type CheckoutRouteOptions, checkoutPayment } from './checkout-payment';
import { type PlacedOrder, placeOrder } from './order.service';
import { sellingPrices } from './pricing.service';
import { placePublicOrder } from './public-order-guard';

/**
 * A landing page's one-product order form: the order arrives as type `landing`, priced by the
 * server like every other channel, idempotent on the form's key — within what the key was sent
 * with. A landing visitor has no cart or account to tie the key to, so it is scoped to the page, the
 * signed-in customer if any, and a hash of the form's content: the same form sent twice answers its
 * order, while another visitor sending someone's key with their own details gets an order of their
 * own, never the first one's name, phone and address.
 */
export async function placeLandingOrder(ctx: Ctx, slug: string, body: unknown, customerId: number | null, ip = ''): Promise<PlacedOrder> {
  const { db } = ctx;
  const input = landingOrderInput.parse(body);
  const page = await publicLandingPage(db, slug);
  if (!(await isVariantOf(ctx, input.variant_id, page.product.id))) throw invalid('variant_id', 'Choose one of the options on this page.');
  // The method and purpose against what the shop offers (decision 062); the product's rule is checked where it is priced.
  const payment = await checkoutPayment(db, ctx.now, input);
  const shopper = { channel: 'landing' as const, phone: input.phone, ip, otpCode: input.otp_code, paymentMethod: payment.paymentMethod };
  return placePublicOrder(ctx, shopper, (hooks) =>
    placeOrder(
      ctx,
      {
        type: 'landing',
        customer: {
          id: customerId,
          name: input.name,
          phone: input.phone,
          address: input.address,
          cityId: input.city_id,
          subCityId: input.sub_city_id,
        },
        lines: [{ variantId: input.variant_id, quantity: input.quantity, field: 'quantity' }],
        paymentMethod: payment.paymentMethod,
        onlinePayment: payment.onlinePayment,
        paymentRules: payment.methods,
        note: input.note,
        source: `landing:${slug}`,
        publishedOnly: true,
        idempotency: { scope: landingScope(slug, input, customerId), key: input.idempotency_key },
      },
      hooks,
    ),
  );
}

/**
 * `POST /_public/landing/{slug}/quote`: what the page's order of `quantity` of one option costs delivered to a
 * place — priced as placeLandingOrder prices it (sellingPrices, the delivery charge by the parcel's weight) —
 * with the payment methods offered and the product's payment rule, in the checkout quote's shape.
 */
export async function landingQuote(ctx: Ctx, slug: string, body: unknown): Promise<CheckoutQuote> {
  const { db, now } = ctx;
  const input = landingQuoteInput.parse(body);
  const page = await publicLandingPage(db, slug, now);
  const price = page.product.variants.some((variant) => variant.id === input.variant_id)
    ? (await sellingPrices(db, [input.variant_id], { now })).get(input.variant_id)
    : undefined;
  if (!price) throw invalid('variant_id', 'Choose one of the options on this page.');
  const subtotal = price.unitPrice * input.quantity;
  const delivery = await deliveryQuote(db, {
    cityId: input.city_id,
    subCityId: input.sub_city_id,
    weightGrams: price.weightGrams * input.quantity,
  });
  return {
    subtotal,
    delivery_charge: delivery.delivery_charge,
    discount: 0,
    total: subtotal + delivery.delivery_charge,
    coupon: null,
    coupon_error: null,
    payment_methods: (await checkoutPaymentOptions(db)).methods,
    payment_rule: price.paymentRule,
  };
}

function landingScope(slug: string, input: ReturnType<typeof landingOrderInput.parse>, customerId: number | null): string {
  const { idempotency_key: _, otp_code: _code, ...content } = input;
  const sender = customerId === null ? 'guest' : `customer:${customerId}`;
  return `landing:${slug}:${sender}:${sha256(JSON.stringify(content))}`;
}

export async function landingOrderRoutes(app: FastifyInstance, { payUrl }: CheckoutRouteOptions) {
  app.post<{ Params: { slug: string } }>('/_public/landing/:slug/quote', (request) =>
    landingQuote(requestCtx(request), request.params.slug.slice(0, 140), request.body),
  );

  app.post<{ Params: { slug: string } }>('/_public/landing/:slug/order', async (request, reply) => {
    const customer = (await currentSession(request, customerAccounts))?.account ?? null;
    const placed = await placeLandingOrder(requestCtx(request), request.params.slug, request.body, customer?.id ?? null, request.ip);
    return reply.status(placed.created ? 201 : 200).send({ order: placed.order, pay_url: awaitingPayUrl(placed.order, payUrl) });
  });
}
