import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { cities } from '../locations/location.table';
import { landingPages } from '../marketing/landing-page.table';
import { productVariants } from '../products/product.table';

let t: TestApp;
let slug: string;
let variantId: number;
let otherVariantId: number;
let cityId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const { db } = t.database;
  const [page] = await db.select().from(landingPages).where(eq(landingPages.status, 1)).limit(1);
  if (!page) throw new Error('the demo shop has no landing page');
  slug = page.slug;
  const [variant] = await db.select().from(productVariants).where(eq(productVariants.productId, page.productId)).limit(1);
  const [other] = await db.select().from(productVariants).where(ne(productVariants.productId, page.productId)).limit(1);
  const [city] = await db
    .select()
    .from(cities)
    .where(and(eq(cities.isMainCity, true)))
    .limit(1);
  variantId = variant?.id ?? 0;
  otherVariantId = other?.id ?? 0;
  cityId = city?.id ?? 0;
});
afterAll(() => t.close());

describe('a landing page order form', () => {
  it('places a landing order once per key, priced and stocked by the server', async () => {
    const browser = await t.browser();
    const [before] = await t.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    const subCities = (await browser.get(`/_public/cities/${cityId}/sub-cities`)).json();
    const form = {
      name: 'Rokeya Khatun',
      phone: '01755123456',
      address: 'House 7, Road 3, Mirpur 10',
      city_id: cityId,
      sub_city_id: (subCities.sub_cities ?? subCities.data ?? subCities)[0]?.id,
      variant_id: variantId,
      quantity: 1,
      idempotency_key: randomUUID(),
      unit_price: 1,
    };
    const placed = await browser.post(`/_public/landing/${slug}/order`, form);
    expect(placed.statusCode).toBe(201);
    const { order } = placed.json();
    expect(order).toMatchObject({ type: 'landing', status: 1, customer_name: 'Rokeya Khatun' });
    expect(order.lines[0].unit_price).toBeGreaterThan(1);
    const again = await browser.post(`/_public/landing/${slug}/order`, form);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.number).toBe(order.number);
    const [after] = await t.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    expect(after?.stock).toBe((before?.stock ?? 0) - 1);
  });

  it('never answers another visitor’s order for a reused key: they get an order of their own', async () => {
    const subCities = (await (await t.browser()).get(`/_public/cities/${cityId}/sub-cities`)).json();
    const subCityId = (subCities.sub_cities ?? subCities.data ?? subCities)[0]?.id;
    const key = randomUUID();
    const first = await (await t.browser()).post(`/_public/landing/${slug}/order`, {
      name: 'Shirin Sultana',
      phone: '01755987654',
      address: 'Flat 3B, House 12, Road 5, Banani',
      city_id: cityId,
      sub_city_id: subCityId,
      variant_id: variantId,
      quantity: 1,
      idempotency_key: key,
    });
    expect(first.statusCode, first.body).toBe(201);
    const stranger = await (await t.browser()).post(`/_public/landing/${slug}/order`, {
      name: 'Karim Uddin',
      phone: '01811222333',
      address: 'House 1, Road 1, Uttara',
      city_id: cityId,
      sub_city_id: subCityId,
      variant_id: variantId,
      quantity: 1,
      idempotency_key: key,
    });
    expect(stranger.statusCode, stranger.body).toBe(201);
    expect(stranger.json().order.number).not.toBe(first.json().order.number);
    expect(stranger.body).not.toContain('Shirin');
    expect(stranger.body).not.toContain('01755987654');
    expect(stranger.body).not.toContain('Banani');
    expect(stranger.json().order).toMatchObject({ customer_name: 'Karim Uddin' });
  });

  it('quotes the order the page would place: the option at the page’s price, the delivery charge and the methods', async () => {
    const browser = await t.browser();
    const page = (await browser.get(`/_public/landing/${slug}`)).json();
    const variant = page.product.variants.find((each: { id: number }) => each.id === variantId);
    expect(variant.price).toBeLessThanOrEqual(variant.retail_price);
    expect(page.product.payment_rule).toBe('any');
    const subCities = (await browser.get(`/_public/cities/${cityId}/sub-cities`)).json();
    const subCityId = (subCities.sub_cities ?? subCities.data ?? subCities)[0]?.id;
    const quoted = await browser.post(`/_public/landing/${slug}/quote`, {
      variant_id: variantId,
      quantity: 2,
      city_id: cityId,
      sub_city_id: subCityId,
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json();
    expect(quote).toMatchObject({ subtotal: variant.price * 2, discount: 0, coupon: null, payment_rule: 'any' });
    expect(quote.delivery_charge).toBeGreaterThan(0);
    expect(quote.total).toBe(quote.subtotal + quote.delivery_charge);
    expect(quote.payment_methods.map((method: { code: string }) => method.code)).toContain('cod');

    // The order placed with the same choice costs what was quoted.
    const placed = await browser.post(`/_public/landing/${slug}/order`, {
      name: 'Jannat Ara',
      phone: '01755246810',
      address: 'House 4, Road 8, Mohammadpur',
      city_id: cityId,
      sub_city_id: subCityId,
      variant_id: variantId,
      quantity: 2,
      idempotency_key: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ subtotal: quote.subtotal, delivery_charge: quote.delivery_charge, total: quote.total });

    const wrong = await browser.post(`/_public/landing/${slug}/quote`, { variant_id: otherVariantId, quantity: 1, city_id: cityId });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['variant_id']);
    expect(
      (await browser.post('/_public/landing/no-such-page/quote', { variant_id: variantId, quantity: 1, city_id: cityId })).statusCode,
    ).toBe(404);
  });

  it('refuses an option of another product, bad fields and an unknown page', async () => {
    const browser = await t.browser();
    const wrong = await browser.post(`/_public/landing/${slug}/order`, {
      name: 'Rokeya Khatun',
      phone: '01755123456',
      address: 'House 7, Road 3, Mirpur 10',
      city_id: cityId,
      sub_city_id: 1,
      variant_id: otherVariantId,
      quantity: 1,
      idempotency_key: randomUUID(),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.variant_id).toEqual(['Choose one of the options on this page.']);
    const bad = await browser.post(`/_public/landing/${slug}/order`, { phone: '123', quantity: 0 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'phone', 'quantity', 'variant_id']));
    const missing = await browser.post('/_public/landing/no-such-page/order', { variant_id: variantId });
    expect([404, 422]).toContain(missing.statusCode);
  });
});
