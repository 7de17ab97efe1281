import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CheckoutRouteOptions } from '../../orders';
import { PublicCache, sendAnswer } from '../../storefront';
import { requireReseller } from '../portal/guard';
import { publicShopPage, saveShopCategories, shopCategoryChoices } from './settings.service';
import { shopCouponResource, shopPageResource, shopSliderResource } from './shop.resources';
import { activeShop, placeShopOrder, shopInfo, shopProduct, shopProducts, shopQuote } from './shop.service';

type WithSlug = { Params: { slug: string } };
type WithProduct = { Params: { slug: string; product: string } };
type WithPage = { Params: { slug: string; page: string } };

/**
 * The public calls of a reseller's storefront at `/shop/{slug}` (the shop, its products at the
 * reseller's prices, its pages, the cart's quote and checkout; an unknown or suspended shop answers
 * 404), and the reseller's own settings of it behind their session (`/api/reseller/shop/*`).
 */
export interface ResellerShopOptions extends CheckoutRouteOptions {
  /** The catalog epoch (decision 008); without it the shop's public answers are never reused. */
  catalogEpoch?: () => number | Promise<number>;
}

/** The query of a product list, in a fixed order, as part of a cache key. */
function queryKey(query: Record<string, unknown>): string {
  return Object.keys(query)
    .sort()
    .map((key) => `${key}=${String(query[key]).slice(0, 200)}`)
    .join('&');
}

export async function resellerShopRoutes(app: FastifyInstance, options: ResellerShopOptions) {
  // Cached whole like the main storefront's answers (decision 008): the reseller tables a shop
  // shows bump the same catalog epoch (migration 0021), so a change is seen on the next request.
  let uncached = 0;
  const cache = new PublicCache(options.catalogEpoch ?? (() => --uncached), 16 * 1024 * 1024);
  const cached = (request: FastifyRequest, reply: FastifyReply, key: string, compute: () => Promise<unknown>) =>
    cache.answer(key, async () => ({ value: await compute() })).then((answer) => sendAnswer(request, reply, answer));

  app.get<WithSlug>('/_public/shop/:slug', (request, reply) =>
    cached(request, reply, `shop:${request.params.slug}`, () => shopInfo(app.db, request.params.slug)),
  );

  app.get<WithSlug>('/_public/shop/:slug/products', (request, reply) => {
    const query = request.query as Record<string, unknown>;
    return cached(request, reply, `shop-products:${request.params.slug}?${queryKey(query)}`, () =>
      shopProducts(app.db, request.params.slug, query),
    );
  });

  app.get<WithProduct>('/_public/shop/:slug/product/:product', (request, reply) =>
    cached(request, reply, `shop-product:${request.params.slug}/${request.params.product}`, () =>
      shopProduct(app.db, request.params.slug, request.params.product),
    ),
  );

  app.get<WithPage>('/_public/shop/:slug/page/:page', (request, reply) =>
    cached(request, reply, `shop-page:${request.params.slug}/${request.params.page}`, async () => {
      const shop = await activeShop(app.db, request.params.slug);
      return publicShopPage(app.db, shop.id, request.params.page);
    }),
  );

  app.post<WithSlug>('/_public/shop/:slug/cart/quote', (request) => shopQuote(app.db, request.params.slug, request.body));

  app.post<WithSlug>('/_public/shop/:slug/order', async (request, reply) => {
    const { placed, created } = await placeShopOrder(app.db, request.params.slug, request.body, request.ip, options.payUrl);
    return reply.code(created ? 201 : 200).send(placed);
  });

  // ── The reseller's settings of their shop ───────────────────────────────
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get('/api/reseller/shop/categories', async (request, reply) => {
    const { account } = await requireReseller(request);
    noStore(reply);
    return shopCategoryChoices(app.db, account.id);
  });
  app.put('/api/reseller/shop/categories', async (request) => {
    const { account } = await requireReseller(request);
    return { ...(await saveShopCategories(app.db, account.id, request.body)), message: 'Your shop’s categories were saved.' };
  });

  // Pages, coupons and slides: declared resources scoped to the signed-in reseller.
  for (const resource of [shopPageResource, shopCouponResource, shopSliderResource]) resource.register(app);
}
