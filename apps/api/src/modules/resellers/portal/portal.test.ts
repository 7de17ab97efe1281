import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { hashPassword } from '../../../lib/password';
import { sha256 } from '../../../lib/tokens';
import type { TestBrowser } from '../../../test/harness';
import { freshPhone, openShop, type Shop, stockAndLedger, stockedProduct } from '../../orders/order.fixture';
import { orders } from '../../orders/order.table';
import { smsLog } from '../../sms/sms-log.table';
import { resellers } from '../reseller.table';
import { resellerForApiKey } from './account.service';
import { resellerApiKeys, resellerPasswordResets } from './portal.table';

let shop: Shop;
let db: Db;
const PASSWORD = 'reseller-password-1';
let resellerCount = 0;

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
});
afterAll(() => shop.t.close());

/** An active reseller with a phone of their own. */
async function newReseller(status: 'active' | 'pending' | 'suspended' = 'active', referredBy: number | null = null) {
  resellerCount += 1;
  const phone = `0181${2_000_000 + resellerCount}`;
  const [row] = await db
    .insert(resellers)
    .values({
      name: `Reseller ${resellerCount}`,
      phone,
      passwordHash: await hashPassword(PASSWORD),
      status,
      shopName: `Shop ${resellerCount}`,
      slug: `shop-${resellerCount}`,
      referralCode: `REF${resellerCount}`,
      referredBy,
    })
    .returning({ id: resellers.id });
  return { id: row?.id as number, phone };
}

