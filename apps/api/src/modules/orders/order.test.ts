import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { orderViewSchema, trackedOrderSchema } from '@haat/contracts';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { staffWith } from '../../test/staff';
import { ledgerMismatches } from '../products';
import { addToCart, checkoutBody, freshPhone, openShop, type Shop, shopper, stockAndLedger, stockedProduct } from './order.fixture';
import { orderView, type PlacedOrder, type PlaceOrderInput, placeOrder, placeOrders } from './order.service';
import { orders, orderTrackingMisses } from './order.table';
import { placeOrderInBatch } from './order-batch';
import { variantSalesMismatches } from './variant-sales.service';

let shop: Shop;
let db: Db;
beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
});
afterAll(() => shop.t.close());

function phoneOrder(lines: PlaceOrderInput['lines'], overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    type: 'phone',
    customer: {
      name: 'Jamal Hossain',
      phone: freshPhone(),
      address: 'Village Road, Beanibazar',
      cityId: shop.sylhet.city_id,
      subCityId: shop.sylhet.sub_city_id,
    },
    lines,
    ...overrides,
  };
}

async function placedByCheckout(quantity = 1) {
  const item = await stockedProduct(shop, 10);
  const browser = await shopper(shop);
  await addToCart(browser, item.variantId, quantity);
  const body = checkoutBody(shop.dhaka, { name: `Buyer ${randomUUID().slice(0, 6)}` });
  const response = await browser.post('/_public/checkout', body);
  expect(response.statusCode, response.body).toBe(201);
  return { order: orderViewSchema.parse(response.json().order), body, item };
}

describe('placeOrder for every channel', () => {
  it('prices on the server, merges repeated lines and reserves stock with the line fields', async () => {
    const item = await stockedProduct(shop, 10, { weight_grams: 800 });
    const placed = await placeOrder(
      systemCtx(db),
      phoneOrder([
        { variantId: item.variantId, quantity: 1 },
        { variantId: item.variantId, quantity: 2 },
      ]),
    );
    expect(placed.created).toBe(true);
    expect(placed.order).toMatchObject({
      type: 'phone',
      status: 1,
      subtotal: 300000,
      // 2.4 kg outside the main city: ৳130 + 2 started kilograms over the first at ৳20.
      delivery_charge: 13000 + 4000,
      total: 317000,
      lines: [{ variant_id: item.variantId, quantity: 3, unit_price: 100000 }],
    });
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 7, ledger: 7 });

    const refused = await placeOrder(systemCtx(db), phoneOrder([{ variantId: item.variantId, quantity: 8 }])).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).errors).toEqual({ 'lines.0.quantity': [`Only 7 of ${item.name} are left; the order asks for 8.`] });
  });

  it('lets staff sell a hidden product, but never an advance above the total', async () => {
    const item = await stockedProduct(shop, 5, { status: 0 });
    const storefront = await placeOrder(systemCtx(db), phoneOrder([{ variantId: item.variantId, quantity: 1 }])).catch(
      (error: unknown) => error,
    );
    expect((storefront as HttpError).errors).toEqual({ 'lines.0.quantity': [`${item.name} is no longer available; remove it.`] });
    const staff = await placeOrder(
      systemCtx(db),
      phoneOrder([{ variantId: item.variantId, quantity: 1 }], { publishedOnly: false, advancePaid: 20000 }),
    );
    expect(staff.order).toMatchObject({ advance_paid: 20000, payment_status: 'partial', total: 113000 });
    const tooMuch = await placeOrder(
      systemCtx(db),
      phoneOrder([{ variantId: item.variantId, quantity: 1 }], { publishedOnly: false, advancePaid: 200000 }),
    ).catch((error: unknown) => error);
    expect((tooMuch as HttpError).errors?.advance_paid?.[0]).toMatch(/^The advance cannot be more than the order total, ৳1,130\.$/);
    const empty = await placeOrder(systemCtx(db), phoneOrder([])).catch((error: unknown) => error);
    expect((empty as HttpError).errors).toEqual({ lines: ['There is nothing to order: add a product first.'] });
  });

  it('honours the site configuration: no orders while taking orders is off', async () => {
    const item = await stockedProduct(shop, 5);
    const configuration = (await shop.admin.get('/api/admin/settings/configuration')).json().data;
    await shop.admin.put('/api/admin/settings/configuration', { ...configuration, orders_enabled: false });
    const refused = await placeOrder(systemCtx(db), phoneOrder([{ variantId: item.variantId, quantity: 1 }])).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).message).toBe('The shop is not taking orders right now. Please try again later.');
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 5, ledger: 5 });
    await shop.admin.put('/api/admin/settings/configuration', { ...configuration, orders_enabled: true });
    expect((await placeOrder(systemCtx(db), phoneOrder([{ variantId: item.variantId, quantity: 1 }]))).created).toBe(true);
  });

  it('makes one order from concurrent placements with one key, and numbers orders HB-1xxxxx', async () => {
    const item = await stockedProduct(shop, 10);
    const input = phoneOrder([{ variantId: item.variantId, quantity: 2 }], { idempotency: { scope: 'admin:1', key: randomUUID() } });
    const results = await Promise.all(Array.from({ length: 5 }, () => placeOrder(systemCtx(db), input)));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.order.id)).size).toBe(1);
    expect(results[0]?.order.number).toMatch(/^HB-1\d{5}$/);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 8, ledger: 8 });
    expect(await ledgerMismatches(db)).toEqual([]);
    expect(await variantSalesMismatches(db)).toEqual([]);
  });
});

