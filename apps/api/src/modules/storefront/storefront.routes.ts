import type {
  CartContent,
  CategoryAnswer,
  ListingAnswer,
  ProductAnswer,
  PublicLandingPage,
  ResellerShopInfo,
  ResellerShopListing,
  ResellerShopProductPage,
  SliderAnswer,
} from '@haat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { isOtherAreaPath, type MarketingTagsInUse } from '../../http/web';
import { readSetting, SETTING_GROUPS } from '../settings';
import { categoryTree, homeProducts, homeSliders, offerList, subCategories } from './catalogue.service';
import { CatalogueSnapshot, EpochMemo, type StorefrontContext } from './catalogue-snapshot';
import { FEED_KINDS, type FeedKind, gzippedProductFeed } from './feed.service';
import { FeedCache, sendFeed } from './feed-cache';
import {
  cartPaint,
  checkoutPaint,
  type FirstPaint,
  framePaint,
  homePaint,
  imageBaseLink,
  landingPaint,
  listingPaint,
  productPaint,
  requestedLanguage,
  type StoreFrame,
  shopFramePaint,
  shopProductPaint,
  shopProductsPaint,
  storeFrame,
  withFirstPaint,
} from './first-paint';
import { LISTING_PATH, productListing, searchSuggestions } from './listing.service';
import { productImageList, productPage, productReviewPage } from './product-page.service';
import { ProductViewCounter, seedPopularity } from './product-views';
import { type AnswerContext, type Computed, PublicCache, sendAnswer } from './public-cache';
import { type AreaPageHead, originOf, type PageHead, pageHead, robots, sitemap, sitemapPart, withHead } from './seo.service';

export interface StorefrontOptions {
  /** See Database.catalogEpoch; without it no answer is ever reused. */
  catalogEpoch?: () => number | Promise<number>;
  /** Heads of pages other modules draw, by the address's first part (`shop` → a reseller's shop). */
  areaHeads?: Record<string, AreaPageHead>;
}

type WithId = { Params: { id: string } };

/** A part of a page's address as the app's router reads it (decoded; left as it is when it is not valid). */
const decodePart = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};
type Query = Record<string, unknown>;

const XML = 'application/xml; charset=utf-8';
/** The slider answer's entry: the home page's first paint is drawn from the same one. */
const SLIDER_KEY = 'slider';
const CATEGORY_KEY = 'category';
const productKey = (reference: string) => `product:${reference}`;
/** A listing's entry: its query's parameters in any order (and unknown ones) share one. */
const listingKey = (query: Query) => `listing:${JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)))}`;
const TEXT = 'text/plain; charset=utf-8';

/**
 * The storefront's public catalogue (seed §7), its sitemap and robots.txt, and the heads of its
 * pages. Every answer is cached whole and reused while the catalog epoch is unchanged and its
 * prices cannot have changed by themselves; browsers revalidate with ETag.
 */