async function signedIn(phone: string, password = PASSWORD): Promise<TestBrowser> {
  const browser = await shop.t.browser();
  const response = await browser.post('/api/reseller/login', { login: phone, password });
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

async function session(browser: TestBrowser): Promise<string> {
  return (await browser.get('/api/reseller/login/session/check')).json().session;
}

/** The code in the last password-reset SMS to this phone. */
async function lastCode(phone: string): Promise<string | null> {
  const [row] = await db
    .select({ message: smsLog.message, recipients: smsLog.recipients })
    .from(smsLog)
    .where(and(eq(smsLog.purpose, 'password_reset'), sql`${smsLog.recipients} like ${`%${phone.slice(1)}`}`))
    .orderBy(desc(smsLog.id))
    .limit(1);
  return row?.message.match(/\b\d{6}\b/)?.[0] ?? null;
}

describe('password reset by phone', () => {
  it('sends a code by SMS, gives a one-time token for the right code, sets the password and ends every session', async () => {
    const reseller = await newReseller();
    const before = await signedIn(reseller.phone);
    const visitor = await shop.t.browser();
    const requested = await visitor.post('/api/reseller/password/reset', { phone: reseller.phone });
    expect(requested.statusCode, requested.body).toBe(200);
    const code = await lastCode(reseller.phone);
    expect(code).toMatch(/^\d{6}$/);
    // Stored hashed, expiring in 10 minutes.
    const [row] = await db.select().from(resellerPasswordResets).where(eq(resellerPasswordResets.phone, reseller.phone));
    expect(row?.codeHash).not.toContain(code as string);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeGreaterThan(9.9 * 60_000);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeLessThanOrEqual(10 * 60_000 + 1000);

    const wrong = await visitor.post(`/api/reseller/code/verify/${reseller.phone}`, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toBeDefined();
    const right = await visitor.post(`/api/reseller/code/verify/${reseller.phone}`, { code });
    expect(right.statusCode, right.body).toBe(200);
    const token = right.json().reset_token as string;

    const mismatch = await visitor.post(`/api/reseller/set/new/password/${reseller.phone}`, {
      reset_token: token,
      password: 'brand-new-pass-1',
      password_confirmation: 'other',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toBeDefined();
    const set = await visitor.post(`/api/reseller/set/new/password/${reseller.phone}`, {
      reset_token: token,
      password: 'brand-new-pass-1',
      password_confirmation: 'brand-new-pass-1',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await session(before)).toBe('EXPIRED');
    await signedIn(reseller.phone, 'brand-new-pass-1');
    const again = await visitor.post(`/api/reseller/set/new/password/${reseller.phone}`, {
      reset_token: token,
      password: 'another-pass-12',
      password_confirmation: 'another-pass-12',
    });
    expect(again.statusCode).toBe(422);
    // The used code cannot be used again either.
    expect((await visitor.post(`/api/reseller/code/verify/${reseller.phone}`, { code })).statusCode).toBe(422);
  });

  it('refuses a code after 10 minutes', async () => {
    const reseller = await newReseller();
    const visitor = await shop.t.browser();
    await visitor.post('/api/reseller/password/reset', { phone: reseller.phone });
    const code = await lastCode(reseller.phone);
    // Ten minutes pass.
    await db
      .update(resellerPasswordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(resellerPasswordResets.phone, reseller.phone));
    const late = await visitor.post(`/api/reseller/code/verify/${reseller.phone}`, { code });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.code[0]).toMatch(/expired/);
  });

  it('allows 5 tries: after 5 wrong codes even the right one is refused', async () => {
    const reseller = await newReseller();
    const visitor = await shop.t.browser();
    await visitor.post('/api/reseller/password/reset', { phone: reseller.phone });
    const code = (await lastCode(reseller.phone)) as string;
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await visitor.post(`/api/reseller/code/verify/${reseller.phone}`, { code: wrongCode });
      expect(answer.statusCode).toBe(422);
    }
    const right = await visitor.post(`/api/reseller/code/verify/${reseller.phone}`, { code });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors.code[0]).toMatch(/Too many wrong codes/);
  });

  it('sends at most 3 codes to one phone even when 12 requests arrive at once', async () => {
    const reseller = await newReseller();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        shop.t.app.inject({
          method: 'POST',
          url: '/api/reseller/password/reset',
          remoteAddress: `192.0.2.${index + 1}`,
          cookies: { haat_csrf: 'c'.repeat(43) },
          headers: { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': 'c'.repeat(43) },
          payload: { phone: reseller.phone },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(200), ...Array(9).fill(429)]);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(3500);
    const sent = await db
      .select({ id: smsLog.id })
      .from(smsLog)
      .where(and(eq(smsLog.purpose, 'password_reset'), sql`${smsLog.recipients} like ${`%${reseller.phone.slice(1)}`}`));
    expect(sent.length).toBe(3);
  });

  it('sends at most 3 codes an hour to one phone, and answers an unknown phone exactly the same', async () => {
    const reseller = await newReseller();
    const unknown = freshPhone();
    const visitor = await shop.t.browser();
    const answers = { known: [] as [number, string][], unknown: [] as [number, string][] };
    for (let send = 1; send <= 4; send += 1) {
      const known = await visitor.post('/api/reseller/password/reset', { phone: reseller.phone });
      const other = await visitor.post('/api/reseller/password/reset', { phone: unknown });
      answers.known.push([known.statusCode, known.body]);
      answers.unknown.push([other.statusCode, other.body]);
    }
    expect(answers.known.map(([status]) => status)).toEqual([200, 200, 200, 429]);
    expect(answers.unknown).toEqual(answers.known);
    // The unknown phone got no SMS, and guessing its code reads the same as for a real one.
    expect(await lastCode(unknown)).toBeNull();
    const guessKnown = await visitor.post(`/api/reseller/code/verify/${reseller.phone}`, { code: '000001' });
    const guessUnknown = await visitor.post(`/api/reseller/code/verify/${unknown}`, { code: '000001' });
    expect([guessUnknown.statusCode, guessUnknown.body]).toEqual([guessKnown.statusCode, guessKnown.body]);
    // Bad input names the field.
    const bad = await visitor.post('/api/reseller/password/reset', { phone: '123' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.phone).toBeDefined();
  });
});

describe('products at the reseller price', () => {
  it('lists the catalogue with wholesale, suggested and own prices; search and category filter; never below wholesale', async () => {
    const reseller = await newReseller();
    const other = await newReseller();
    const browser = await signedIn(reseller.phone);
    const item = await stockedProduct(shop, 12, {
      name: 'Reseller Portal Saree',
      category_id: shop.catalogue.men,
      subcategory_id: shop.catalogue.shirts,
    });

    const below = await browser.put(`/api/reseller/products/${item.productId}`, { price: 69999, description: '' });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors.price[0]).toMatch(/wholesale/);
    const saved = await browser.put(`/api/reseller/products/${item.productId}`, { price: 115000, description: 'Hand-picked for you' });
    expect(saved.statusCode, saved.body).toBe(200);

    const list = await browser.get('/api/reseller/products?q=Reseller%20Portal%20Saree');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: item.productId,
        wholesale_price: 70000,
        suggested_price: 100000,
        stock: 12,
        my_price: 115000,
        my_description: 'Hand-picked for you',
        variants: [expect.objectContaining({ id: item.variantId, stock: 12 })],
      }),
    ]);
    expect(list.json()).toMatchObject({ current_page: 1, total: 1 });
    const inCategory = await browser.get(`/api/reseller/products?category_id=${shop.catalogue.shirts}&per_page=100`);
    expect(inCategory.json().data.map((row: { id: number }) => row.id)).toContain(item.productId);
    const otherCategory = await browser.get(`/api/reseller/products?category_id=${shop.catalogue.kurti}&per_page=100`);
    expect(otherCategory.json().data.map((row: { id: number }) => row.id)).not.toContain(item.productId);

    // Another reseller sees the shop's prices, not this reseller's.
    const theirs = await (await signedIn(other.phone)).get(`/api/reseller/products/${item.productId}`);
    expect(theirs.json().data.my_price).toBeNull();
    // Hidden products are not in the reseller's catalogue.
    const hidden = await stockedProduct(shop, 1, { status: 0 });
    expect((await browser.get(`/api/reseller/products/${hidden.productId}`)).statusCode).toBe(404);
    // Without a session: 401.
    expect((await (await shop.t.browser()).get('/api/reseller/products')).statusCode).toBe(401);
  });
});