describe('placeOrders: many orders in one transaction', () => {
  it('answers each request as placing it alone would, in order, and writes only what a lone placement writes', async () => {
    const plenty = await stockedProduct(shop, 100, { weight_grams: 600 });
    const scarce = await stockedProduct(shop, 3);
    const hidden = await stockedProduct(shop, 10, { status: 0 });
    const key = { scope: 'admin:1', key: randomUUID() };
    const first = phoneOrder([{ variantId: plenty.variantId, quantity: 2 }], { idempotency: key });
    const requests = [
      { input: first },
      { input: phoneOrder([{ variantId: scarce.variantId, quantity: 2 }]) },
      // The same key again in the same batch: the first's order, not a second one.
      { input: { ...first, customer: { ...first.customer } } },
      // More than the stock the batch has left after the second request.
      { input: phoneOrder([{ variantId: scarce.variantId, quantity: 2 }]) },
      // The storefront may not sell a hidden product; the staff may.
      { input: phoneOrder([{ variantId: hidden.variantId, quantity: 1 }]) },
      { input: phoneOrder([{ variantId: hidden.variantId, quantity: 1 }], { publishedOnly: false }) },
      { input: phoneOrder([]) },
      { input: phoneOrder([{ variantId: plenty.variantId, quantity: 1 }]) },
    ];
    const results = await placeOrders(systemCtx(db), requests);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const value = (index: number) => (results[index] as PromiseFulfilledResult<PlacedOrder>).value;
    const reason = (index: number) => (results[index] as PromiseRejectedResult).reason as HttpError;
    expect(value(0).created).toBe(true);
    expect(value(2)).toMatchObject({ created: false, order: { id: value(0).order.id } });
    expect(value(0).order).toMatchObject({ type: 'phone', status: 1, phone: first.customer.phone, subtotal: 200000 });
    expect(value(0).order.lines).toMatchObject([{ variant_id: plenty.variantId, quantity: 2, unit_price: 100000 }]);
    expect(value(0).order.history).toMatchObject([{ status: 1, note: 'Order placed' }]);
    expect(value(1).order.lines).toMatchObject([{ variant_id: scarce.variantId, quantity: 2 }]);
    expect(reason(3).statusCode).toBe(422);
    expect(reason(3).errors).toEqual({ 'lines.0.quantity': [`Only 1 of ${scarce.name} is left; the order asks for 2.`] });
    expect(reason(4).errors).toEqual({ 'lines.0.quantity': [`${hidden.name} is no longer available; remove it.`] });
    expect(reason(6).errors).toEqual({ lines: ['There is nothing to order: add a product first.'] });
    // Each answer is the order as it was written.
    for (const index of [0, 1, 5, 7]) expect(value(index).order).toEqual(await orderView(db, value(index).order.id));
    expect(new Set([0, 1, 5, 7].map((index) => value(index).order.id)).size).toBe(4);

    expect(await stockAndLedger(shop.t, plenty.variantId)).toEqual({ stock: 97, ledger: 97 });
    expect(await stockAndLedger(shop.t, scarce.variantId)).toEqual({ stock: 1, ledger: 1 });
    expect(await stockAndLedger(shop.t, hidden.variantId)).toEqual({ stock: 9, ledger: 9 });
    const refusedPhones = [3, 4, 6].map((index) => requests[index]?.input.customer.phone as string);
    expect(await db.select({ id: orders.id }).from(orders).where(inArray(orders.customerPhone, refusedPhones))).toEqual([]);
    expect(await ledgerMismatches(db)).toEqual([]);
    expect(await variantSalesMismatches(db)).toEqual([]);
  });

  it('sells exactly the stock to concurrent placements through the placement queue, each refusal naming its line', async () => {
    const item = await stockedProduct(shop, 25);
    const inputs = Array.from({ length: 40 }, () => phoneOrder([{ variantId: item.variantId, quantity: 1 }]));
    const results = await Promise.allSettled(inputs.map((input) => placeOrderInBatch(systemCtx(db), input)));
    const placed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(placed).toHaveLength(25);
    expect(refused).toHaveLength(15);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(HttpError);
      expect((reason as HttpError).errors).toEqual({ 'lines.0.quantity': [`${item.name} is out of stock.`] });
    }
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 0, ledger: 0 });
    const [written] = await db
      .select({ n: count() })
      .from(orders)
      .where(
        inArray(
          orders.customerPhone,
          inputs.map((input) => input.customer.phone),
        ),
      );
    expect(written?.n).toBe(25);
    expect(await ledgerMismatches(db)).toEqual([]);
    expect(await variantSalesMismatches(db)).toEqual([]);
  });
});

