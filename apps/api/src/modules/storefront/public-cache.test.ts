import type { ProductAnswer } from '@haat/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { createProduct, productBody } from '../products/catalogue.fixture';
import { products, productViews } from '../products/product.table';
import { ProductViewCounter } from './product-views';
import { etagMatches, Freshness, MAX_AGE_MS, PublicCache } from './public-cache';
import { makeShop, msFromNow, productUpdate, type Shop } from './storefront.fixture';
import { productPopularity } from './storefront.table';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the answer cache', () => {
  it('reuses an answer while the epoch is unchanged and its freshness lasts', async () => {
    let epoch = 1;
    let now = 1_000_000;
    const cache = new PublicCache(
      () => epoch,
      1024 * 1024,
      () => now,
    );
    let computed = 0;
    const compute = async ({ freshness }: { freshness: Freshness }) => {
      computed++;
      freshness.changesAt(now + 5_000);
      return { value: { n: computed } };
    };
    const first = await cache.answer('a', compute);
    expect(first).toMatchObject({ status: 200, type: 'application/json; charset=utf-8', expiresAt: now + 5_000 });
    expect(first.body.toString()).toBe('{"n":1}');
    expect((await cache.answer('a', compute)).body.toString()).toBe('{"n":1}');
    epoch = 2;
    expect((await cache.answer('a', compute)).body.toString()).toBe('{"n":2}');
    now += 5_000;
    expect((await cache.answer('a', compute)).body.toString()).toBe('{"n":3}');
    expect(computed).toBe(3);
  });

  it('computes a key once for concurrent misses, and keeps "not found" until the epoch moves', async () => {
    let epoch = 1;
    const cache = new PublicCache(() => epoch);
    let computed = 0;
    const slow = async () => {
      computed++;
      await sleep(20);
      throw new HttpError(404, 'Gone.');
    };
    const answers = await Promise.all([cache.answer('x', slow), cache.answer('x', slow), cache.answer('x', slow)]);
    expect(computed).toBe(1);
    expect(answers.map((answer) => [answer.status, answer.body.toString()])).toEqual(Array(3).fill([404, '{"message":"Gone."}']));
    await cache.answer('x', slow);
    expect(computed).toBe(1);
    epoch = 2;
    await cache.answer('x', slow);
    expect(computed).toBe(2);
    await expect(cache.answer('y', async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
  });

  it('never answers from an epoch read that began before the call (PostgreSQL)', async () => {
    let value = 1;
    let reads = 0;
    const cache = new PublicCache(async () => {
      reads++;
      const seen = value;
      await sleep(15);
      return seen;
    });
    const first = cache.epoch();
    await sleep(5);
    // The change lands while the first read is under way: a caller after it must see it.
    value = 2;
    const second = cache.epoch();
    const third = cache.epoch();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    // The two later callers shared one read.
    expect(reads).toBe(2);
  });

  it('keeps within its size, dropping the oldest answers first', async () => {
    const cache = new PublicCache(() => 1, 100);
    const big = async () => ({ value: null, body: 'x'.repeat(10) });
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9']) await cache.answer(key, big);
    expect(cache.size).toBeLessThanOrEqual(8);
    let again = 0;
    await cache.answer('k1', async () => {
      again++;
      return { value: null, body: 'y' };
    });
    expect(again).toBe(1);
  });

  it('bounds freshness by the next change and by the longest age', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const freshness = new Freshness(now);
    expect(freshness.until).toBe(now.getTime() + MAX_AGE_MS);
    freshness.changesAt(null);
    freshness.changesAt(new Date(now.getTime() - 1000));
    freshness.changesAt(new Date(now.getTime() + 120_000).toISOString());
    expect(freshness.until).toBe(now.getTime() + MAX_AGE_MS);
    freshness.changesAt(now.getTime() + 2_000);
    expect(freshness.until).toBe(now.getTime() + 2_000);
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});

describe('public answers over HTTP', () => {
  let t: TestApp;
  let admin: TestBrowser;
  let visitor: TestBrowser;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.browser();
    await admin.loginAdmin();
    visitor = await t.browser();
    shop = await makeShop(admin);
  });
  afterAll(() => t.close());

  const product = async (id: number | string) => {
    const response = await visitor.get(`/_public/product/${id}`);
    return { response, answer: response.statusCode === 200 ? (response.json() as ProductAnswer) : null };
  };

  it('sends an ETag and revalidation headers, and 304 to a browser holding the answer', async () => {
    const url = `/_public/product/${shop.kurti.id}`;
    const first = await visitor.get(url);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await visitor.get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await visitor.get(url, { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    expect((await visitor.get(url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    for (const path of [
      '/_public/category',
      '/_public/slider',
      '/_public/offers',
      '/_public/products/',
      '/_public/sub/sub/category/product',
    ]) {
      const response = await visitor.get(path);
      expect((await visitor.get(path, { 'if-none-match': String(response.headers.etag) })).statusCode, path).toBe(304);
    }
  });

  it('reuses a whole answer while nothing it read has changed', async () => {
    const before = await product(shop.shirt.id);
    expect(before.answer?.product.retail_price).toBe(80000);
    // Behind the triggers' back (replication role): the cache cannot know, so it answers as before.
    const silently = (price: number) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.update(products).set({ retailPrice: price }).where(eq(products.id, shop.shirt.id));
      });
    await silently(1);
    const cached = await product(shop.shirt.id);
    expect(cached.answer?.product.retail_price).toBe(80000);
    expect(cached.response.headers.etag).toBe(before.response.headers.etag);
    await silently(80000);
  });

  it('shows a price changed through the admin API in the very next answer', async () => {
    const before = await product(shop.kurti.id);
    expect(before.answer?.product.price).toBe(125050);
    const etag = String(before.response.headers.etag);
    const saved = await admin.put(`/api/admin/products/${shop.kurti.id}`, productUpdate(shop.kurti, { retail_price: 119000 }));
    expect(saved.statusCode, saved.body).toBe(200);
    shop.kurti = saved.json().data;
    const after = await product(shop.kurti.id);
    expect(after.answer?.product.price).toBe(119000);
    expect(after.answer?.product.variants.map((variant) => variant.price)).toEqual([119000, 119000]);
    expect((await visitor.get(`/_public/product/${shop.kurti.id}`, { 'if-none-match': etag })).statusCode).toBe(200);
    const listed = (await visitor.get('/_public/sub/sub/category/product?category=women')).json();
    expect(listed.data.find((card: { id: number }) => card.id === shop.kurti.id).price).toBe(119000);
  });

  it('hides a product the moment it is unpublished, and shows it again when published', async () => {
    expect((await product(shop.shirt.slug)).response.statusCode).toBe(200);
    const home = (await visitor.get('/_public/products/')).json();
    expect(JSON.stringify(home)).toContain(shop.shirt.slug);
    await admin.post('/api/admin/products/bulk', { action: 'unpublish', ids: [shop.shirt.id] });
    expect((await product(shop.shirt.slug)).response.statusCode).toBe(404);
    expect(JSON.stringify((await visitor.get('/_public/products/')).json())).not.toContain(shop.shirt.slug);
    expect((await visitor.get('/_public/sub/sub/category/product?category=men')).json().total).toBe(0);
    await admin.post('/api/admin/products/bulk', { action: 'publish', ids: [shop.shirt.id] });
    expect((await product(shop.shirt.slug)).response.statusCode).toBe(200);
  });

  it('moves the catalog epoch once per change, and not for page views', async () => {
    const epoch = async () => Number(await t.database.catalogEpoch());
    const start = await epoch();
    // A product save writes several tables in one transaction: one step.
    await admin.put(`/api/admin/products/${shop.kurti.id}`, productUpdate(shop.kurti, { name: 'Plain Cotton Kurti (new)' }));
    expect(await epoch()).toBe(start + 1);
    await admin.put('/api/admin/settings/services', { service_1_title: 'Pay on delivery' });
    expect(await epoch()).toBe(start + 2);
    const counter = new ProductViewCounter(t.database.db);
    await counter.start(60_000);
    counter.record(shop.kurti.id);
    counter.record(shop.kurti.id);
    counter.record(shop.cotton.id);
    await counter.stop();
    expect(await epoch()).toBe(start + 2);
    const [popularity] = await t.database.db.select().from(productPopularity).where(eq(productPopularity.productId, shop.kurti.id));
    expect(popularity?.views).toBeGreaterThanOrEqual(2);
    const daily = await t.database.db.select().from(productViews).where(eq(productViews.productId, shop.kurti.id));
    expect(daily.reduce((sum, row) => sum + row.views, 0)).toBe(popularity?.views);
  });

  it('ends a discount at its end time without any write: the cached answer expires then', async () => {
    const ending = await createProduct(
      admin,
      productBody(shop.catalogue, {
        name: 'Flash Sale Kurti',
        sku: 'SF-FLASH',
        retail_price: 100000,
        wholesale_price: 50000,
        discount_price: 80000,
        discount_ends_at: msFromNow(1500),
      }),
    );
    const during = await product(ending.id);
    expect(during.answer?.product).toMatchObject({ price: 80000, discount_price: 80000, discount_source: 'discount' });
    const card = (await visitor.get(`/_public/sub/sub/category/product?q=flash`)).json().data[0];
    expect(card.price).toBe(80000);
    const epoch = await t.database.catalogEpoch();
    await sleep(Math.max(0, Date.parse(String(during.answer?.product.discount_ends_at)) - Date.now()) + 50);
    const after = await product(ending.id);
    expect(await t.database.catalogEpoch()).toBe(epoch);
    expect(after.answer?.product).toMatchObject({ price: 100000, discount_price: null, discount_ends_at: null, discount_source: 'retail' });
    expect((await visitor.get(`/_public/sub/sub/category/product?q=flash`)).json().data[0].price).toBe(100000);
  });

  it('starts an offer at its start time without any write', async () => {
    const offer = await admin.post('/api/admin/offers', {
      name: 'Starts soon',
      percent_off: 25,
      product_ids: [shop.cotton.id],
      starts_at: msFromNow(1500),
      ends_at: msFromNow(60_000),
    });
    expect(offer.statusCode, offer.body).toBe(201);
    // Until then its own discount (30,000 off the retail 150,000) is the best.
    const before = await product(shop.cotton.id);
    expect(before.answer?.product).toMatchObject({ price: 120000, discount_source: 'discount' });
    expect(before.answer?.product.variants[0]?.price).toBe(130000);
    const epoch = await t.database.catalogEpoch();
    await sleep(Math.max(0, Date.parse(offer.json().data.starts_at) - Date.now()) + 50);
    // Then 25% off takes more: 112,500, and 120,000 for the variant with its own price of 160,000.
    const after = await product(shop.cotton.id);
    expect(await t.database.catalogEpoch()).toBe(epoch);
    expect(after.answer?.product).toMatchObject({ price: 112500, discount_source: 'offer', discount_percent: 25 });
    expect(after.answer?.product.variants[0]?.price).toBe(120000);
    const offers = (await visitor.get('/_public/offers')).json().offers;
    expect(offers.map((each: { name: string }) => each.name)).toContain('Starts soon');
  });

  it('counts product page views in memory and writes them when the app closes', async () => {
    await visitor.get(`/_public/product/${shop.shirt.id}`);
    await visitor.get(`/_public/product/${shop.shirt.slug}`);
    await visitor.get(`/_public/product/${shop.draft.id}`);
    const before = await t.database.db.select().from(productPopularity).where(eq(productPopularity.productId, shop.shirt.id));
    await t.app.close();
    const after = await t.database.db.select().from(productPopularity).where(eq(productPopularity.productId, shop.shirt.id));
    expect((after[0]?.views ?? 0) - (before[0]?.views ?? 0)).toBeGreaterThanOrEqual(2);
    const draft = await t.database.db.select().from(productPopularity).where(eq(productPopularity.productId, shop.draft.id));
    expect(draft).toEqual([]);
  });
});