function orderBody(variantId: number, overrides: Record<string, unknown> = {}) {
  return {
    customer_name: 'Nasrin Akter',
    customer_phone: freshPhone(),
    customer_address: 'House 12, Road 5, Dhanmondi',
    city_id: shop.dhaka.city_id,
    sub_city_id: shop.dhaka.sub_city_id,
    lines: [{ variant_id: variantId, quantity: 2, unit_price: 95000 }],
    advance_paid: 10000,
    note: 'Call before delivery',
    idempotency_key: randomUUID(),
    ...overrides,
  };
}

describe('reseller orders', () => {
  it('places an order at the reseller price: refused below wholesale, stock reserved, idempotent, in the back office', async () => {
    const reseller = await newReseller();
    const browser = await signedIn(reseller.phone);
    const item = await stockedProduct(shop, 10);

    const below = await browser.post(
      '/api/reseller/orders',
      orderBody(item.variantId, { lines: [{ variant_id: item.variantId, quantity: 1, unit_price: 60000 }] }),
    );
    expect(below.statusCode).toBe(422);
    expect(below.json().errors['lines.0.unit_price'][0]).toMatch(/wholesale price/);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 10, ledger: 10 });

    const body = orderBody(item.variantId);
    const placed = await browser.post('/api/reseller/orders', body);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect(order).toMatchObject({
      type: 'reseller',
      status: 1,
      subtotal: 190000,
      delivery_charge: 7000,
      advance_paid: 10000,
      total: 197000,
      lines: [{ variant_id: item.variantId, quantity: 2, unit_price: 95000 }],
    });
    const [row] = await db.select({ resellerId: orders.resellerId }).from(orders).where(eq(orders.id, order.id));
    expect(row?.resellerId).toBe(reseller.id);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 8, ledger: 8 });

    const repeated = await browser.post('/api/reseller/orders', body);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().order.id).toBe(order.id);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 8, ledger: 8 });

    // Their view: wholesale total and profit (customer pays − wholesale − delivery charge).
    const view = await browser.get(`/api/reseller/orders/${order.id}`);
    expect(view.json().data).toMatchObject({ wholesale_total: 140000, profit: 197000 - 140000 - 7000, editable: true });
    // The pending list with counts and search.
    const pending = await browser.get(`/api/reseller/orders/status/1?q=${body.customer_phone}`);
    expect(pending.json().data).toEqual([expect.objectContaining({ id: order.id, profit: 50000, item_count: 2 })]);
    expect(pending.json().counts['1']).toBe(1);
    // The back office sees it as a reseller order.
    const admin = await shop.admin.get('/api/admin/orders?filter[type]=reseller');
    expect(admin.json().data.map((each: { id: number }) => each.id)).toContain(order.id);
    // Their customers come from their orders.
    const customers = await browser.get('/api/reseller/customers');
    expect(customers.json().data).toEqual([expect.objectContaining({ phone: body.customer_phone, order_count: 1 })]);

    // The dashboard's figures: one pending order this month, its sales and profit, today in the 30 days.
    const figures = (await browser.get('/api/reseller/orders/figures')).json();
    expect(figures.counts['1']).toBe(1);
    expect(figures.month).toEqual({ orders: 1, sales: 197000, profit: 50000 });
    expect(figures.days).toHaveLength(30);
    expect(figures.days.at(-1)).toEqual(expect.objectContaining({ orders: 1, sales: 197000 }));

    // Out of stock is said on the line.
    const tooMany = await browser.post(
      '/api/reseller/orders',
      orderBody(item.variantId, { lines: [{ variant_id: item.variantId, quantity: 9, unit_price: 95000 }] }),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors['lines.0.quantity']).toBeDefined();
  });

  it('lists each order with its own units and profit', async () => {
    const reseller = await newReseller();
    const browser = await signedIn(reseller.phone);
    const first = await stockedProduct(shop, 20);
    const second = await stockedProduct(shop, 20);
    const placed: { id: number }[] = [];
    for (const quantities of [
      [3, 1],
      [1, 4],
      [2, 2],
    ]) {
      const body = orderBody(first.variantId, {
        lines: [
          { variant_id: first.variantId, quantity: quantities[0], unit_price: 80000 },
          { variant_id: second.variantId, quantity: quantities[1], unit_price: 90000 },
        ],
        advance_paid: 0,
      });
      const response = await browser.post('/api/reseller/orders', body);
      expect(response.statusCode, response.body).toBe(201);
      placed.push(response.json().order);
    }
    const list = (await browser.get('/api/reseller/orders/status/1')).json().data as { id: number; item_count: number; profit: number }[];
    for (const [index, quantities] of [
      [3, 1],
      [1, 4],
      [2, 2],
    ].entries()) {
      const row = list.find((each) => each.id === placed[index]?.id);
      const [a = 0, b = 0] = quantities;
      expect(row).toMatchObject({ item_count: a + b, profit: (80000 - 70000) * a + (90000 - 70000) * b });
    }
  });

  it('edits an order only while pending, moving the stock of changed quantities', async () => {
    const reseller = await newReseller();
    const browser = await signedIn(reseller.phone);
    const item = await stockedProduct(shop, 10);
    const second = await stockedProduct(shop, 5);
    const placed = (await browser.post('/api/reseller/orders', orderBody(item.variantId))).json().order;
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 8, ledger: 8 });

    const edited = await browser.put(
      `/api/reseller/orders/${placed.id}`,
      orderBody(item.variantId, {
        customer_name: 'Nasrin Akter Jui',
        lines: [
          { variant_id: item.variantId, quantity: 1, unit_price: 99000 },
          { variant_id: second.variantId, quantity: 3, unit_price: 80000 },
        ],
        advance_paid: 0,
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ customer_name: 'Nasrin Akter Jui', subtotal: 99000 + 240000, advance_paid: 0 });
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 9, ledger: 9 });
    expect(await stockAndLedger(shop.t, second.variantId)).toEqual({ stock: 2, ledger: 2 });

    const below = await browser.put(
      `/api/reseller/orders/${placed.id}`,
      orderBody(item.variantId, { lines: [{ variant_id: item.variantId, quantity: 1, unit_price: 100 }] }),
    );
    expect(below.statusCode).toBe(422);
    expect(below.json().errors['lines.0.unit_price']).toBeDefined();

    // Confirmed by the shop: no more edits.
    await db.update(orders).set({ status: 2 }).where(eq(orders.id, placed.id));
    const late = await browser.put(`/api/reseller/orders/${placed.id}`, orderBody(item.variantId));
    expect(late.statusCode).toBe(409);
    expect((await browser.get(`/api/reseller/orders/${placed.id}`)).json().data.editable).toBe(false);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 9, ledger: 9 });
  });

  it("answers 404 for another reseller's order, customer, delivery charge and API key on every route", async () => {
    const owner = await newReseller();
    const intruder = await newReseller();
    const ownerBrowser = await signedIn(owner.phone);
    const intruderBrowser = await signedIn(intruder.phone);
    const item = await stockedProduct(shop, 10);
    const order = (await ownerBrowser.post('/api/reseller/orders', orderBody(item.variantId))).json().order;
    const charge = (await ownerBrowser.post('/api/reseller/delivery-charges', { city_id: shop.sylhet.city_id, charge: 15000 })).json().data;
    const key = (await ownerBrowser.post('/api/reseller/security/api-keys', { name: 'Website' })).json().data;
    const [ownerSession] = (await ownerBrowser.get('/api/reseller/security/sessions')).json().data;

    const attempts = [
      intruderBrowser.get(`/api/reseller/orders/${order.id}`),
      intruderBrowser.put(`/api/reseller/orders/${order.id}`, orderBody(item.variantId)),
      intruderBrowser.get(`/api/reseller/customers/${order.customer_id}`),
      intruderBrowser.put(`/api/reseller/delivery-charges/${charge.id}`, { city_id: shop.sylhet.city_id, charge: 1 }),
      intruderBrowser.delete(`/api/reseller/delivery-charges/${charge.id}`),
      intruderBrowser.delete(`/api/reseller/security/api-keys/${key.id}`),
      intruderBrowser.delete(`/api/reseller/security/sessions/${ownerSession.id}`),
    ];
    for (const attempt of await Promise.all(attempts)) expect(attempt.statusCode, attempt.body).toBe(404);
    // Nothing of the owner's is in the intruder's lists.
    expect((await intruderBrowser.get('/api/reseller/orders/status/1')).json().total).toBe(0);
    expect((await intruderBrowser.get('/api/reseller/customers')).json().total).toBe(0);
    expect((await intruderBrowser.get('/api/reseller/delivery-charges')).json().data).toEqual([]);
    // And nothing changed.
    expect((await ownerBrowser.get(`/api/reseller/orders/${order.id}`)).json().data.customer_name).toBe('Nasrin Akter');
    expect((await ownerBrowser.get('/api/reseller/delivery-charges')).json().data).toEqual([
      expect.objectContaining({ id: charge.id, charge: 15000 }),
    ]);
    expect((await ownerBrowser.get('/api/reseller/security/api-keys')).json().data[0].revoked_at).toBeNull();
    expect(await session(ownerBrowser)).toBe('RUNNING');
    // The owner reads their customer.
    expect((await ownerBrowser.get(`/api/reseller/customers/${order.customer_id}`)).json().orders).toHaveLength(1);
  });
});

