import { landingOrderInput } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context';
import { currentSession } from '../../http/auth';
import { invalid } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { sha256 } from '../../lib/tokens';
import { customerAccounts } from '../customers';
import { publicLandingPage } from '../marketing';
import { isVariantOf } from '../products';
import { awaitingPayUrl, type CheckoutRouteOptions, checkoutPayment } from './checkout-payment';
import { type PlacedOrder, placeOrder } from './order.service';
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

function landingScope(slug: string, input: ReturnType<typeof landingOrderInput.parse>, customerId: number | null): string {
  const { idempotency_key: _, otp_code: _code, ...content } = input;
  const sender = customerId === null ? 'guest' : `customer:${customerId}`;
  return `landing:${slug}:${sender}:${sha256(JSON.stringify(content))}`;
}

export async function landingOrderRoutes(app: FastifyInstance, { payUrl }: CheckoutRouteOptions) {
  app.post<{ Params: { slug: string } }>('/_public/landing/:slug/order', async (request, reply) => {
    const customer = (await currentSession(request, customerAccounts))?.account ?? null;
    const placed = await placeLandingOrder(requestCtx(request), request.params.slug, request.body, customer?.id ?? null, request.ip);
    return reply.status(placed.created ? 201 : 200).send({ order: placed.order, pay_url: awaitingPayUrl(placed.order, payUrl) });
  });
}
