import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../../context';
import type { Db } from '../../../db/client';
import { buildApp } from '../../../http/app';
import { hashPassword } from '../../../lib/password';
import { freshPhone, openShop, type Shop, stockAndLedger, stockedProduct } from '../../orders/order.fixture';
import { orders } from '../../orders/order.table';
import { writeLedgerEntry } from '../../payouts';
import { ACCOUNTS, RESELLER_LEDGER } from '../money/ledger.service';
import { resellers } from '../reseller.table';

let shop: Shop;
let db: Db;
const PASSWORD = 'reseller-password-1';
let count = 0;

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
});
afterAll(() => shop.t.close());

/** An active reseller, signed in to the portal, with an API key made on the security page. */
async function resellerWithKey() {
  count += 1;
  const phone = `0191${3_000_000 + count}`;
  const [row] = await db
    .insert(resellers)
    .values({
      name: `API Reseller ${count}`,
      phone,
      passwordHash: await hashPassword(PASSWORD),
      status: 'active',
      shopName: `API Shop ${count}`,
      slug: `api-shop-${count}`,
      referralCode: `APIREF${count}`,
    })
    .returning({ id: resellers.id });
  const browser = await shop.t.browser();
  expect((await browser.post('/api/reseller/login', { login: phone, password: PASSWORD })).statusCode).toBe(200);
  const created = await browser.post('/api/reseller/security/api-keys', { name: 'My website' });
  expect(created.statusCode, created.body).toBe(201);
  const { key, id: keyId } = created.json().data as { key: string; id: number };
  return { id: row?.id as number, phone, browser, key, keyId };
}

function call(key: string | null, method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
  return shop.t.app.inject({
    method,
    url,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

function orderBody(variantId: number, overrides: Record<string, unknown> = {}) {
  return {
    customer_name: 'Nasrin Akter',
    customer_phone: freshPhone(),
    customer_address: 'House 12, Road 5, Dhanmondi',
    city_id: shop.dhaka.city_id,
    sub_city_id: shop.dhaka.sub_city_id,
    lines: [{ variant_id: variantId, quantity: 2, unit_price: 95000 }],
    ...overrides,
  };
}

describe('reseller API authorisation', () => {
  it('answers a bearer key without cookies or CSRF, and refuses no key, a wrong key, a revoked key and a suspended reseller', async () => {
    const reseller = await resellerWithKey();
    const ok = await call(reseller.key, 'GET', '/api/v1/reseller/balance');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['x-ratelimit-limit']).toBe('120');

    const none = await call(null, 'GET', '/api/v1/reseller/balance');
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/Bearer/);
    expect((await call('hk_not-a-real-key-at-all', 'GET', '/api/v1/reseller/products')).statusCode).toBe(401);

    // A session cookie is not a key.
    expect((await reseller.browser.get('/api/v1/reseller/balance')).statusCode).toBe(401);

    // Revoked on the security page: refused from then on, also for placing orders (no CSRF asked for).
    expect((await reseller.browser.delete(`/api/reseller/security/api-keys/${reseller.keyId}`)).statusCode).toBe(200);
    const revoked = await call(reseller.key, 'POST', '/api/v1/reseller/orders', orderBody(1));
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ message: expect.stringMatching(/revoked/) });

    // Suspended after the key was used (and its reseller remembered): refused on the next call.
    const other = await resellerWithKey();
    expect((await call(other.key, 'GET', '/api/v1/reseller/products')).statusCode).toBe(200);
    await db.update(resellers).set({ status: 'suspended' }).where(eq(resellers.id, other.id));
    expect((await call(other.key, 'GET', '/api/v1/reseller/products')).statusCode).toBe(401);
  });

  it('limits a key to 120 requests a minute with 429 and Retry-After; another key is not affected', async () => {
    const reseller = await resellerWithKey();
    for (let index = 0; index < 120; index += 1) {
      const response = await call(reseller.key, 'GET', '/api/v1/reseller/balance');
      expect(response.statusCode).toBe(200);
    }
    const limited = await call(reseller.key, 'GET', '/api/v1/reseller/balance');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json().message).toMatch(/120/);
    const other = await resellerWithKey();
    expect((await call(other.key, 'GET', '/api/v1/reseller/balance')).statusCode).toBe(200);
  });

  it("shares a key's count between processes: two app instances on one database allow 120 together", async () => {
    const { t } = shop;
    const second = await buildApp({
      config: t.config,
      db: t.database.db,
      authEpoch: t.database.authEpoch,
      catalogEpoch: t.database.catalogEpoch,
    });
    try {
      await second.ready();
      const reseller = await resellerWithKey();
      const answers = await Promise.all(
        Array.from({ length: 130 }, (_, index) =>
          (index % 2 ? second : t.app).inject({
            method: 'GET',
            url: '/api/v1/reseller/balance',
            headers: { authorization: `Bearer ${reseller.key}` },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200).length).toBe(120);
      expect(statuses.filter((status) => status === 429).length).toBe(10);
    } finally {
      await second.close();
    }
  });
});

