import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathId } from '../../../http/errors';
import { PublicCache, sendAnswer } from '../../storefront';
import { requireReseller } from '../portal/guard';
import { createShopCoupon, shopCoupon, shopCoupons, updateShopCoupon } from './coupon.service';
import {
  createShopPage,
  publicShopPage,
  saveShopCategories,
  shopCategoryChoices,
  shopPage,
  shopPages,
  updateShopPage,
} from './settings.service';
import { activeShop, placeShopOrder, shopInfo, shopProduct, shopProducts, shopQuote } from './shop.service';
import { createShopSlider, shopSlider, shopSliders, updateShopSlider } from './slider.service';

type WithSlug = { Params: { slug: string } };
type WithProduct = { Params: { slug: string; product: string } };
type WithPage = { Params: { slug: string; page: string } };
type WithId = { Params: { id: string } };

/**
 * The public calls of a reseller's storefront at `/shop/{slug}` (the shop, its products at the
 * reseller's prices, its pages, the cart's quote and checkout; an unknown or suspended shop answers
 * 404), and the reseller's own settings of it behind their session (`/api/reseller/shop/*`).
 */
export interface ResellerShopOptions {
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

export async function resellerShopRoutes(app: FastifyInstance, options: ResellerShopOptions = {}) {
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
    const { placed, created } = await placeShopOrder(app.db, request.params.slug, request.body);
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

  app.get('/api/reseller/shop/pages', async (request, reply) => {
    const { account } = await requireReseller(request);
    noStore(reply);
    return shopPages(app.db, account.id);
  });
  app.post('/api/reseller/shop/pages', async (request, reply) => {
    const { account } = await requireReseller(request);
    const data = await createShopPage(app.db, account.id, request.body);
    return reply.code(201).send({ data, message: 'The page was added.' });
  });
  app.get<WithId>('/api/reseller/shop/pages/:id', async (request, reply) => {
    const { account } = await requireReseller(request);
    noStore(reply);
    return { data: await shopPage(app.db, account.id, pathId(request.params.id, 'This page')) };
  });
  app.put<WithId>('/api/reseller/shop/pages/:id', async (request) => {
    const { account } = await requireReseller(request);
    const data = await updateShopPage(app.db, account.id, pathId(request.params.id, 'This page'), request.body);
    return { data, message: 'The page was saved.' };
  });

  app.get('/api/reseller/shop/coupons', async (request, reply) => {
    const { account } = await requireReseller(request);
    noStore(reply);
    return shopCoupons(app.db, account.id);
  });
  app.post('/api/reseller/shop/coupons', async (request, reply) => {
    const { account } = await requireReseller(request);
    const data = await createShopCoupon(app.db, account.id, request.body);
    return reply.code(201).send({ data, message: 'The coupon was added.' });
  });
  app.get<WithId>('/api/reseller/shop/coupons/:id', async (request, reply) => {
    const { account } = await requireReseller(request);
    noStore(reply);
    return { data: await shopCoupon(app.db, account.id, pathId(request.params.id, 'This coupon')) };
  });
  app.put<WithId>('/api/reseller/shop/coupons/:id', async (request) => {
    const { account } = await requireReseller(request);
    const data = await updateShopCoupon(app.db, account.id, pathId(request.params.id, 'This coupon'), request.body);
    return { data, message: 'The coupon was saved.' };
  });

  app.get('/api/reseller/shop/sliders', async (request, reply) => {
    const { account } = await requireReseller(request);
    noStore(reply);
    return shopSliders(app.db, account.id);
  });
  app.post('/api/reseller/shop/sliders', async (request, reply) => {
    const { account } = await requireReseller(request);
    const data = await createShopSlider(app.db, account.id, request.body);
    return reply.code(201).send({ data, message: 'The slide was added.' });
  });
  app.get<WithId>('/api/reseller/shop/sliders/:id', async (request, reply) => {
    const { account } = await requireReseller(request);
    noStore(reply);
    return { data: await shopSlider(app.db, account.id, pathId(request.params.id, 'This slide')) };
  });
  app.put<WithId>('/api/reseller/shop/sliders/:id', async (request) => {
    const { account } = await requireReseller(request);
    const data = await updateShopSlider(app.db, account.id, pathId(request.params.id, 'This slide'), request.body);
    return { data, message: 'The slide was saved.' };
  });
}
