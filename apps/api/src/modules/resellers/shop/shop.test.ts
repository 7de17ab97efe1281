import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { hashPassword } from '../../../lib/password';
import { freshPhone, openShop, type Shop, stockedProduct } from '../../orders/order.fixture';
import { orderLines, orders } from '../../orders/order.table';
import { products } from '../../products/product.table';
import { resellerDeliveryCharges, resellerProductPrices, resellerProfiles } from '../portal/portal.table';
import { resellers } from '../reseller.table';

let shop: Shop;
let db: Db;
let count = 0;

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
});
afterAll(() => shop.t.close());

async function newReseller(status: 'active' | 'pending' | 'suspended' = 'active') {
  count += 1;
  const [row] = await db
    .insert(resellers)
    .values({
      name: `Shop Owner ${count}`,
      phone: `0182${3_000_000 + count}`,
      passwordHash: await hashPassword('reseller-password-1'),
      status,
      shopName: `Corner Shop ${count}`,
      slug: `corner-shop-${count}`,
      referralCode: `CORNER${count}`,
    })
    .returning({ id: resellers.id, slug: resellers.slug, phone: resellers.phone });
  return row as { id: number; slug: string; phone: string };
}

async function signedIn(phone: string) {
  const browser = await shop.t.browser();
  const response = await browser.post('/api/reseller/login', { login: phone, password: 'reseller-password-1' });
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

const setPrice = (resellerId: number, productId: number, price: number) =>
  db.insert(resellerProductPrices).values({ resellerId, productId, price, description: 'Hand-picked for you' });

function orderBody(variantId: number, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Nusrat Jahan',
    phone: freshPhone(),
    address: 'House 12, Road 5, Dhanmondi',
    ...shop.dhaka,
    lines: [{ variant_id: variantId, quantity: 2 }],
    idempotency_key: randomUUID(),
    ...overrides,
  };
}