describe('the back office order reads', () => {
  it('lists orders with search by number, phone and name, filters, and both pagination shapes', async () => {
    const first = await placedByCheckout(1);
    const second = await placedByCheckout(2);
    const all = (await shop.admin.get('/api/admin/orders?per_page=1')).json();
    expect(all).toMatchObject({
      current_page: 1,
      per_page: 1,
      total: expect.any(Number),
      next_page_url: expect.stringContaining('page=2'),
    });
    expect(all.data[0].id).toBe(second.order.id);
    const resource = (await shop.admin.get('/api/admin/orders?per_page=1&format=resource')).json();
    expect(resource).toMatchObject({ meta: { per_page: 1 }, links: { first: expect.any(String) } });

    const byNumber = (await shop.admin.get(`/api/admin/orders?q=${first.order.number}`)).json();
    expect(byNumber.data.map((row: { id: number }) => row.id)).toEqual([first.order.id]);
    const byPhone = (await shop.admin.get(`/api/admin/orders?q=${encodeURIComponent(`+88${first.body.phone}`)}`)).json();
    expect(byPhone.data.map((row: { id: number }) => row.id)).toEqual([first.order.id]);
    const byName = (await shop.admin.get(`/api/admin/orders?q=${encodeURIComponent(second.body.name.toLowerCase())}`)).json();
    expect(byName.data.map((row: { id: number }) => row.id)).toEqual([second.order.id]);
    expect(byName.data[0]).toMatchObject({
      number: second.order.number,
      status: 1,
      status_label: 'Pending',
      type: 'website',
      type_label: 'Website',
      customer_name: second.body.name,
      phone: second.body.phone,
      city_name: 'Dhaka',
      sub_city_name: 'Dhanmondi',
      item_count: 2,
      total: 207000,
    });

    const [pending] = await db.select({ n: count() }).from(orders).where(eq(orders.status, 1));
    const filtered = (await shop.admin.get('/api/admin/orders?filter[status]=1&per_page=100')).json();
    expect(filtered.total).toBe(pending?.n);
    expect((await shop.admin.get('/api/admin/orders?filter[type]=reseller')).json().total).toBe(0);
    expect((await shop.admin.get('/api/admin/orders?filter[status]=9')).json().errors).toEqual({
      'filter.status': ['The filter "status" has an invalid value.'],
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
    expect((await shop.admin.get(`/api/admin/orders?filter[placed_from]=${today}&filter[placed_to]=${today}`)).json().total).toBe(
      (await shop.admin.get('/api/admin/orders')).json().total,
    );
    expect((await shop.admin.get('/api/admin/orders?filter[placed_to]=2020-01-01')).json().total).toBe(0);
    const csv = await shop.admin.get(`/api/admin/orders/export.csv?q=${first.order.number}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(first.order.number);
    expect(csv.body).toContain('1070.00');
  });

  it('shows one order with its lines and history', async () => {
    const { order } = await placedByCheckout(1);
    const response = await shop.admin.get(`/api/admin/orders/${order.id}`);
    expect(response.statusCode).toBe(200);
    const view = orderViewSchema.parse(response.json().data);
    expect(view).toEqual(order);
    expect((await shop.admin.get('/api/admin/orders/999999')).statusCode).toBe(404);
    expect((await shop.admin.get('/api/admin/orders/abc')).statusCode).toBe(404);
  });

  it('needs order.view (and order.export for the CSV)', async () => {
    const { order } = await placedByCheckout(1);
    const nobody = await staffWith(shop.t, []);
    expect((await nobody.get('/api/admin/orders')).statusCode).toBe(403);
    expect((await nobody.get(`/api/admin/orders/${order.id}`)).statusCode).toBe(403);
    const viewer = await staffWith(shop.t, ['order.view']);
    expect((await viewer.get('/api/admin/orders')).statusCode).toBe(200);
    expect((await viewer.get('/api/admin/orders/export.csv')).statusCode).toBe(403);
    expect((await (await shopper(shop)).get('/api/admin/orders')).statusCode).toBe(401);
    // There is no way to write an order through the list's resource.
    expect((await shop.admin.post('/api/admin/orders', {})).statusCode).toBe(404);
  });

  it('adds orders today and pending orders to the dashboard', async () => {
    await placedByCheckout(1);
    const [pending] = await db.select({ n: count() }).from(orders).where(eq(orders.status, 1));
    const [all] = await db.select({ n: count() }).from(orders);
    const view = (await shop.admin.get('/api/admin/dashboard')).json();
    const card = (id: string) => view.cards.find((each: { id: string }) => each.id === id);
    expect(card('orders-pending')).toMatchObject({ value: pending?.n, format: 'count', link: '/admin/order/process/1' });
    expect(card('orders-today')?.value).toBe(all?.n);
    const viewer = await staffWith(shop.t, ['dashboard.view']);
    expect((await viewer.get('/api/admin/dashboard')).json().cards.some((each: { id: string }) => each.id === 'orders-today')).toBe(false);
  });
});

describe('GET /_public/order/track', () => {
  it('answers the status, lines, total and history only when number and phone both match', async () => {
    const { order, body } = await placedByCheckout(2);
    const visitor = await shopper(shop);
    const found = await visitor.get(
      `/_public/order/track?number=${order.number.toLowerCase()}&phone=${encodeURIComponent(`+88 ${body.phone}`)}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(trackedOrderSchema.parse(found.json().order)).toEqual({
      number: order.number,
      status: 1,
      status_label: 'Pending',
      placed_at: order.placed_at,
      lines: [{ name: order.lines[0]?.name, variant_label: '', quantity: 2, unit_price: 100000, line_total: 200000 }],
      subtotal: 200000,
      delivery_charge: 7000,
      discount: 0,
      total: 207000,
      history: [{ status: 1, status_label: 'Pending', at: order.placed_at }],
      courier: null,
    });
    expect(JSON.stringify(found.json())).not.toContain(body.address);
    // The digits alone find it too.
    expect((await visitor.get(`/_public/order/track?number=${order.number.slice(3)}&phone=${body.phone}`)).statusCode).toBe(200);

    const wrongPhone = await visitor.get(`/_public/order/track?number=${order.number}&phone=01999999999`);
    expect(wrongPhone.statusCode).toBe(404);
    expect(wrongPhone.json()).toEqual({
      message: 'We could not find an order with this number and phone number. Check both and try again.',
    });
    const noPhone = await visitor.get(`/_public/order/track?number=${order.number}`);
    expect(noPhone.statusCode).toBe(422);
    expect(Object.keys(noPhone.json().errors)).toEqual(['phone']);
    expect((await visitor.get('/_public/order/track')).json().errors).toMatchObject({
      number: expect.any(Array),
      phone: expect.any(Array),
    });
  });

  it('stops an address after ten lookups that found nothing', async () => {
    const { order, body } = await placedByCheckout(1);
    await db.delete(orderTrackingMisses);
    const visitor = await shopper(shop);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await visitor.get(`/_public/order/track?number=HB-9${attempt}&phone=${body.phone}`)).statusCode).toBe(404);
    }
    const blocked = await visitor.get(`/_public/order/track?number=${order.number}&phone=${body.phone}`);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toContain('Please wait 15 minutes');
    await db.delete(orderTrackingMisses);
    expect((await visitor.get(`/_public/order/track?number=${order.number}&phone=${body.phone}`)).statusCode).toBe(200);
  });
});

