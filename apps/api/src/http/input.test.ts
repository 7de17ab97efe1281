import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PHONES } from '../db/seed';
import { carts } from '../modules/cart/cart.table';
import { brands } from '../modules/catalog/brand.table';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestBrowser } from '../test/harness';

/**
 * The findings of the outside-in probe (issue 16, finding 1), one by one: each answered 500 before.
 * The walk over every route is malformed-input.test.ts; these name the cases people reported.
 */

let t: TestApp;
let admin: TestBrowser;
let apiKey: string;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.browser();
  await admin.loginAdmin();
  const reseller = await t.browser();
  expect((await reseller.post('/api/reseller/login', { login: DEMO_PHONES.reseller, password: DEMO_PASSWORD })).statusCode).toBe(200);
  apiKey = (await reseller.post('/api/reseller/security/api-keys', { name: 'Input tests' })).json().data.key;
}, 120_000);
afterAll(() => t.close());

/** A refusal as the API promises it: 4xx JSON `{message, errors}` with the field named. */
function expectRefused(response: LightMyRequestResponse, status: number, field?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.message).toEqual(expect.any(String));
  if (field) expect(Object.keys(body.errors ?? {}), response.body).toContain(field);
}

/** A request with a raw JSON body (what JSON.stringify cannot write: 1e309, deep nesting). */
function raw(browser: TestBrowser, method: 'POST' | 'PUT', url: string, payload: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: {
      cookie: browser.cookieHeader(),
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-csrf-token': browser.csrf,
      ...headers,
    },
  });
}

const brandCount = async () => (await t.database.db.select({ n: count() }).from(brands))[0]?.n;
const cartCount = async () => (await t.database.db.select({ n: count() }).from(carts))[0]?.n;

describe('a NUL character', () => {
  it('in a path, a search or a list filter is refused with 422 naming the parameter', async () => {
    const visitor = await t.browser();
    expectRefused(await visitor.get('/_public/product/%00'), 422, 'id');
    expectRefused(await visitor.get('/_public/sub/sub/category/product?q=%00'), 422, 'q');
    expectRefused(await admin.get('/api/admin/brands?q=a%00b'), 422, 'q');
    expectRefused(await admin.get('/api/admin/brands/export.csv?q=%00'), 422, 'q');
    expectRefused(await admin.get('/api/admin/orders?filter[status]=%00'), 422, 'filter[status]');
  });

  it('in an admin write is refused with the field named, and nothing is written', async () => {
    const before = await brandCount();
    expectRefused(await admin.post('/api/admin/brands', { name: 'Nul\u0000brand', status: 1 }), 422, 'name');
    expectRefused(await admin.post('/api/admin/brands', { name: 'Fine brand', meta: [{ deep: 'x\u0000' }] }), 422, 'meta.0.deep');
    expect(await brandCount()).toBe(before);
  });
});

describe('an unpaired surrogate', () => {
  it('in the general settings is refused with 422 naming the field, and the setting is kept', async () => {
    const before = (await admin.get('/api/admin/settings/general')).json();
    const response = await raw(admin, 'PUT', '/api/admin/settings/general', '{"site_name":"Shop \\ud800","tagline":"x"}');
    expectRefused(response, 422, 'site_name');
    expect((await admin.get('/api/admin/settings/general')).json()).toEqual(before);
    expectRefused(await raw(admin, 'PUT', '/api/admin/settings/general', '{"site_name":"a\\udc00b"}'), 422, 'site_name');
  });
});

