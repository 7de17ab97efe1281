import { randomUUID } from 'node:crypto';
import { orderViewSchema, type StaffOrderInput, staffOrderQuoteSchema } from '@haat/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { staffWith } from '../../test/staff';
import { stockMovements } from '../products/product.table';
import { freshPhone, openShop, type Shop, stockAndLedger, stockedProduct } from './order.fixture';
import { orderStatusHistory, orders } from './order.table';
import { unitsReturnedByExchange } from './order-entry.service';
import { orderExchangeReturns } from './order-entry.table';
import { moveOrderStatus } from './order-status.service';

let shop: Shop;
let db: Db;
beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
});
afterAll(() => shop.t.close());

function phoneOrderBody(lines: StaffOrderInput['lines'], overrides: Partial<StaffOrderInput> = {}): StaffOrderInput {
  return {
    name: 'Jamal Hossain',
    phone: freshPhone(),
    address: 'House 4, Road 9, Dhanmondi',
    ...shop.dhaka,
    lines,
    payment_method: 'cod',
    source: 'Facebook',
    idempotency_key: randomUUID(),
    ...overrides,
  };
}

async function placePhoneOrder(body: StaffOrderInput, path = '/api/admin/orders/phone') {
  const response = await shop.admin.post(path, body);
  expect(response.statusCode, response.body).toBe(201);
  return orderViewSchema.parse(response.json().data);
}

async function setStatus(orderId: number, status: number) {
  await db.update(orders).set({ status }).where(eq(orders.id, orderId));
}