describe('order lists read newest first', () => {
  it('by the time of placing by default, whatever order the rows were written in; an explicit sort still wins', async () => {
    const item = await stockedProduct(shop, 20);
    const phone = freshPhone();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
    const customer = { name: 'Rina Akter', phone, address: 'House 3, Road 5', cityId: shop.dhaka.city_id, subCityId: null };
    // Written in this order (ids ascending), placed at other times: back-dated like an import or the demo shop.
    const placed = [];
    for (const hours of [30, 2, 50, 1]) {
      const { order } = await placeOrder(systemCtx(db, hoursAgo(hours)), {
        type: 'phone',
        customer,
        lines: [{ variantId: item.variantId, quantity: 1 }],
      });
      placed.push({ id: order.id, hours });
    }
    const newestFirst = [...placed].sort((a, b) => a.hours - b.hours).map((row) => row.id);
    const ids = (query: string) =>
      shop.admin.get(`/api/admin/orders?q=${phone}${query}`).then((response) => response.json().data.map((row: { id: number }) => row.id));

    expect(await ids('')).toEqual(newestFirst);
    expect(await ids('&filter[status]=1&filter[type]=phone')).toEqual(newestFirst);
    expect(await ids('&sort=placed_at')).toEqual([...newestFirst].reverse());
    expect(await ids('&sort=id')).toEqual(placed.map((row) => row.id));
    expect(await ids('&sort=-id')).toEqual(placed.map((row) => row.id).reverse());
    // Pages follow the same order: the second of two per page is the third newest.
    const second = (await shop.admin.get(`/api/admin/orders?q=${phone}&per_page=2&page=2`)).json();
    expect(second.data.map((row: { id: number }) => row.id)).toEqual(newestFirst.slice(2));
    const csv = (await shop.admin.get(`/api/admin/orders/export.csv?q=${phone}`)).body;
    const numbers = [...csv.matchAll(/HB-\d+/g)].map((match) => match[0]);
    const numberOf = new Map((await db.select({ id: orders.id, number: orders.number }).from(orders)).map((row) => [row.id, row.number]));
    expect(numbers).toEqual(newestFirst.map((id) => numberOf.get(id)));
  });
});