describe('an id past the id columns (2147483647)', () => {
  it('in a path is "not found", never a database error', async () => {
    const visitor = await t.browser();
    expectRefused(await visitor.get('/_public/cities/2147483648/sub-cities'), 404);
    expectRefused(await visitor.get('/_public/cities/99999999999999999999/sub-cities'), 404);
    expectRefused(await admin.get('/api/admin/products/2147483648/stock'), 404);
    expectRefused(await admin.post('/api/admin/contact-messages/2147483648/read'), 404);
    expectRefused(await admin.get('/api/admin/sms-campaigns/2147483648'), 404);
  });

  it('added to the cart is refused with 422 and leaves no cart row and no cart cookie', async () => {
    const visitor = await t.browser();
    const before = await cartCount();
    const response = await visitor.post('/_public/cart', { variant_id: 2147483648, quantity: 1 });
    expectRefused(response, 422, 'variant_id');
    expect(visitor.cookie('haat_cart')).toBeUndefined();
    expect(await cartCount()).toBe(before);
  });

  it('in a bulk action, a picker, a filter or the reseller API is refused with 422 naming the field', async () => {
    expectRefused(await admin.post('/api/admin/brands/bulk', { action: 'delete', ids: [1, 2147483648] }), 422, 'ids.1');
    expectRefused(await admin.post('/api/admin/variants', { name: 'Size', values: [], id: 1, product_id: 2147483648 }), 422);
    expectRefused(await admin.get('/api/admin/products?filter[brand_id]=2147483648'), 422, 'filter.brand_id');
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reseller/orders',
      headers: { authorization: `Bearer ${apiKey}` },
      payload: {
        customer_name: 'Nasrin Akter',
        customer_phone: '01711111111',
        customer_address: 'House 12, Road 5, Dhanmondi',
        city_id: 2147483648,
        lines: [{ variant_id: 2147483648, quantity: 1, unit_price: 95000 }],
      },
    });
    expect(order.statusCode, order.body).toBe(422);
    expect(Object.keys(order.json().errors)).toEqual(expect.arrayContaining(['city_id', 'lines.0.variant_id']));
  });
});

describe('a cart add that is refused', () => {
  it('for an option that does not exist makes no cart (the cart is made in the add, after the checks)', async () => {
    const visitor = await t.browser();
    const before = await cartCount();
    expectRefused(await visitor.post('/_public/cart', { variant_id: 2_000_000_000, quantity: 1 }), 422, 'variant_id');
    expect(visitor.cookie('haat_cart')).toBeUndefined();
    expect(await cartCount()).toBe(before);
  });
});

describe('a sort or filter key naming an Object member', () => {
  it('is refused with 422 on the declared lists, their CSV and the hand-written reports', async () => {
    for (const url of [
      '/api/admin/brands?sort=__proto__',
      '/api/admin/brands?sort=-constructor',
      '/api/admin/brands/export.csv?sort=__proto__',
      '/api/admin/orders?sort=toString',
      '/api/admin/reports/stock?sort=__proto__',
      '/api/admin/reports/stock?sort=hasOwnProperty',
    ]) {
      expectRefused(await admin.get(url), 422, 'sort');
    }
    expectRefused(await admin.get('/api/admin/brands?filter[constructor]=1'), 422, 'filter[constructor]');
    expectRefused(await admin.get('/api/admin/brands?filter[toString]=1'), 422, 'filter.toString');
  });
});

describe('numbers and shapes no form sends', () => {
  it('1e309 (Infinity), deep nesting, a null body and prototype keys are refused with 4xx, never 500', async () => {
    expectRefused(await raw(admin, 'POST', '/api/admin/brands', '{"name":"Big","sort_order":1e309}'), 422, 'sort_order');
    expectRefused(await raw(admin, 'POST', '/api/admin/brands', `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`), 422);
    expectRefused(await raw(admin, 'POST', '/api/admin/products', 'null'), 422);
    expectRefused(await raw(admin, 'PUT', '/api/admin/offers/1', 'null'), 422);
    expect((await raw(admin, 'POST', '/api/admin/brands', '{"name":"Proto","__proto__":{"admin":true}}')).statusCode).toBe(400);
    const quantity = await raw(await t.browser(), 'POST', '/_public/cart', '{"variant_id":1,"quantity":1e15}');
    expectRefused(quantity, 422, 'quantity');
  });

  it('a brand named with ordinary text, emoji and Bangla is still accepted', async () => {
    const response = await admin.post('/api/admin/brands', { name: 'আড়ং 😀 Crafts', status: 1 });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db.select().from(brands).where(eq(brands.name, 'আড়ং 😀 Crafts'));
    expect(row).toBeDefined();
  });
});