describe('reseller API products and orders', () => {
  it('lists products with the reseller price, stock, search and pagination; one product; bad parameters name the field', async () => {
    const reseller = await resellerWithKey();
    await stockedProduct(shop, 3);
    const item = await stockedProduct(shop, 40, { name: 'API Jamdani Saree' });
    expect(
      (await reseller.browser.request('PUT', `/api/reseller/products/${item.productId}`, { price: 99000, description: 'Mine' })).statusCode,
    ).toBe(200);
    const list = await call(reseller.key, 'GET', '/api/v1/reseller/products?q=Jamdani&per_page=5');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: item.productId, wholesale_price: 70000, suggested_price: 100000, my_price: 99000, stock: 40 }),
    ]);
    const paged = await call(reseller.key, 'GET', '/api/v1/reseller/products?per_page=1');
    expect(paged.json()).toMatchObject({ per_page: 1, current_page: 1 });
    expect(paged.json().next_page_url).toMatch(/^\/api\/v1\/reseller\/products\?/);
    const one = await call(reseller.key, 'GET', `/api/v1/reseller/products/${item.productId}`);
    expect(one.json().data).toMatchObject({ id: item.productId, my_price: 99000 });
    expect((await call(reseller.key, 'GET', '/api/v1/reseller/products/99999999')).statusCode).toBe(404);
    const bad = await call(reseller.key, 'GET', '/api/v1/reseller/products?per_page=500');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.per_page).toBeDefined();
  });

  it('places an order idempotently on the Idempotency-Key header or the body key, refuses below wholesale, reads and lists it', async () => {
    const reseller = await resellerWithKey();
    const item = await stockedProduct(shop, 10);

    const below = await call(
      reseller.key,
      'POST',
      '/api/v1/reseller/orders',
      orderBody(item.variantId, { lines: [{ variant_id: item.variantId, quantity: 1, unit_price: 60000 }] }),
    );
    expect(below.statusCode).toBe(422);
    expect(below.json().errors['lines.0.unit_price'][0]).toMatch(/wholesale price/);
    const invalid = await call(reseller.key, 'POST', '/api/v1/reseller/orders', orderBody(item.variantId, { customer_phone: '12' }));
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.customer_phone).toBeDefined();
    const badKey = await call(reseller.key, 'POST', '/api/v1/reseller/orders', orderBody(item.variantId), {
      'idempotency-key': 'no spaces',
    });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().errors['Idempotency-Key'][0]).toMatch(/letters, digits/i);
    expect((await stockAndLedger(shop.t, item.variantId)).stock).toBe(10);

    const key = randomUUID();
    const body = orderBody(item.variantId);
    const first = await call(reseller.key, 'POST', '/api/v1/reseller/orders', body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const placed = first.json();
    expect(placed.created).toBe(true);
    expect(placed.order).toMatchObject({ type: 'reseller', status: 1, total: 190000 + 7000, wholesale_total: 140000, profit: 50000 });
    const again = await call(reseller.key, 'POST', '/api/v1/reseller/orders', body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, order: { id: placed.order.id } });
    expect((await stockAndLedger(shop.t, item.variantId)).stock).toBe(8);

    // The same through the body's key, two at once.
    const bodyKeyed = orderBody(item.variantId, { idempotency_key: 'shop-order-1001' });
    const both = await Promise.all([1, 2].map(() => call(reseller.key, 'POST', '/api/v1/reseller/orders', bodyKeyed)));
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(both.map((response) => response.json().order.id)).size).toBe(1);
    expect((await stockAndLedger(shop.t, item.variantId)).stock).toBe(6);
    const mine = await db.select({ id: orders.id }).from(orders).where(eq(orders.resellerId, reseller.id));
    expect(mine).toHaveLength(2);

    const read = await call(reseller.key, 'GET', `/api/v1/reseller/orders/${placed.order.id}`);
    expect(read.json().data).toMatchObject({ id: placed.order.id, status: 1, status_label: 'Pending' });
    const listed = await call(reseller.key, 'GET', '/api/v1/reseller/orders?status=1');
    expect(listed.json()).toMatchObject({ total: 2 });
    expect(listed.json().data[1]).toMatchObject({ id: placed.order.id, profit: 50000, item_count: 2 });
    expect((await call(reseller.key, 'GET', '/api/v1/reseller/orders?status=5')).json().total).toBe(0);
    expect((await call(reseller.key, 'GET', '/api/v1/reseller/orders?status=9')).json().errors.status).toBeDefined();

    // Another reseller's key: not found, not listed.
    const other = await resellerWithKey();
    const theirs = await call(other.key, 'GET', `/api/v1/reseller/orders/${placed.order.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toMatch(/not found/);
    expect((await call(other.key, 'GET', '/api/v1/reseller/orders')).json().total).toBe(0);
  });

  it('takes many orders at once (one batch): each answered as alone, the stock sold exactly, refusals on their own field', async () => {
    const reseller = await resellerWithKey();
    const scarce = await stockedProduct(shop, 12);
    const plenty = await stockedProduct(shop, 50);
    const line = (variantId: number, unitPrice = 95000) => ({ lines: [{ variant_id: variantId, quantity: 1, unit_price: unitPrice }] });
    const key = randomUUID();
    const requests: { body: ReturnType<typeof orderBody>; headers?: Record<string, string> }[] = [
      // 16 buyers for 12 units.
      ...Array.from({ length: 16 }, () => ({ body: orderBody(scarce.variantId, line(scarce.variantId)) })),
      // Below wholesale, twice.
      ...Array.from({ length: 2 }, () => ({ body: orderBody(plenty.variantId, line(plenty.variantId, 60000)) })),
      // One idempotency key, three times.
      ...Array.from({ length: 3 }, () => ({
        body: orderBody(plenty.variantId, { customer_phone: '01911000777', ...line(plenty.variantId) }),
        headers: { 'idempotency-key': key },
      })),
    ];
    const answers = await Promise.all(
      requests.map((request) => call(reseller.key, 'POST', '/api/v1/reseller/orders', request.body, request.headers)),
    );
    const buyers = answers.slice(0, 16);
    expect(buyers.filter((answer) => answer.statusCode === 201)).toHaveLength(12);
    const refused = buyers.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => answer.statusCode)).toEqual([422, 422, 422, 422]);
    for (const answer of refused) expect(answer.json().errors).toEqual({ 'lines.0.quantity': [`${scarce.name} is out of stock.`] });
    for (const answer of buyers.filter((each) => each.statusCode === 201)) {
      expect(answer.json().order).toMatchObject({ type: 'reseller', status: 1, wholesale_total: 70000, profit: 25000 });
    }
    for (const answer of answers.slice(16, 18)) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors['lines.0.unit_price'][0]).toMatch(/wholesale price/);
    }
    const keyed = answers.slice(18);
    expect(keyed.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(keyed.map((answer) => answer.json().order.id)).size).toBe(1);

    expect(await stockAndLedger(shop.t, scarce.variantId)).toEqual({ stock: 0, ledger: 0 });
    expect(await stockAndLedger(shop.t, plenty.variantId)).toEqual({ stock: 49, ledger: 49 });
    const mine = await db.select({ id: orders.id }).from(orders).where(eq(orders.resellerId, reseller.id));
    expect(mine).toHaveLength(13);
  });

  it('reads the balance from the reseller ledger', async () => {
    const reseller = await resellerWithKey();
    const item = await stockedProduct(shop, 5);
    const placed = await call(reseller.key, 'POST', '/api/v1/reseller/orders', orderBody(item.variantId));
    await writeLedgerEntry(systemCtx(db), RESELLER_LEDGER, reseller.id, {
      kind: 'order_profit',
      debitAccount: ACCOUNTS.shopProfit,
      creditAccount: ACCOUNTS.balance,
      amount: 50000,
      orderId: placed.json().order.id,
    });
    const balance = await call(reseller.key, 'GET', '/api/v1/reseller/balance');
    expect(balance.json()).toEqual({ balance: { income: 50000, pending_withdrawals: 0, paid_withdrawals: 0, available: 50000 } });
  });
});

describe('OpenAPI document', () => {
  it('is served without a key as OpenAPI 3.1 with every path, its parameters and schemas from zod', async () => {
    const response = await shop.t.app.inject({ method: 'GET', url: '/api/v1/reseller/openapi.json', headers: { host: 'shop.example' } });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toBe('http://shop.example');
    expect(doc.info['x-rate-limit-per-minute']).toBe(120);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/reseller/balance',
      '/api/v1/reseller/orders',
      '/api/v1/reseller/orders/{id}',
      '/api/v1/reseller/products',
      '/api/v1/reseller/products/{id}',
    ]);
    expect(doc.paths['/api/v1/reseller/orders'].post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/OrderInput',
    );
    expect(doc.components.schemas.OrderInput.required).toEqual(expect.arrayContaining(['customer_name', 'customer_phone', 'lines']));
    expect(doc.components.schemas.OrderInput.properties.lines.items.properties.unit_price).toBeDefined();
    expect(doc.components.schemas.Product.properties.my_price).toBeDefined();
    expect(doc.paths['/api/v1/reseller/products'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'page',
      'per_page',
      'q',
      'category_id',
    ]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Every $ref points at a schema that exists.
    for (const ref of JSON.stringify(doc).match(/#\/components\/schemas\/\w+/g) ?? []) {
      expect(doc.components.schemas[ref.split('/').pop() as string], ref).toBeDefined();
    }
  });
});