describe('account pages', () => {
  it('creates an API key shown once and stored hashed, and revokes it', async () => {
    const reseller = await newReseller();
    const browser = await signedIn(reseller.phone);
    const created = await browser.post('/api/reseller/security/api-keys', { name: 'My website' });
    expect(created.statusCode, created.body).toBe(201);
    const { key, id } = created.json().data as { key: string; id: number };
    expect(key).toMatch(/^hk_/);
    const [stored] = await db.select().from(resellerApiKeys).where(eq(resellerApiKeys.id, id));
    expect(stored?.keyHash).toBe(sha256(key));
    expect(JSON.stringify(stored)).not.toContain(key);
    const listed = await browser.get('/api/reseller/security/api-keys');
    expect(listed.body).not.toContain(key);
    expect(listed.json().data).toEqual([expect.objectContaining({ id, name: 'My website', prefix: key.slice(0, 10), revoked_at: null })]);
    expect(await resellerForApiKey(db, key)).toEqual({ resellerId: reseller.id, keyId: id });

    const revoked = await browser.delete(`/api/reseller/security/api-keys/${id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revoked_at).not.toBeNull();
    expect(await resellerForApiKey(db, key)).toBeNull();
    expect((await browser.post('/api/reseller/security/api-keys', { name: '' })).json().errors.name).toBeDefined();
  });

  it('changes the password with the current one and signs out the other sessions; lists sessions and ends others', async () => {
    const reseller = await newReseller();
    const here = await signedIn(reseller.phone);
    const elsewhere = await signedIn(reseller.phone);
    const third = await signedIn(reseller.phone);
    const sessions = (await here.get('/api/reseller/security/sessions')).json().data;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((each: { current: boolean }) => each.current)).toHaveLength(1);

    const ended = await here.post('/api/reseller/security/sessions/end-others');
    expect(ended.statusCode).toBe(200);
    expect(await session(elsewhere)).toBe('EXPIRED');
    expect(await session(third)).toBe('EXPIRED');
    expect(await session(here)).toBe('RUNNING');

    const other = await signedIn(reseller.phone);
    const wrong = await here.post('/api/reseller/security/password', {
      current_password: 'not-it',
      password: 'new-password-22',
      password_confirmation: 'new-password-22',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toBeDefined();
    const changed = await here.post('/api/reseller/security/password', {
      current_password: PASSWORD,
      password: 'new-password-22',
      password_confirmation: 'new-password-22',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await session(other)).toBe('EXPIRED');
    expect(await session(here)).toBe('RUNNING');
    await signedIn(reseller.phone, 'new-password-22');
  });

  it('saves profile, company, colours and delivery charges, and lists referred resellers', async () => {
    const reseller = await newReseller();
    const referred = await newReseller('pending', reseller.id);
    const browser = await signedIn(reseller.phone);

    const profile = await browser.put('/api/reseller/profile', {
      name: 'Sadia Rahman',
      email: 'sadia.rahman@example.com',
      image: null,
      address: 'Mirpur 10, Dhaka',
      shop_name: 'Sadia Fashion House',
      about: 'Kurtis and sarees',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const information = (await browser.get('/api/reseller/information')).json().data;
    expect(information).toMatchObject({
      name: 'Sadia Rahman',
      phone: reseller.phone,
      shop_name: 'Sadia Fashion House',
      address: 'Mirpur 10, Dhaka',
      referral_code: expect.any(String),
      referral_count: 1,
    });
    expect((await browser.put('/api/reseller/profile', { name: 'X', shop_name: '' })).json().errors).toMatchObject({
      name: expect.any(Array),
      shop_name: expect.any(Array),
    });

    const company = await browser.put('/api/reseller/company', {
      company_name: 'Sadia Trading',
      company_phone: '01712345678',
      company_email: '',
      company_address: 'Mirpur',
      trade_license: 'TL-123',
      logo: null,
      facebook_url: 'https://facebook.com/sadia',
    });
    expect(company.statusCode, company.body).toBe(200);
    expect((await browser.get('/api/reseller/company')).json().data).toMatchObject({
      company_name: 'Sadia Trading',
      trade_license: 'TL-123',
    });

    expect(
      (await browser.put('/api/reseller/colors', { primary_color: 'red', secondary_color: '#000000', header_text_color: '#ffffff' }))
        .statusCode,
    ).toBe(422);
    const colours = await browser.put('/api/reseller/colors', {
      primary_color: '#AA0044',
      secondary_color: '#000000',
      header_text_color: '#ffffff',
    });
    expect(colours.json().data.primary_color).toBe('#aa0044');

    const everywhere = await browser.post('/api/reseller/delivery-charges', { city_id: '', charge: 12000 });
    expect(everywhere.statusCode, everywhere.body).toBe(201);
    const dhaka = await browser.post('/api/reseller/delivery-charges', {
      city_id: shop.dhaka.city_id,
      sub_city_id: shop.dhaka.sub_city_id,
      charge: 6000,
    });
    expect(dhaka.statusCode, dhaka.body).toBe(201);
    const twice = await browser.post('/api/reseller/delivery-charges', {
      city_id: shop.dhaka.city_id,
      sub_city_id: shop.dhaka.sub_city_id,
      charge: 5000,
    });
    expect(twice.statusCode).toBe(422);
    const wrongArea = await browser.post('/api/reseller/delivery-charges', {
      city_id: shop.sylhet.city_id,
      sub_city_id: shop.dhaka.sub_city_id,
      charge: 5000,
    });
    expect(wrongArea.json().errors.sub_city_id).toBeDefined();
    const charges = (await browser.get('/api/reseller/delivery-charges')).json().data;
    expect(charges.map((row: { charge: number; city_id: number | null }) => [row.city_id, row.charge])).toEqual([
      [null, 12000],
      [shop.dhaka.city_id, 6000],
    ]);

    const refer = (await browser.get('/api/reseller/refer/list')).json();
    expect(refer.data).toEqual([expect.objectContaining({ id: referred.id, status: 'pending' })]);
  });

  it('takes a picture upload for the profile, checked by content, and refuses anything else', async () => {
    const reseller = await newReseller();
    const browser = await signedIn(reseller.phone);
    const send = (filename: string, contentType: string, data: Buffer) => {
      const boundary = `----haat${Math.random().toString(16).slice(2)}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      );
      const body = Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      return browser.request('POST', '/api/reseller/uploads', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    };
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#a61e4d' } })
      .png()
      .toBuffer();
    const stored = await send('me.png', 'image/png', png);
    expect(stored.statusCode, stored.body).toBe(201);
    const { path } = stored.json() as { path: string };
    expect(path).toMatch(/^resellers\//);
    const saved = await browser.put('/api/reseller/profile', {
      name: 'Photo Reseller',
      email: '',
      image: path,
      address: '',
      shop_name: 'Photo Shop',
      about: '',
    });
    expect(saved.json().data.image).toBe(path);
    const fake = await send('me.png', 'image/png', Buffer.from('not a picture at all'));
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.image).toBeDefined();
    expect((await (await shop.t.browser()).post('/api/reseller/uploads')).statusCode).toBe(401);
  });

  it('refuses a suspended reseller', async () => {
    const reseller = await newReseller();
    const browser = await signedIn(reseller.phone);
    await db.update(resellers).set({ status: 'suspended' }).where(eq(resellers.id, reseller.id));
    expect((await browser.get('/api/reseller/orders/counts')).statusCode).toBe(401);
  });
});
