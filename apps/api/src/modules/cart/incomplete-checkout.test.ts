import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import { addToCart, checkoutBody, freshPhone, openShop, type Shop, shopper, stockAndLedger, stockedProduct } from '../orders/order.fixture';
import { orders } from '../orders/order.table';
import { purgeIncompleteCheckouts } from './incomplete-checkout.service';
import { incompleteCheckouts } from './incomplete-checkout.table';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

const db = () => shop.t.database.db;

/** A shopper with `quantity` of a new product in the cart, who typed their details at the checkout. */
async function typedCheckout(stock = 5, quantity = 2, typed: Record<string, unknown> = {}) {
  const item = await stockedProduct(shop, stock, { weight_grams: 500 });
  const browser = await shopper(shop);
  await addToCart(browser, item.variantId, quantity);
  const phone = freshPhone();
  const saved = await browser.post('/_public/checkout/draft', {
    name: 'Rumana Akter',
    phone,
    address: 'House 12, Road 5, Dhanmondi',
    ...shop.dhaka,
    ...typed,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json()).toEqual({ saved: true });
  const [draft] = await db().select().from(incompleteCheckouts).where(eq(incompleteCheckouts.phone, phone));
  if (!draft) throw new Error('no draft');
  return { item, browser, phone, draft };
}

const convertBody = (phone: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Rumana Akter',
  phone,
  address: 'House 12, Road 5, Dhanmondi',
  ...shop.dhaka,
  ...overrides,
});

async function ordersWithPhone(phone: string) {
  const views = (await shop.admin.get(`/api/admin/incomplete-checkouts?q=${phone}`)).json();
  return views;
}

describe('POST /_public/checkout/draft', () => {
  it('keeps one draft per cart with the cart’s lines, written again as the shopper types', async () => {
    const { browser, phone, draft, item } = await typedCheckout(5, 2);
    expect(draft).toMatchObject({
      status: 'open',
      name: 'Rumana Akter',
      itemCount: 2,
      subtotal: 200000,
      lines: [{ variant_id: item.variantId, quantity: 2, unit_price: 100000, name: item.name, variant_label: expect.any(String) }],
    });
    const again = await browser.post('/_public/checkout/draft', { name: 'Rumana Akter Mitu', phone, address: 'House 12, Road 5' });
    expect(again.statusCode, again.body).toBe(200);
    const rows = await db().select().from(incompleteCheckouts).where(eq(incompleteCheckouts.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: draft.id, name: 'Rumana Akter Mitu', cityId: null });
  });

  it('refuses an invalid phone or an empty cart, naming the field', async () => {
    const browser = await shopper(shop);
    const empty = await browser.post('/_public/checkout/draft', { name: 'A', phone: freshPhone() });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ cart: ['Your cart is empty.'] });
    await addToCart(browser, (await stockedProduct(shop, 3)).variantId);
    const badPhone = await browser.post('/_public/checkout/draft', { name: 'A', phone: '12345' });
    expect(badPhone.statusCode).toBe(422);
    expect(badPhone.json().errors.phone).toEqual(['Enter a mobile number like 01712345678']);
    const tooLong = await browser.post('/_public/checkout/draft', { phone: freshPhone(), address: 'x'.repeat(301) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.address).toEqual(['Use at most 300 characters']);
  });

  it('is closed when the shopper places the order themselves', async () => {
    const { browser, phone, draft } = await typedCheckout(5, 1);
    const placed = await browser.post('/_public/checkout', checkoutBody(shop.dhaka, { phone }));
    expect(placed.statusCode, placed.body).toBe(201);
    const [after] = await db().select().from(incompleteCheckouts).where(eq(incompleteCheckouts.id, draft.id));
    expect(after).toMatchObject({ status: 'converted', orderId: placed.json().order.id, convertedBy: null });
    const detail = (await shop.admin.get(`/api/admin/incomplete-checkouts/${draft.id}`)).json().data;
    expect(detail).toMatchObject({ status: 'converted', converted_by: 'shopper', order_number: placed.json().order.number });
  });
});