export function createStorefront({ catalogEpoch, areaHeads = {} }: StorefrontOptions = {}) {
  // Without an epoch source every read is a miss: a counter that never repeats.
  let uncached = 0;
  const cache = new PublicCache(catalogEpoch ?? (() => --uncached));
  const feeds = new FeedCache(catalogEpoch ?? (() => --uncached));
  let catalogue: EpochMemo<CatalogueSnapshot> | null = null;

  const context = (db: Db, answer: AnswerContext): StorefrontContext => {
    catalogue ??= new EpochMemo(() => CatalogueSnapshot.load(db));
    const memo = catalogue;
    return {
      db,
      now: answer.now,
      freshness: answer.freshness,
      catalogue: () => memo.get(answer.epoch),
      async shared<T>(key: string, compute: (ctx: StorefrontContext) => Promise<T>): Promise<T> {
        const part = await cache.answer(`part:${key}`, async (inner) => ({ value: await compute(context(db, inner)) }));
        answer.freshness.changesAt(part.expiresAt);
        return part.value as T;
      },
    };
  };

  /** A cached JSON answer under `key`, computed by `compute` on a miss. */
  const json = (request: FastifyRequest, key: string, compute: (ctx: StorefrontContext) => Promise<unknown>) =>
    cache.answer(key, async (answer): Promise<Computed> => ({ value: await compute(context(request.server.db, answer)) }));

  async function routes(app: FastifyInstance) {
    const views = new ProductViewCounter(app.db, (error) => app.log.error({ err: error }, 'product views were not saved'));
    app.addHook('onReady', async () => {
      await seedPopularity(app.db);
      await views.start();
    });
    app.addHook('onClose', async () => {
      await views.stop();
    });

    const send = (request: FastifyRequest, reply: FastifyReply) => (answer: Parameters<typeof sendAnswer>[2]) =>
      sendAnswer(request, reply, answer);

    app.get('/_public/category', (request, reply) => json(request, CATEGORY_KEY, categoryTree).then(send(request, reply)));

    app.get<WithId>('/_public/sub/category/:id', (request, reply) =>
      json(request, `sub-category:${request.params.id}`, (ctx) => subCategories(ctx, request.params.id)).then(send(request, reply)),
    );

    app.get('/_public/slider', (request, reply) => json(request, SLIDER_KEY, homeSliders).then(send(request, reply)));

    app.get('/_public/offers', (request, reply) => json(request, 'offers', offerList).then(send(request, reply)));

    app.get<WithId>('/_public/product/:id', async (request, reply) => {
      const answer = await json(request, productKey(request.params.id), (ctx) => productPage(ctx, request.params.id));
      if (answer.status === 200) views.record((answer.value as { product: { id: number } }).product.id);
      return sendAnswer(request, reply, answer);
    });

    app.get<WithId>('/_public/product/:id/reviews', async (request, reply) => {
      const { page } = request.query as Query;
      const key = `product-reviews:${request.params.id}:${typeof page === 'string' ? page.slice(0, 12) : ''}`;
      return sendAnswer(request, reply, await json(request, key, (ctx) => productReviewPage(ctx, request.params.id, request.query)));
    });

    app.get<WithId>('/_public/product/images/:id', (request, reply) =>
      json(request, `product-images:${request.params.id}`, (ctx) => productImageList(ctx, request.params.id)).then(send(request, reply)),
    );

    // The seed calls it with the trailing slash; both answer.
    for (const path of ['/_public/products/', '/_public/products']) {
      app.get(path, (request, reply) => json(request, 'home-products', homeProducts).then(send(request, reply)));
    }

    app.get(LISTING_PATH, async (request, reply) => {
      const query = request.query as Query;
      return sendAnswer(request, reply, await json(request, listingKey(query), (ctx) => productListing(ctx, query)));
    });

    app.get('/_public/search/suggest', async (request, reply) => {
      const query = request.query as Query;
      const q = typeof query.q === 'string' ? query.q.trim().toLowerCase().slice(0, 100) : '';
      return sendAnswer(request, reply, await json(request, `suggest:${q}`, (ctx) => searchSuggestions(ctx, { q })));
    });

    app.get('/sitemap.xml', async (request, reply) => {
      const origin = originOf(request);
      const answer = await cache.answer(`sitemap:${origin}`, async (state) => {
        const body = await sitemap(context(request.server.db, state), origin);
        return { value: null, body, type: XML };
      });
      return sendAnswer(request, reply, answer);
    });

    app.get<{ Params: { part: string } }>('/sitemap/:part', async (request, reply) => {
      const origin = originOf(request);
      const name = request.params.part.replace(/\.xml$/, '');
      const answer = await cache.answer(`sitemap:${origin}:${name}`, async (state) => {
        const body = await sitemapPart(context(request.server.db, state), origin, name);
        return { value: null, body, type: XML };
      });
      return sendAnswer(request, reply, answer);
    });

    // The product catalogue feeds for Meta and Google (decision 060), while the marketing settings have them on.
    app.get<{ Params: { kind: string } }>('/feed/:kind', async (request, reply) => {
      const kind = request.params.kind.replace(/\.xml$/, '') as FeedKind;
      const marketing = await readSetting(request.server.db, SETTING_GROUPS.marketing);
      if (!FEED_KINDS.includes(kind) || !request.params.kind.endsWith('.xml') || !marketing.feeds_enabled) {
        return reply.status(404).send({ message: 'This feed was not found.' });
      }
      const origin = originOf(request);
      const feed = await feeds.get(`${kind}:${origin}`, (state) => gzippedProductFeed(context(request.server.db, state), origin, kind));
      return sendFeed(request, reply, feed);
    });

    app.get('/robots.txt', async (request, reply) => {
      const origin = originOf(request);
      const answer = await cache.answer(`robots:${origin}`, async () => ({ value: null, body: robots(origin), type: TEXT }));
      return sendAnswer(request, reply, answer);
    });
  }

  /**
   * A public answer another module serves (a reseller shop's, the browser's cart with its cookies), asked for
   * inside the process, as the app asks for it.
   */
  async function publicAnswer<T>(request: FastifyRequest, url: string, cookie?: string): Promise<T | null> {
    const headers: Record<string, string> = { accept: 'application/json', ...(cookie ? { cookie } : {}) };
    const answer = await request.server.inject({ method: 'GET', url, headers });
    return answer.statusCode === 200 ? (answer.json() as T) : null;
  }

  /**
   * The drawing of the page's top for the HTML (first-paint.ts), from the same cached answers the app asks for:
   * the header on every storefront page; the first slide, a category's first products, a product's picture and a
   * reseller shop's products or product where the address names them. A listing asked for with filters or a sort
   * gets the header only: the app's first page would not be the one drawn.
   */
  async function firstPaint(request: FastifyRequest, path: string, shownPath: string): Promise<FirstPaint | null> {
    const db = request.server.db;
    const base = imageBaseLink(request.hostname ?? '');
    const language = requestedLanguage(request.headers.cookie, request.headers['accept-language']);
    const frameAnswer = await cache.answer(`page-frame:${base}:${language ?? 'default'}`, async () => ({
      value: await storeFrame(db, base, language),
    }));
    const frame = frameAnswer.value as StoreFrame;
    const parts = path.split('/').filter(Boolean).map(decodePart);
    const plain = !request.url.includes('?');
    const [area, first, ...rest] = parts;

    if (area === 'shop' && first) {
      const shopUrl = `/_public/shop/${encodeURIComponent(first)}`;
      const shop = await publicAnswer<ResellerShopInfo>(request, shopUrl);
      if (!shop) return null;
      const [kind, name, ...more] = rest;
      if (kind === 'product' && name && more.length === 0) {
        const product = await publicAnswer<ResellerShopProductPage>(request, `${shopUrl}/product/${encodeURIComponent(name)}`);
        if (product) return shopProductPaint(frame, shownPath, shop, product);
      } else if (plain && (!kind || (kind === 'category' && name && more.length === 0))) {
        const query = new URLSearchParams({ page: '1' });
        if (name) query.set('category_id', name);
        const listing = await publicAnswer<ResellerShopListing>(request, `${shopUrl}/products?${query}`);
        if (listing) return shopProductsPaint(frame, shownPath, shop, listing, name);
      }
      return shopFramePaint(frame, shownPath, shop);
    }
    if (frame.closed) return framePaint(frame, shownPath);
    if (parts.length === 0) {
      const [slider, catalogue] = await Promise.all([json(request, SLIDER_KEY, homeSliders), json(request, CATEGORY_KEY, categoryTree)]);
      return homePaint(
        frame,
        shownPath,
        slider.status === 200 ? (slider.value as SliderAnswer) : null,
        catalogue.status === 200 ? (catalogue.value as CategoryAnswer) : null,
      );
    }
    if (area === 'category' && first && rest.length <= 2 && plain) {
      // As the app asks for the listing's first page (pages/Listing.tsx, listingSearch).
      const query: Query = {
        category: first,
        ...(rest[0] ? { subcategory: rest[0] } : {}),
        ...(rest[1] ? { sub_subcategory: rest[1] } : {}),
        page: '1',
      };
      const [listing, catalogue] = await Promise.all([
        json(request, listingKey(query), (ctx) => productListing(ctx, query)),
        json(request, CATEGORY_KEY, categoryTree),
      ]);
      if (listing.status === 200) {
        const tree = catalogue.status === 200 ? (catalogue.value as CategoryAnswer) : null;
        return listingPaint(frame, shownPath, listing.value as ListingAnswer, tree, [first, ...rest]);
      }
    }
    if (area === 'cart' && !first) {
      const cart = await publicAnswer<CartContent>(request, '/_public/cartToContent', request.headers.cookie);
      if (cart) return cartPaint(frame, shownPath, cart);
    }
    if (area === 'checkout' && !first) {
      // A customer's session cookie: the app shows no offer to sign in (a stale one only costs the drawing's line).
      return checkoutPaint(frame, shownPath, Boolean(request.cookies.haat_user));
    }
    if (area === 'landing' && first && rest.length === 0) {
      const landing = await publicAnswer<PublicLandingPage>(request, `/_public/landing/${encodeURIComponent(first)}`);
      if (landing) return landingPaint(frame, shownPath, landing);
    }
    if (area === 'product' && first && rest.length === 0) {
      const product = await json(request, productKey(first), (ctx) => productPage(ctx, first));
      if (product.status === 200) return productPaint(frame, shownPath, product.value as ProductAnswer);
    }
    return framePaint(frame, shownPath);
  }

  /**
   * The built page with the head of its address (title, description, canonical address, sharing
   * tags) and the drawing of its top filled in, for web.ts to send.
   */
  async function pageHtml(request: FastifyRequest, path: string, html: string): Promise<string> {
    const origin = originOf(request);
    // On a reseller's own host name the page is their shop's: the app is told where its pages live.
    let page = request.customHostShop
      ? html.replace('<head>', `<head>\n    <meta name="haat-shop-base" content="${request.customHostShop.replace(/[^a-z0-9/_-]/gi, '')}">`)
      : html;
    try {
      const answer = await cache.answer(`head:${origin}${path}`, async (state) => ({
        value: await pageHead(context(request.server.db, state), path, origin, areaHeads),
      }));
      const head = answer.value as PageHead | null;
      if (head) page = withHead(page, head);
    } catch (error) {
      // The page still works without its head filled in: its script loads what it shows.
      request.log.error({ err: error }, 'the page head could not be made');
    }
    // The back office and the portals are drawn by their app alone.
    if (isOtherAreaPath(path)) return page;
    try {
      // On a reseller's own host name the browser shows the shop's addresses without `/shop/{slug}`.
      const hostBase = request.customHostShop;
      const shownPath = hostBase && path.startsWith(hostBase) ? path.slice(hostBase.length) || '/' : path;
      const paint = await firstPaint(request, path, shownPath);
      return paint ? withFirstPaint(page, paint) : page;
    } catch (error) {
      // Without it the app draws the page as usual.
      request.log.error({ err: error }, 'the first paint of the page could not be made');
      return page;
    }
  }

  /** Which marketing tags the storefront's pages load (Settings → marketing): their hosts go in the pages' policy. */
  async function marketingTags(request: FastifyRequest): Promise<MarketingTagsInUse> {
    const answer = await cache.answer('marketing-tags', async () => {
      const marketing = await readSetting(request.server.db, SETTING_GROUPS.marketing);
      return {
        value: {
          google_tag: Boolean(marketing.google_tag_id || marketing.gtm_container_id),
          facebook_pixel: Boolean(marketing.facebook_pixel_id),
        },
      };
    });
    return answer.value as MarketingTagsInUse;
  }

  return { routes, pageHtml, marketingTags, cache };
}