describe('an order source has one spelling', () => {
  it('is written in the shop source spelling whatever the case, and the CSV keeps the type code', async () => {
    const { order } = await placedByCheckout(1);
    const [fromCheckout] = await db.select({ source: orders.source }).from(orders).where(eq(orders.id, order.id));
    expect(fromCheckout?.source).toBe('Website');
    const item = await stockedProduct(shop, 10);
    const sourceOf = async (source: string) => {
      const placed = await placeOrder(systemCtx(db), phoneOrder([{ variantId: item.variantId, quantity: 1 }], { source }));
      const [row] = await db.select({ source: orders.source }).from(orders).where(eq(orders.id, placed.order.id));
      return row?.source;
    };
    expect(await sourceOf(' FACEBOOK ')).toBe('Facebook');
    expect(await sourceOf('whatsapp')).toBe('WhatsApp');
    expect(await sourceOf('landing:eid-sale')).toBe('landing:eid-sale');
    expect(await sourceOf('  ')).toBeNull();

    const csv = (await shop.admin.get(`/api/admin/orders/export.csv?q=${order.number}`)).body;
    const [header, line] = csv.trim().split(/\r?\n/);
    const cells = (text = '') => text.split(',');
    const at = (name: string) => cells(header).indexOf(name);
    expect(cells(line)[at('Type')]).toBe('website');
    expect(cells(line)[at('Source')]).toBe('Website');
  });

  it('the migration gives stored sources of mixed case the one spelling', async () => {
    const item = await stockedProduct(shop, 10);
    const made = [];
    for (const source of ['website', 'WEBSITE', 'facebook', 'Reseller portal']) {
      const placed = await placeOrder(systemCtx(db), phoneOrder([{ variantId: item.variantId, quantity: 1 }]));
      await db.update(orders).set({ source }).where(eq(orders.id, placed.order.id));
      made.push(placed.order.id);
    }
    const migration = fs.readFileSync(new URL('../../../drizzle/0032_order_lists_newest_first.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').filter((part) => /^\s*(--.*\n\s*)*UPDATE/i.test(part)))
      await db.execute(sql.raw(statement));
    const rows = await db.select({ id: orders.id, source: orders.source }).from(orders).where(inArray(orders.id, made));
    expect(made.map((id) => rows.find((row) => row.id === id)?.source)).toEqual(['Website', 'Website', 'Facebook', 'Reseller portal']);
  });
});