describe("a reseller's shop", () => {
  it("answers the shop's name and colours, and 404 for an unknown, pending or suspended shop", async () => {
    const reseller = await newReseller();
    await db.insert(resellerProfiles).values({ resellerId: reseller.id, primaryColor: '#0b7285' });
    const visitor = await shop.t.browser();
    const info = await visitor.get(`/_public/shop/${reseller.slug}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ slug: reseller.slug, name: `Corner Shop ${count}`, colors: { primary: '#0b7285' } });

    for (const slug of ['no-such-shop', (await newReseller('suspended')).slug, (await newReseller('pending')).slug]) {
      const missing = await visitor.get(`/_public/shop/${slug}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toMatch(/shop/i);
      expect((await visitor.get(`/_public/shop/${slug}/products`)).statusCode).toBe(404);
      const order = await visitor.post(`/_public/shop/${slug}/order`, orderBody(1));
      expect(order.statusCode).toBe(404);
    }
  });

  it("lists and shows products at the reseller's price, else the retail price, never below wholesale", async () => {
    const reseller = await newReseller();
    const own = await stockedProduct(shop, 10);
    const retail = await stockedProduct(shop, 10);
    const below = await stockedProduct(shop, 10);
    await setPrice(reseller.id, own.productId, 125000);
    // Set before the wholesale price went up, say: the shop never sells under wholesale (৳700).
    await setPrice(reseller.id, below.productId, 60000);
    const visitor = await shop.t.browser();
    const listing = await visitor.get(`/_public/shop/${reseller.slug}/products?q=Order Test Product`);
    expect(listing.statusCode, listing.body).toBe(200);
    const prices = new Map(listing.json().data.map((card: { id: number; price: number }) => [card.id, card.price]));
    expect(prices.get(own.productId)).toBe(125000);
    expect(prices.get(retail.productId)).toBe(100000);
    expect(prices.get(below.productId)).toBe(70000);

    const listed = listing.json().data.find((card: { id: number }) => card.id === own.productId);
    const page = await visitor.get(`/_public/shop/${reseller.slug}/product/${listed.slug}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      price: 125000,
      // The reseller's own plain-text description, as a paragraph of HTML.
      description: '<p>Hand-picked for you</p>',
      variants: [{ id: own.variantId, price: 125000, values: [] }],
      attributes: [],
    });

    // Another shop sells the same product at the retail price.
    const other = await newReseller();
    const elsewhere = await visitor.get(`/_public/shop/${other.slug}/product/${listed.slug}`);
    expect(elsewhere.json().price).toBe(100000);
  });

  it("places a pending reseller order of that reseller at the server's prices, with the reseller's delivery charge", async () => {
    const reseller = await newReseller();
    const product = await stockedProduct(shop, 10);
    await setPrice(reseller.id, product.productId, 110000);
    await db.insert(resellerDeliveryCharges).values({ resellerId: reseller.id, cityId: shop.dhaka.city_id, charge: 5000 });
    const visitor = await shop.t.browser();

    const quote = await visitor.post(`/_public/shop/${reseller.slug}/cart/quote`, {
      lines: [{ variant_id: product.variantId, quantity: 2 }],
      ...shop.dhaka,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ subtotal: 220000, delivery_charge: 5000, total: 225000 });

    // A price sent by the browser is not read.
    const body = orderBody(product.variantId, { lines: [{ variant_id: product.variantId, quantity: 2, unit_price: 100, price: 100 }] });
    const placed = await visitor.post(`/_public/shop/${reseller.slug}/order`, body);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().total).toBe(225000);
    const [order] = await db.select().from(orders).where(eq(orders.number, placed.json().number));
    expect(order).toMatchObject({
      type: 'reseller',
      resellerId: reseller.id,
      status: 1,
      subtotal: 220000,
      deliveryCharge: 5000,
      total: 225000,
    });
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order?.id as number));
    expect(lines).toMatchObject([{ variantId: product.variantId, quantity: 2, unitPrice: 110000, wholesalePrice: 70000 }]);

    // The same checkout sent again makes no second order.
    const again = await visitor.post(`/_public/shop/${reseller.slug}/order`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().number).toBe(placed.json().number);

    // In the reseller's own order list.
    const owner = await shop.t.browser();
    expect(
      (await owner.post('/api/reseller/login', { login: `0182${3_000_000 + count}`, password: 'reseller-password-1' })).statusCode,
    ).toBe(200);
    const mine = await owner.get('/api/reseller/orders/status/1');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(JSON.stringify(mine.json())).toContain(placed.json().number);

    // Without a charge of the reseller for Sylhet, the shop's own (৳130) applies.
    const sylhet = await visitor.post(`/_public/shop/${reseller.slug}/order`, orderBody(product.variantId, { ...shop.sylhet }));
    expect(sylhet.statusCode, sylhet.body).toBe(201);
    const [far] = await db.select().from(orders).where(eq(orders.number, sylhet.json().number));
    expect(far?.deliveryCharge).toBe(13000);
  });

  it('refuses bad checkout input on its field', async () => {
    const reseller = await newReseller();
    const visitor = await shop.t.browser();
    const empty = await visitor.post(`/_public/shop/${reseller.slug}/order`, orderBody(1, { lines: [], phone: '123' }));
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(expect.arrayContaining(['lines', 'phone']));
  });
});

describe("the reseller's storefront settings", () => {
  it('shows only the categories the reseller chose, in the menu, the lists and product pages', async () => {
    const reseller = await newReseller();
    const owner = await signedIn(reseller.phone);
    const women = await stockedProduct(shop, 5);
    const men = await stockedProduct(shop, 5, { category_id: shop.catalogue.men, subcategory_id: shop.catalogue.shirts });
    const visitor = await shop.t.browser();
    const listed = async (query = '') =>
      (await visitor.get(`/_public/shop/${reseller.slug}/products?q=Order Test Product${query}`))
        .json()
        .data.map((card: { id: number }) => card.id);

    // Nothing chosen: every category shows.
    const before = await owner.get('/api/reseller/shop/categories');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().all_shown).toBe(true);
    expect(await listed()).toEqual(expect.arrayContaining([women.productId, men.productId]));

    const refused = await owner.put('/api/reseller/shop/categories', { category_ids: [shop.catalogue.shirts] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('category_ids');

    const saved = await owner.put('/api/reseller/shop/categories', { category_ids: [shop.catalogue.men] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved
        .json()
        .data.filter((row: { shown: boolean }) => row.shown)
        .map((row: { id: number }) => row.id),
    ).toEqual([shop.catalogue.men]);

    const info = (await visitor.get(`/_public/shop/${reseller.slug}`)).json();
    expect(info.categories.map((category: { id: number }) => category.id)).toEqual([shop.catalogue.men]);
    const now = await listed();
    expect(now).toContain(men.productId);
    expect(now).not.toContain(women.productId);
    expect((await visitor.get(`/_public/shop/${reseller.slug}/products?category_id=${shop.catalogue.women}`)).statusCode).toBe(404);
    const womenSlug = (await db.select().from(products).where(eq(products.id, women.productId)))[0]?.slug;
    expect((await visitor.get(`/_public/shop/${reseller.slug}/product/${womenSlug}`)).statusCode).toBe(404);

    // Another shop still shows everything.
    const other = await newReseller();
    expect((await visitor.get(`/_public/shop/${other.slug}`)).json().categories.length).toBeGreaterThan(1);

    // Choosing none again shows all.
    expect((await owner.put('/api/reseller/shop/categories', { category_ids: [] })).json().all_shown).toBe(true);
  });

  it("adds and edits the reseller's pages, shown in their shop only; another reseller's page is not found", async () => {
    const reseller = await newReseller();
    const owner = await signedIn(reseller.phone);
    const bad = await owner.post('/api/reseller/shop/pages', { title: 'Returns', slug: 'Return Policy!', content: 'short' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['slug', 'content']));

    const added = await owner.post('/api/reseller/shop/pages', {
      title: 'Return policy',
      slug: 'return-policy',
      content: 'Return any item within 7 days of delivery.',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data.id;
    const twice = await owner.post('/api/reseller/shop/pages', { title: 'Again', slug: 'return-policy', content: 'Another page here.' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toHaveProperty('slug');

    const edited = await owner.put(`/api/reseller/shop/pages/${id}`, {
      title: 'Returns and refunds',
      slug: 'return-policy',
      content: 'Return any item within 10 days of delivery.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await owner.get('/api/reseller/shop/pages')).json().data).toMatchObject([{ id, title: 'Returns and refunds' }]);

    const visitor = await shop.t.browser();
    const page = await visitor.get(`/_public/shop/${reseller.slug}/page/return-policy`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ title: 'Returns and refunds', content: 'Return any item within 10 days of delivery.' });
    expect((await visitor.get(`/_public/shop/${reseller.slug}`)).json().pages).toEqual([
      { title: 'Returns and refunds', slug: 'return-policy' },
    ]);

    const other = await newReseller();
    expect((await visitor.get(`/_public/shop/${other.slug}/page/return-policy`)).statusCode).toBe(404);
    const stranger = await signedIn(other.phone);
    expect((await stranger.get(`/api/reseller/shop/pages/${id}`)).statusCode).toBe(404);
    expect(
      (await stranger.put(`/api/reseller/shop/pages/${id}`, { title: 'Mine', slug: 'mine', content: 'Taken over this page.' })).statusCode,
    ).toBe(404);
    expect((await visitor.get('/api/reseller/shop/pages')).statusCode).toBe(401);
  });

  it("applies a reseller's coupon in their shop only, within its minimum, dates and usage limit", async () => {
    const reseller = await newReseller();
    const owner = await signedIn(reseller.phone);
    const product = await stockedProduct(shop, 20);
    const bad = await owner.post('/api/reseller/shop/coupons', {
      code: 'x',
      kind: 'percent',
      value: 150,
      starts_on: '2026-02-10',
      ends_on: '2026-02-01',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['code', 'value', 'ends_on']));

    const added = await owner.post('/api/reseller/shop/coupons', {
      code: 'sadia-200',
      kind: 'amount',
      value: 20000,
      minimum_order: 150000,
      usage_limit: 1,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ code: 'SADIA-200', used_count: 0 });
    const id = added.json().data.id;
    expect(
      (await owner.post('/api/reseller/shop/coupons', { code: 'SADIA-200', kind: 'percent', value: 10 })).json().errors,
    ).toHaveProperty('code');

    const visitor = await shop.t.browser();
    // Under the minimum: refused on the coupon field, no order.
    const small = await visitor.post(
      `/_public/shop/${reseller.slug}/order`,
      orderBody(product.variantId, { lines: [{ variant_id: product.variantId, quantity: 1 }], coupon: 'sadia-200' }),
    );
    expect(small.statusCode).toBe(422);
    expect(small.json().errors).toHaveProperty('coupon');

    const quote = await visitor.post(`/_public/shop/${reseller.slug}/cart/quote`, {
      lines: [{ variant_id: product.variantId, quantity: 2 }],
      ...shop.dhaka,
      coupon: 'SADIA-200',
    });
    expect(quote.json()).toMatchObject({ subtotal: 200000, discount: 20000, coupon_error: null });

    // Another reseller's shop does not take it, nor does the main storefront's checkout know it.
    const other = await newReseller();
    const elsewhere = await visitor.post(`/_public/shop/${other.slug}/order`, orderBody(product.variantId, { coupon: 'SADIA-200' }));
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.coupon[0]).toMatch(/not valid in this shop/);

    const placed = await visitor.post(`/_public/shop/${reseller.slug}/order`, orderBody(product.variantId, { coupon: 'SADIA-200' }));
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await db.select().from(orders).where(eq(orders.number, placed.json().number));
    expect(order).toMatchObject({
      subtotal: 200000,
      discount: 20000,
      couponCode: 'SADIA-200',
      total: 200000 + (order?.deliveryCharge ?? 0) - 20000,
    });
    expect((await owner.get(`/api/reseller/shop/coupons/${id}`)).json().data.used_count).toBe(1);

    // Its one use is taken.
    const again = await visitor.post(`/_public/shop/${reseller.slug}/order`, orderBody(product.variantId, { coupon: 'SADIA-200' }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.coupon[0]).toMatch(/used up/);

    // Edited: a percent, more uses, but not below the uses already made; ended yesterday is expired.
    expect(
      (await owner.put(`/api/reseller/shop/coupons/${id}`, { code: 'SADIA-200', kind: 'percent', value: 10, usage_limit: 0 })).statusCode,
    ).toBe(422);
    const edited = await owner.put(`/api/reseller/shop/coupons/${id}`, { code: 'SADIA-10', kind: 'percent', value: 10, usage_limit: 5 });
    expect(edited.statusCode, edited.body).toBe(200);
    const percent = await visitor.post(`/_public/shop/${reseller.slug}/cart/quote`, {
      lines: [{ variant_id: product.variantId, quantity: 2 }],
      coupon: 'SADIA-10',
    });
    expect(percent.json().discount).toBe(20000);
    await owner.put(`/api/reseller/shop/coupons/${id}`, { code: 'SADIA-10', kind: 'percent', value: 10, ends_on: '2020-01-01' });
    const expired = await visitor.post(`/_public/shop/${reseller.slug}/cart/quote`, {
      lines: [{ variant_id: product.variantId, quantity: 2 }],
      coupon: 'SADIA-10',
    });
    expect(expired.json()).toMatchObject({ discount: 0, coupon_error: 'This coupon has expired.' });

    const stranger = await signedIn(other.phone);
    expect((await stranger.get(`/api/reseller/shop/coupons/${id}`)).statusCode).toBe(404);
    expect((await stranger.put(`/api/reseller/shop/coupons/${id}`, { code: 'MINE', kind: 'amount', value: 100 })).statusCode).toBe(404);
  });

  it('adds and edits slides with an uploaded picture, a link and an order, shown on their shop only', async () => {
    const reseller = await newReseller();
    const owner = await signedIn(reseller.phone);
    const boundary = '----haatslide';
    const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#a61e4d' } })
      .png()
      .toBuffer();
    const upload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="eid.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const stored = await owner.request('POST', '/api/reseller/uploads', upload, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const image = stored.json().path;

    const bad = await owner.post('/api/reseller/shop/sliders', { image: '', link: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['image', 'link']));

    const second = await owner.post('/api/reseller/shop/sliders', {
      image,
      title: 'New kurtis',
      link: '/shop/x/category/1',
      sort_order: 2,
    });
    expect(second.statusCode, second.body).toBe(201);
    const first = await owner.post('/api/reseller/shop/sliders', {
      image,
      title: 'Eid sale',
      link: 'https://example.com/eid',
      sort_order: 1,
    });
    expect(first.statusCode, first.body).toBe(201);
    const visitor = await shop.t.browser();
    const shown = async (slug = reseller.slug) =>
      (await visitor.get(`/_public/shop/${slug}`)).json().sliders.map((slide: { title: string }) => slide.title);
    expect(await shown()).toEqual(['Eid sale', 'New kurtis']);

    const id = second.json().data.id;
    const hidden = await owner.put(`/api/reseller/shop/sliders/${id}`, { image, title: 'New kurtis', link: '', sort_order: 0, status: 0 });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await shown()).toEqual(['Eid sale']);
    expect((await owner.get('/api/reseller/shop/sliders')).json().data.map((slide: { id: number }) => slide.id)).toEqual([
      id,
      first.json().data.id,
    ]);

    const other = await newReseller();
    expect(await shown(other.slug)).toEqual([]);
    const stranger = await signedIn(other.phone);
    expect((await stranger.get(`/api/reseller/shop/sliders/${id}`)).statusCode).toBe(404);
    expect((await stranger.put(`/api/reseller/shop/sliders/${id}`, { image, title: 'Mine' })).statusCode).toBe(404);
  });
  it('gives a product page its options by attribute and its description as safe HTML, and finds products by name or SKU', async () => {
    const reseller = await newReseller();
    const { size, colour } = shop.catalogue;
    const tag = `SHOPOPT${Date.now() % 100000}`;
    // Three of the six sizes × colours exist; M in red has none left.
    const product = await stockedProduct(shop, 0, {
      name: `Block Print Kurti ${tag}`,
      sku: tag,
      description: '<p>Soft <strong>cotton</strong>.</p><ul><li>Hand wash</li></ul><script>alert(1)</script><p onclick="steal()">Cool</p>',
      variants: [
        { sku: `${tag}-MR`, attribute_value_ids: [size.m, colour.red], opening_stock: 0 },
        { sku: `${tag}-MB`, attribute_value_ids: [colour.blue, size.m], opening_stock: 4 },
        { sku: `${tag}-LR`, attribute_value_ids: [size.l, colour.red], opening_stock: 2 },
      ],
    });
    const visitor = await shop.t.browser();

    const found = await visitor.get(`/_public/shop/${reseller.slug}/products?q=${encodeURIComponent(`block print kurti ${tag}`)}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((card: { id: number }) => card.id)).toEqual([product.productId]);
    const bySku = await visitor.get(`/_public/shop/${reseller.slug}/products?q=${tag}-LR`);
    expect(bySku.json().data.map((card: { id: number }) => card.id)).toEqual([product.productId]);
    const nothing = await visitor.get(`/_public/shop/${reseller.slug}/products?q=no-such-thing-${tag}`);
    expect(nothing.json()).toMatchObject({ data: [], total: 0 });

    const slug = found.json().data[0].slug;
    const page = await visitor.get(`/_public/shop/${reseller.slug}/product/${slug}`);
    expect(page.statusCode, page.body).toBe(200);
    const answer = page.json();
    // Saved through the product form, so sanitised there: the markup kept, the script and the handler gone.
    expect(answer.description).toBe('<p>Soft <strong>cotton</strong>.</p><ul><li>Hand wash</li></ul><p>Cool</p>');
    // Size before colour (their order in the catalogue), each with the values some variant has, in their order.
    expect(answer.attributes).toEqual([
      {
        name: 'Size',
        values: [
          { id: size.m, value: 'M', color_hex: null },
          { id: size.l, value: 'L', color_hex: null },
        ],
      },
      {
        name: 'Colour',
        values: [
          { id: colour.red, value: 'Red', color_hex: null },
          { id: colour.blue, value: 'Blue', color_hex: null },
        ],
      },
    ]);
    expect(
      answer.variants.map((each: { stock: number; values: { attribute: string; value: string }[] }) => [
        each.values.map((value) => `${value.attribute}:${value.value}`).join(' '),
        each.stock,
      ]),
    ).toEqual([
      ['Size:M Colour:Red', 0],
      ['Size:M Colour:Blue', 4],
      ['Size:L Colour:Red', 2],
    ]);

    // The reseller's own description is plain text: written out escaped, in paragraphs and lines.
    await setPrice(reseller.id, product.productId, 150000);
    await db
      .update(resellerProductPrices)
      .set({ description: 'Line one <b>not bold</b>\nline two & more\n\nSecond "paragraph"' })
      .where(eq(resellerProductPrices.resellerId, reseller.id));
    const own = (await visitor.get(`/_public/shop/${reseller.slug}/product/${slug}`)).json();
    expect(own.description).toBe('<p>Line one &lt;b&gt;not bold&lt;/b&gt;<br>line two &amp; more</p><p>Second &quot;paragraph&quot;</p>');
    expect(own.price).toBe(150000);
  });
});