describe('phone orders (/admin/add/order)', () => {
  it('finds the customer by phone, with the address of their last order', async () => {
    const item = await stockedProduct(shop, 10);
    const phone = freshPhone();
    await placePhoneOrder(phoneOrderBody([{ variant_id: item.variantId, quantity: 1 }], { phone, name: 'Rokeya Begum' }));
    const found = await shop.admin.get(`/api/admin/order-entry/customer?phone=%2B88${phone}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().customer).toMatchObject({
      name: 'Rokeya Begum',
      phone,
      address: 'House 4, Road 9, Dhanmondi',
      city_id: shop.dhaka.city_id,
      sub_city_id: shop.dhaka.sub_city_id,
      orders_count: 1,
      blocked: false,
    });
    const nobody = await shop.admin.get(`/api/admin/order-entry/customer?phone=${freshPhone()}`);
    expect(nobody.json()).toEqual({ customer: null });
    const bad = await shop.admin.get('/api/admin/order-entry/customer?phone=12345');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.phone).toBeDefined();
  });

  it('prices on the server (a tampered price is ignored), reserves stock, and a repeated submit makes one order', async () => {
    const item = await stockedProduct(shop, 10);
    const body = phoneOrderBody([{ variant_id: item.variantId, quantity: 3 }], { discount: 5000, advance_paid: 20000 });
    const tampered = {
      ...body,
      lines: [{ variant_id: item.variantId, quantity: 3, unit_price: 1 }],
      subtotal: 1,
      total: 1,
      delivery_charge: 0,
    };
    const quote = await shop.admin.post('/api/admin/order-entry/quote', { ...tampered, type: 'phone' });
    expect(quote.statusCode, quote.body).toBe(200);
    const quoted = staffOrderQuoteSchema.parse(quote.json());
    expect(quoted).toMatchObject({ subtotal: 300000, delivery_charge: 7000, discount: 5000, total: 302000, due: 282000, errors: {} });

    const first = await shop.admin.post('/api/admin/orders/phone', tampered);
    expect(first.statusCode, first.body).toBe(201);
    const order = orderViewSchema.parse(first.json().data);
    expect(order).toMatchObject({
      type: 'phone',
      status: 1,
      subtotal: 300000,
      delivery_charge: 7000,
      discount: 5000,
      advance_paid: 20000,
      total: quoted.total,
      payment_status: 'partial',
      lines: [{ variant_id: item.variantId, quantity: 3, unit_price: 100000 }],
    });
    const [row] = await db.select({ source: orders.source }).from(orders).where(eq(orders.id, order.id));
    expect(row?.source).toBe('Facebook');
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 7, ledger: 7 });

    const again = await shop.admin.post('/api/admin/orders/phone', tampered);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(order.id);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 7, ledger: 7 });
  });

  it('refuses more than the stock, a discount above the cost, an unknown source and bad fields, naming the fields', async () => {
    const item = await stockedProduct(shop, 2);
    const tooMany = await shop.admin.post('/api/admin/orders/phone', phoneOrderBody([{ variant_id: item.variantId, quantity: 3 }]));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ 'lines.0.quantity': [`Only 2 of ${item.name} are left; the order asks for 3.`] });

    const discount = await shop.admin.post(
      '/api/admin/orders/phone',
      phoneOrderBody([{ variant_id: item.variantId, quantity: 1 }], { discount: 200000 }),
    );
    expect(discount.statusCode).toBe(422);
    expect(Object.keys(discount.json().errors)).toEqual(['discount']);

    const source = await shop.admin.post(
      '/api/admin/orders/phone',
      phoneOrderBody([{ variant_id: item.variantId, quantity: 1 }], { source: 'Carrier pigeon' }),
    );
    expect(source.statusCode).toBe(422);
    expect(source.json().errors).toEqual({ source: ['Choose one of the order sources.'] });

    const bad = await shop.admin.post('/api/admin/orders/phone', {
      name: 'J',
      phone: '123',
      address: '',
      city_id: '',
      lines: [{ variant_id: item.variantId, quantity: 0 }],
      discount: -1,
      idempotency_key: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(
      ['address', 'city_id', 'discount', 'idempotency_key', 'lines.0.quantity', 'name', 'phone'].sort(),
    );

    const empty = await shop.admin.post('/api/admin/orders/phone', phoneOrderBody([]));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.lines).toBeDefined();
    // Nothing was taken by the refusals.
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 2, ledger: 2 });
  });

  it('offers the active order sources, seeded on first start', async () => {
    const response = await shop.admin.get('/api/admin/order-entry/sources');
    expect(response.json().data.map((source: { name: string }) => source.name)).toEqual([
      'Website',
      'Facebook',
      'Phone',
      'WhatsApp',
      'Instagram',
    ]);
  });
});

describe('wholesale orders (/admin/add/wholesale)', () => {
  it('charges the quantity break for the line quantity, else the wholesale price', async () => {
    const item = await stockedProduct(shop, 100);
    const tiers = await shop.admin.put(`/api/admin/products/${item.productId}/wholesale-tiers`, {
      tiers: [
        { min_quantity: 50, unit_price: 60000 },
        { min_quantity: 10, unit_price: 65000 },
      ],
    });
    expect(tiers.statusCode, tiers.body).toBe(200);
    expect(tiers.json().data.tiers).toEqual([
      { min_quantity: 10, unit_price: 65000 },
      { min_quantity: 50, unit_price: 60000 },
    ]);

    const few = await placePhoneOrder(phoneOrderBody([{ variant_id: item.variantId, quantity: 3 }]), '/api/admin/orders/wholesale');
    expect(few).toMatchObject({ type: 'wholesale', subtotal: 3 * 70000, lines: [{ unit_price: 70000 }] });
    const twelve = await placePhoneOrder(phoneOrderBody([{ variant_id: item.variantId, quantity: 12 }]), '/api/admin/orders/wholesale');
    expect(twelve).toMatchObject({ subtotal: 12 * 65000, lines: [{ unit_price: 65000 }] });
    const quote = await shop.admin.post('/api/admin/order-entry/quote', {
      type: 'wholesale',
      ...shop.dhaka,
      lines: [{ variant_id: item.variantId, quantity: 50 }],
    });
    expect(quote.json()).toMatchObject({ subtotal: 50 * 60000, lines: [{ unit_price: 60000, available: 85 }] });
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 85, ledger: 85 });

    // Editing a wholesale order to a larger quantity moves it to the next break.
    const edited = await shop.admin.put(`/api/admin/orders/${few.id}`, {
      name: few.customer_name,
      phone: few.phone,
      address: few.address,
      ...shop.dhaka,
      lines: [{ variant_id: item.variantId, quantity: 10 }],
      payment_method: 'cod',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ subtotal: 10 * 65000, total: 10 * 65000 + 7000, lines: [{ unit_price: 65000 }] });
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 78, ledger: 78 });
  });

  it('refuses breaks dearer than the wholesale price or than a smaller break', async () => {
    const item = await stockedProduct(shop, 5);
    const response = await shop.admin.put(`/api/admin/products/${item.productId}/wholesale-tiers`, {
      tiers: [
        { min_quantity: 10, unit_price: 80000 },
        { min_quantity: 20, unit_price: 60000 },
        { min_quantity: 30, unit_price: 65000 },
        { min_quantity: 30, unit_price: 50000 },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['tiers.3.min_quantity']);
    const dear = await shop.admin.put(`/api/admin/products/${item.productId}/wholesale-tiers`, {
      tiers: [
        { min_quantity: 10, unit_price: 80000 },
        { min_quantity: 20, unit_price: 60000 },
        { min_quantity: 30, unit_price: 65000 },
      ],
    });
    expect(dear.statusCode).toBe(422);
    expect(Object.keys(dear.json().errors).sort()).toEqual(['tiers.0.unit_price', 'tiers.2.unit_price']);
  });
});

describe('exchanges (/admin/exchange/order/add)', () => {
  it('returns the old lines to stock and takes the new ones out in one order linked to the first', async () => {
    const shirt = await stockedProduct(shop, 10);
    const kurti = await stockedProduct(shop, 10, { retail_price: 150000 });
    const body = phoneOrderBody([{ variant_id: shirt.variantId, quantity: 2 }]);
    const first = await placePhoneOrder(body);
    expect(await stockAndLedger(shop.t, shirt.variantId)).toEqual({ stock: 8, ledger: 8 });
    const lineId = first.lines[0]?.id as number;

    // Not exchangeable while pending.
    const early = await shop.admin.get(`/api/admin/order-entry/exchangeable?number=${first.number}`);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.number[0]).toContain('shipped or delivered');

    await setStatus(first.id, 5);
    const found = await shop.admin.get(`/api/admin/order-entry/exchangeable?number=${first.number.toLowerCase()}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().returnable).toEqual({ [lineId]: 2 });

    const exchange = {
      ...body,
      idempotency_key: randomUUID(),
      exchange_of_order_id: first.id,
      returned: [{ line_id: lineId, quantity: 1 }],
      lines: [{ variant_id: kurti.variantId, quantity: 1 }],
    };
    const quote = await shop.admin.post('/api/admin/order-entry/quote', { ...exchange, type: 'exchange' });
    expect(quote.json()).toMatchObject({ subtotal: 150000, exchange_credit: 100000, price_difference: 50000, total: 57000, errors: {} });

    const placed = await shop.admin.post('/api/admin/orders/exchange', exchange);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderViewSchema.parse(placed.json().data);
    expect(order).toMatchObject({ type: 'exchange', subtotal: 150000, delivery_charge: 7000, total: 57000 });
    expect(placed.json().refund_due).toBe(0);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ exchangeOfOrderId: first.id, exchangeCredit: 100000 });

    expect(await stockAndLedger(shop.t, shirt.variantId)).toEqual({ stock: 9, ledger: 9 });
    expect(await stockAndLedger(shop.t, kurti.variantId)).toEqual({ stock: 9, ledger: 9 });
    const [returnMove] = await db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.variantId, shirt.variantId), eq(stockMovements.kind, 'return')));
    expect(returnMove).toMatchObject({ quantity: 1, referenceType: 'order', referenceId: order.id });
    // If the first order itself comes back later, the exchanged unit is already in stock.
    expect(await unitsReturnedByExchange(db, [first.id])).toEqual(new Map([[first.id, new Map([[shirt.variantId, 1]])]]));
    const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, first.id));
    expect(history.at(-1)?.note).toContain(`Exchanged in ${order.number}`);

    // A repeated submit answers the same exchange and moves nothing again.
    const again = await shop.admin.post('/api/admin/orders/exchange', exchange);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(order.id);
    expect(await stockAndLedger(shop.t, shirt.variantId)).toEqual({ stock: 9, ledger: 9 });

    // Only one unit is left to come back.
    const tooMany = await shop.admin.post('/api/admin/orders/exchange', {
      ...exchange,
      idempotency_key: randomUUID(),
      returned: [{ line_id: lineId, quantity: 2 }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ 'returned.0.quantity': [`At most 1 of ${shirt.name} can come back.`] });
    expect(await db.select().from(orderExchangeReturns).where(eq(orderExchangeReturns.originalLineId, lineId))).toHaveLength(1);
    expect(await stockAndLedger(shop.t, kurti.variantId)).toEqual({ stock: 9, ledger: 9 });

    // The first order then comes back whole: only the unit the exchange did not take back returns.
    const returned = await moveOrderStatus(systemCtx(db), { orderIds: [first.id], to: 6, note: 'Returned' });
    expect(returned.moved).toEqual([first.id]);
    expect(await stockAndLedger(shop.t, shirt.variantId)).toEqual({ stock: 10, ledger: 10 });
  });

  it('caps the credit at what the new order costs and says what is refunded', async () => {
    const dear = await stockedProduct(shop, 5, { retail_price: 300000 });
    const cheap = await stockedProduct(shop, 5, { retail_price: 50000, wholesale_price: 30000, purchase_cost: 20000 });
    const body = phoneOrderBody([{ variant_id: dear.variantId, quantity: 1 }]);
    const first = await placePhoneOrder(body);
    await setStatus(first.id, 4);
    const placed = await shop.admin.post('/api/admin/orders/exchange', {
      ...body,
      idempotency_key: randomUUID(),
      exchange_of_order_id: first.id,
      returned: [{ line_id: first.lines[0]?.id, quantity: 1 }],
      lines: [{ variant_id: cheap.variantId, quantity: 1 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    // ৳500 + ৳70 delivery is covered by the ৳3,000 returned; ৳2,430 goes back to the customer.
    expect(placed.json().data).toMatchObject({ total: 0, payment_status: 'paid' });
    expect(placed.json().refund_due).toBe(300000 - 57000);
    expect(placed.json().data.note).toContain('Refund due to the customer');
  });
});

describe('editing an order (/admin/orderEdit/{id})', () => {
  it('recomputes the totals and moves stock by the difference only', async () => {
    const a = await stockedProduct(shop, 10);
    const b = await stockedProduct(shop, 10, { weight_grams: 2500 });
    const c = await stockedProduct(shop, 10);
    const order = await placePhoneOrder(
      phoneOrderBody([
        { variant_id: a.variantId, quantity: 2 },
        { variant_id: b.variantId, quantity: 1 },
      ]),
    );
    expect(order.total).toBe(300000 + 7000 + 4000);
    const edited = await shop.admin.put(`/api/admin/orders/${order.id}`, {
      name: 'Jamal Uddin',
      phone: order.phone,
      address: 'Village Road, Beanibazar',
      ...shop.sylhet,
      lines: [
        { variant_id: a.variantId, quantity: 5 },
        { variant_id: c.variantId, quantity: 1 },
      ],
      discount: 10000,
      advance_paid: 0,
      payment_method: 'cod',
      reason: 'Customer called back',
      // Ignored: totals are the server's.
      total: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const view = orderViewSchema.parse(edited.json().data);
    expect(view).toMatchObject({
      customer_name: 'Jamal Uddin',
      city_id: shop.sylhet.city_id,
      subtotal: 600000,
      delivery_charge: 13000,
      discount: 10000,
      total: 603000,
    });
    expect(view.lines.map((line) => [line.variant_id, line.quantity])).toEqual([
      [a.variantId, 5],
      [c.variantId, 1],
    ]);
    expect(await stockAndLedger(shop.t, a.variantId)).toEqual({ stock: 5, ledger: 5 });
    expect(await stockAndLedger(shop.t, b.variantId)).toEqual({ stock: 10, ledger: 10 });
    expect(await stockAndLedger(shop.t, c.variantId)).toEqual({ stock: 9, ledger: 9 });
    const note = view.history.at(-1)?.note ?? '';
    expect(note).toContain(`${a.name} 2 → 5`);
    expect(note).toContain(`removed 1 × ${b.name}`);
    expect(note).toContain(`added 1 × ${c.name}`);
    expect(note).toContain('Reason: Customer called back');

    // More than there is: refused with the units this order already holds counted as available.
    const tooMany = await shop.admin.put(`/api/admin/orders/${order.id}`, {
      ...edited.json().data,
      ...shop.sylhet,
      name: 'Jamal Uddin',
      address: 'Village Road, Beanibazar',
      lines: [{ variant_id: a.variantId, quantity: 11 }],
      discount: 0,
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ 'lines.0.quantity': [`Only 10 of ${a.name} are available; the order asks for 11.`] });
    expect(await stockAndLedger(shop.t, a.variantId)).toEqual({ stock: 5, ledger: 5 });
  });

  it('is refused once the order is shipped, with nothing changed', async () => {
    const a = await stockedProduct(shop, 10);
    const body = phoneOrderBody([{ variant_id: a.variantId, quantity: 1 }]);
    const order = await placePhoneOrder(body);
    await setStatus(order.id, 4);
    const response = await shop.admin.put(`/api/admin/orders/${order.id}`, { ...body, lines: [{ variant_id: a.variantId, quantity: 3 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This order is shipped: only pending, confirmed or on-hold orders can be edited.');
    expect(await stockAndLedger(shop.t, a.variantId)).toEqual({ stock: 9, ledger: 9 });
    const missing = await shop.admin.put('/api/admin/orders/999999', body);
    expect(missing.statusCode).toBe(404);
  });
});

describe('permissions and order sources', () => {
  it('refuses staff without the permission', async () => {
    const item = await stockedProduct(shop, 5);
    const viewer = await staffWith(shop.t, ['order.view']);
    expect((await viewer.post('/api/admin/orders/phone', phoneOrderBody([{ variant_id: item.variantId, quantity: 1 }]))).statusCode).toBe(
      403,
    );
    expect((await viewer.post('/api/admin/order-entry/quote', { ...shop.dhaka, lines: [] })).statusCode).toBe(403);
    expect((await viewer.put('/api/admin/orders/1', {})).statusCode).toBe(403);
    expect((await viewer.get('/api/admin/order-sources')).statusCode).toBe(403);
    const clerk = await staffWith(shop.t, ['order.create']);
    expect((await clerk.get('/api/admin/order-entry/customer?phone=01700000000')).statusCode).toBe(200);
    expect((await clerk.put(`/api/admin/products/${item.productId}/wholesale-tiers`, { tiers: [] })).statusCode).toBe(403);
    expect((await clerk.post('/api/admin/order-sources', { name: 'TikTok' })).statusCode).toBe(403);
    const anonymous = await shop.t.browser();
    expect((await anonymous.get('/api/admin/order-entry/variants')).statusCode).toBe(401);
  });

  it('manages sources through the resource; a rename follows on the orders', async () => {
    const manager = await staffWith(shop.t, ['order.source.manage']);
    const created = await manager.post('/api/admin/order-sources', { name: 'TikTok', sort_order: 60 });
    expect(created.statusCode, created.body).toBe(201);
    const duplicate = await manager.post('/api/admin/order-sources', { name: 'tiktok' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.name).toBeDefined();

    const item = await stockedProduct(shop, 5);
    const order = await placePhoneOrder(phoneOrderBody([{ variant_id: item.variantId, quantity: 1 }], { source: 'tiktok' }));
    const [before] = await db.select({ source: orders.source }).from(orders).where(eq(orders.id, order.id));
    expect(before?.source).toBe('TikTok');
    const renamed = await manager.put(`/api/admin/order-sources/${created.json().data.id}`, { name: 'TikTok Shop', sort_order: 60 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'TikTok Shop', orders_count: 1 });
    const [after] = await db.select({ source: orders.source }).from(orders).where(eq(orders.id, order.id));
    expect(after?.source).toBe('TikTok Shop');
  });
});