describe('the call-back list', () => {
  it('logs calls with their outcome and note, filters and searches, and exports CSV', async () => {
    const { phone, draft } = await typedCheckout();
    const call = await shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/calls`, { outcome: 'no_answer', note: 'Rang twice' });
    expect(call.statusCode, call.body).toBe(201);
    const second = await shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/calls`, { outcome: 'call_later' });
    expect(second.json().data).toMatchObject({
      call_count: 2,
      last_outcome: 'call_later',
      calls: [
        { outcome: 'no_answer', note: 'Rang twice', admin_name: expect.any(String) },
        { outcome: 'call_later', note: '' },
      ],
    });
    const bad = await shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/calls`, { outcome: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.outcome).toBeDefined();

    const found = await ordersWithPhone(phone);
    expect(found.data.map((row: { id: number }) => row.id)).toEqual([draft.id]);
    const later = (await shop.admin.get('/api/admin/incomplete-checkouts?filter[outcome]=call_later&filter[status]=open')).json();
    expect(later.data.map((row: { id: number }) => row.id)).toContain(draft.id);
    const noAnswer = (await shop.admin.get('/api/admin/incomplete-checkouts?filter[outcome]=no_answer')).json();
    expect(noAnswer.data.map((row: { id: number }) => row.id)).not.toContain(draft.id);
    const csv = await shop.admin.get(`/api/admin/incomplete-checkouts/export.csv?q=${phone}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(phone);
    expect(csv.body).toContain('Call later');

    const dismissed = await shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/status`, { status: 'dismissed' });
    expect(dismissed.json().data.status).toBe('dismissed');
    const refused = await shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/convert`, convertBody(phone));
    expect(refused.statusCode).toBe(409);
    expect((await shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/status`, { status: 'open' })).json().data.status).toBe(
      'open',
    );
  });
});

describe('POST /api/admin/incomplete-checkouts/:id/convert', () => {
  it('places a website order with the corrected details at today’s prices, once, whatever the clicks', async () => {
    const { phone, draft, item } = await typedCheckout(5, 2);
    const corrected = convertBody(phone, { name: 'Rumana Akter', address: 'House 12, Road 5, Dhanmondi, near the mosque', ...shop.sylhet });
    const first = await shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/convert`, corrected);
    expect(first.statusCode, first.body).toBe(201);
    const converted = first.json();
    expect(converted).toMatchObject({ created: true, order_number: expect.stringMatching(/^HB-/) });
    const [order] = await db().select().from(orders).where(eq(orders.id, converted.order_id));
    // The checkout's rules: retail price, Sylhet's delivery charge (৳130), pending, website.
    expect(order).toMatchObject({ type: 'website', status: 1, subtotal: 200000, deliveryCharge: 13000, total: 213000 });
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 3, ledger: 3 });
    const again = await shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/convert`, corrected);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, order_id: converted.order_id });
    const [after] = await db().select().from(incompleteCheckouts).where(eq(incompleteCheckouts.id, draft.id));
    expect(after).toMatchObject({ status: 'converted', orderId: converted.order_id, cityId: shop.sylhet.city_id });
    expect(after?.convertedBy).not.toBeNull();
  });

  it('makes one order of two clicks at once (and of ten)', async () => {
    const { phone, draft, item } = await typedCheckout(10, 1);
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () => shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/convert`, convertBody(phone))),
    );
    const statuses = clicks.map((click) => click.statusCode).sort();
    expect(statuses, clicks.map((click) => click.body).join('\n')).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(clicks.map((click) => click.json().order_id));
    expect(ids.size).toBe(1);
    const [made] = await db()
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.idempotencyScope, 'incomplete-checkout'), eq(orders.idempotencyKey, String(draft.id))));
    expect(made?.n).toBe(1);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 9, ledger: 9 });
  });

  it('makes one order when the shopper places it while staff convert it', async () => {
    const { browser, phone, draft } = await typedCheckout(10, 1);
    const [shopperAnswer, staffAnswer] = await Promise.all([
      browser.post('/_public/checkout', checkoutBody(shop.dhaka, { phone })),
      shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/convert`, convertBody(phone)),
    ]);
    const made = [shopperAnswer, staffAnswer].filter((answer) => answer.statusCode === 201);
    expect(made, `${shopperAnswer.body}\n${staffAnswer.body}`).toHaveLength(1);
    const [after] = await db().select().from(incompleteCheckouts).where(eq(incompleteCheckouts.id, draft.id));
    expect(after?.status).toBe('converted');
    const [orderCount] = await db().select({ n: count() }).from(orders).where(eq(orders.customerPhone, phone));
    expect(orderCount?.n).toBe(1);
  });

  it('answers 422 naming the line when it is out of stock, and needs a city and area', async () => {
    const { phone, draft, item } = await typedCheckout(2, 2);
    const noPlace = await shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/convert`, {
      name: 'R',
      phone,
      address: 'House 1, Road 2',
    });
    expect(noPlace.statusCode).toBe(422);
    expect(Object.keys(noPlace.json().errors)).toEqual(expect.arrayContaining(['city_id', 'sub_city_id']));
    // Someone else buys one of the two.
    const other = await shopper(shop);
    await addToCart(other, item.variantId, 1);
    expect((await other.post('/_public/checkout', checkoutBody(shop.dhaka))).statusCode).toBe(201);
    const short = await shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/convert`, convertBody(phone));
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toContain(item.name);
    const [after] = await db().select().from(incompleteCheckouts).where(eq(incompleteCheckouts.id, draft.id));
    expect(after?.status).toBe('open');
  });
});

describe('purge and dashboard', () => {
  it('removes unconverted drafts older than the setting, keeps converted ones, and counts the open ones', async () => {
    const old = await typedCheckout();
    const kept = await typedCheckout();
    await shop.admin.post(`/api/admin/incomplete-checkouts/${kept.draft.id}/convert`, convertBody(kept.phone));
    const setting = await shop.admin.put('/api/admin/settings/incomplete', { save_drafts: true, keep_days: 10 });
    expect(setting.statusCode, setting.body).toBe(200);
    const dashboard = (await shop.admin.get('/api/admin/dashboard')).json();
    const card = dashboard.cards.find((each: { id: string }) => each.id === 'incomplete-open');
    expect(card?.value).toBeGreaterThan(0);
    const later = new Date(Date.now() + 11 * 24 * 3600_000);
    const { removed } = await purgeIncompleteCheckouts(systemCtx(db(), later));
    expect(removed).toBeGreaterThan(0);
    expect(await db().select().from(incompleteCheckouts).where(eq(incompleteCheckouts.id, old.draft.id))).toHaveLength(0);
    expect(await db().select().from(incompleteCheckouts).where(eq(incompleteCheckouts.id, kept.draft.id))).toHaveLength(1);
    const after = (await shop.admin.get('/api/admin/dashboard')).json();
    expect(after.cards.find((each: { id: string }) => each.id === 'incomplete-open')?.value).toBe(0);
  });

  it('saves nothing when the shop switches drafts off', async () => {
    await shop.admin.put('/api/admin/settings/incomplete', { save_drafts: false, keep_days: 30 });
    const browser = await shopper(shop);
    await addToCart(browser, (await stockedProduct(shop, 3)).variantId);
    const answer = await browser.post('/_public/checkout/draft', { phone: freshPhone() });
    expect(answer.json()).toEqual({ saved: false });
    await shop.admin.put('/api/admin/settings/incomplete', { save_drafts: true, keep_days: 30 });
  });
});
