import { landingOrderInput } from '@haat/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context';
import { currentSession } from '../../http/auth';
import { invalid } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { customerAccounts } from '../customers';
import { publicLandingPage } from '../marketing';
import { productVariants } from '../products';
import { type PlacedOrder, placeOrder } from './order.service';

/**
 * A landing page's one-product order form: the order arrives as type `landing`, priced by the
 * server like every other channel, idempotent on the form's key.
 */
export async function placeLandingOrder(ctx: Ctx, slug: string, body: unknown, customerId: number | null): Promise<PlacedOrder> {
  const { db } = ctx;
  const input = landingOrderInput.parse(body);
  const page = await publicLandingPage(db, slug);
  const [variant] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.id, input.variant_id), eq(productVariants.productId, page.product.id)));
  if (!variant) throw invalid('variant_id', 'Choose one of the options on this page.');
  return placeOrder(ctx, {
    type: 'landing',
    customer: {
      id: customerId,
      name: input.name,
      phone: input.phone,
      address: input.address,
      cityId: input.city_id,
      subCityId: input.sub_city_id,
    },
    lines: [{ variantId: variant.id, quantity: input.quantity, field: 'quantity' }],
    paymentMethod: 'cod',
    note: input.note,
    source: `landing:${slug}`,
    publishedOnly: true,
    idempotency: { scope: `landing:${slug}`, key: input.idempotency_key },
  });
}

export async function landingOrderRoutes(app: FastifyInstance) {
  app.post<{ Params: { slug: string } }>('/_public/landing/:slug/order', async (request, reply) => {
    const customer = (await currentSession(request, customerAccounts))?.account ?? null;
    const placed = await placeLandingOrder(requestCtx(request), request.params.slug, request.body, customer?.id ?? null);
    return reply.status(placed.created ? 201 : 200).send({ order: placed.order });
  });
}
