import type { FastifyInstance } from 'fastify';
import { placeShopOrder, shopInfo, shopProduct, shopProducts, shopQuote } from './shop.service';

type WithSlug = { Params: { slug: string } };
type WithProduct = { Params: { slug: string; product: string } };

/**
 * The public calls of a reseller's storefront at `/shop/{slug}`: the shop, its products at the
 * reseller's prices, the cart's quote and checkout. An unknown or suspended shop answers 404.
 */
export async function resellerShopRoutes(app: FastifyInstance) {
  app.get<WithSlug>('/_public/shop/:slug', (request) => shopInfo(app.db, request.params.slug));

  app.get<WithSlug>('/_public/shop/:slug/products', (request) =>
    shopProducts(app.db, request.params.slug, request.query as Record<string, unknown>),
  );

  app.get<WithProduct>('/_public/shop/:slug/product/:product', (request) =>
    shopProduct(app.db, request.params.slug, request.params.product),
  );

  app.post<WithSlug>('/_public/shop/:slug/cart/quote', (request) => shopQuote(app.db, request.params.slug, request.body));

  app.post<WithSlug>('/_public/shop/:slug/order', async (request, reply) => {
    const { placed, created } = await placeShopOrder(app.db, request.params.slug, request.body);
    return reply.code(created ? 201 : 200).send(placed);
  });
}
