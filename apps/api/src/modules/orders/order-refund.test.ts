import { randomUUID } from 'node:crypto';
import { orderViewSchema, type StaffOrderInput } from '@haat/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { accountBalance, accountIdFor } from '../accounts';
import { bookEntries, expectBooksBalanced, fundShopBalances } from '../accounts/accounts.fixture';
import { admins } from '../staff/admin.table';
import { moveOrderStatus, settleAfterCommitWork } from '.';
import { freshPhone, openShop, type Shop, stockedProduct } from './order.fixture';
import { placeOrder } from './order.service';
import { orderLines, orderStatusHistory, orders } from './order.table';

/**
 * Money an order owes its customer (decision 054): a returned or cancelled order's advance, an exchange's
 * credit — on the books as customer_refunds, refunded from a balance or kept by decision — and the entries
 * an exchange posts so the earlier order's sale and the new one's add up.
 */
let shop: Shop;
let db: Db;
let ownerId: number;
let item: Awaited<ReturnType<typeof stockedProduct>>;
const asOwner = () => actingAs(systemCtx(db), { kind: 'admin', id: ownerId, name: 'Owner' });

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  ownerId = owner?.id as number;
  item = await stockedProduct(shop, 200);
});
afterAll(async () => {
  await settleAfterCommitWork();
  await shop.t.close();
});

const entriesOf = (orderId: number) => bookEntries(db, sql`e.source_type = 'order' and e.source_id = ${orderId}`);
const owedNow = async (key: 'customer_refunds' | 'courier_receivable') => accountBalance(db, await accountIdFor(db, key));

async function move(orderId: number, ...path: (2 | 3 | 4 | 5 | 6 | 7)[]) {
  for (const to of path) {
    const result = await moveOrderStatus(asOwner(), { orderIds: [orderId], to });
    expect(result.refused).toEqual([]);
  }
}

/** A phone order of one unit (৳1,000, ৳70 delivery in Dhaka) with an advance paid by bKash. */
async function advanceOrder(advance: number) {
  const { order } = await placeOrder(asOwner(), {
    type: 'phone',
    customer: { name: 'Rina Akter', phone: freshPhone(), address: 'Road 4, Dhanmondi', cityId: shop.dhaka.city_id },
    lines: [{ variantId: item.variantId, quantity: 1 }],
    advancePaid: advance,
    paymentMethod: 'bkash',
  });
  expect(order.total).toBe(1_070_00);
  return order;
}

const refund = (orderId: number, body: Record<string, unknown>) => shop.admin.post(`/api/admin/orders/${orderId}/refunds`, body);

describe('a returned order’s advance (decision 054)', () => {
  it('is owed to the customer on return, refunded from a balance (422 when short or more than owed) or kept by decision', async () => {
    const order = await advanceOrder(200_00);
    await move(order.id, 2, 3, 4, 5);
    expect((await shop.admin.get(`/api/admin/orders/${order.id}/refunds`)).json().data).toMatchObject({ owed: 0, outstanding: 0 });
    const before = await owedNow('customer_refunds');
    await move(order.id, 6);
    const [, returned] = await entriesOf(order.id);
    // The advance is no longer "other income": it is owed back.
    expect(returned).toEqual({
      source: 'order.returned',
      lines: {
        courier_receivable: -870_00,
        inventory: 500_00,
        customer_refunds: -200_00,
        sales_revenue: 1_000_00,
        delivery_income: 70_00,
        cost_of_goods: -500_00,
      },
    });
    expect((await owedNow('customer_refunds')) - before).toBe(200_00);
    const state = await shop.admin.get(`/api/admin/orders/${order.id}/refunds`);
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json().data).toMatchObject({ owed: 200_00, refunded: 0, kept: 0, outstanding: 200_00, decisions: [] });

    const cash = await accountIdFor(db, 'cash');
    const bkash = await accountIdFor(db, 'bkash');
    const tooMuch = await refund(order.id, { decision: 'refund', amount: 250_00, balance_id: bkash });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({ amount: ['That is more than is owed: ৳200.'] });
    // Cash holds nothing in this shop: the refund is refused on the balance field, nothing is written.
    const short = await refund(order.id, { decision: 'refund', amount: 150_00, balance_id: cash });
    expect(short.statusCode, short.body).toBe(422);
    expect(Object.keys(short.json().errors)).toEqual(['balance_id']);
    expect(short.json().errors.balance_id[0]).toContain('Not enough in Cash');
    const noBalance = await refund(order.id, { decision: 'refund', amount: 150_00 });
    expect(noBalance.statusCode).toBe(422);
    expect(noBalance.json().errors.balance_id).toEqual(['Choose the balance the refund is paid from']);

    const paid = await refund(order.id, { decision: 'refund', amount: 150_00, balance_id: bkash, reference: 'TRX9KQ2' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ owed: 200_00, refunded: 150_00, kept: 0, outstanding: 50_00 });
    expect(paid.json().data.decisions[0]).toMatchObject({
      decision: 'refund',
      amount: 150_00,
      balance_name: 'bKash',
      reference: 'TRX9KQ2',
    });

    const noReason = await refund(order.id, { decision: 'keep', amount: 50_00 });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ note: ['Say why the shop keeps it'] });
    const kept = await refund(order.id, { decision: 'keep', amount: 50_00, note: 'Advance delivery charge is not refundable' });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().data).toMatchObject({ refunded: 150_00, kept: 50_00, outstanding: 0 });

    const [, , refunded, keptEntry] = await entriesOf(order.id);
    expect(refunded).toEqual({ source: 'order.refunded', lines: { bkash: -150_00, customer_refunds: 150_00 } });
    expect(keptEntry).toEqual({ source: 'order.refund_kept', lines: { customer_refunds: 50_00, other_income: -50_00 } });
    expect(await owedNow('customer_refunds')).toBe(before);

    const nothing = await refund(order.id, { decision: 'refund', amount: 1_00, balance_id: bkash });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors.amount).toEqual(['Nothing is owed to the customer on this order.']);
    const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((row) => row.note)).toEqual(
      expect.arrayContaining([
        'Refunded ৳150 to the customer from bKash (TRX9KQ2).',
        'Kept ৳50 owed to the customer: Advance delivery charge is not refundable',
      ]),
    );
    await expectBooksBalanced(db);
  });

  it('an advance of an order returned before delivery or cancelled comes onto the books as owed', async () => {
    const returned = await advanceOrder(70_00);
    await move(returned.id, 2, 3, 4, 6);
    const cancelled = await advanceOrder(100_00);
    await move(cancelled.id, 7);
    expect(await entriesOf(returned.id)).toEqual([{ source: 'order.returned', lines: { bkash: 70_00, customer_refunds: -70_00 } }]);
    expect(await entriesOf(cancelled.id)).toEqual([{ source: 'order.cancelled', lines: { bkash: 100_00, customer_refunds: -100_00 } }]);
    const [row] = await db.select({ owed: orders.refundOwed }).from(orders).where(eq(orders.id, cancelled.id));
    expect(row?.owed).toBe(100_00);
    // Without an advance nothing is owed and nothing is posted.
    const { order: plain } = await placeOrder(asOwner(), {
      type: 'phone',
      customer: { name: 'Rina Akter', phone: freshPhone(), address: 'Road 4, Dhanmondi', cityId: shop.dhaka.city_id },
      lines: [{ variantId: item.variantId, quantity: 1 }],
    });
    await move(plain.id, 7);
    expect(await entriesOf(plain.id)).toEqual([]);
    const none = await refund(plain.id, { decision: 'keep', amount: 10_00, note: 'Nothing' });
    expect(none.statusCode).toBe(422);
    await expectBooksBalanced(db);
  });

  it('refunds at once never settle more than is owed (decided under the order’s lock)', async () => {
    await fundShopBalances(db, 10_000_00);
    const order = await advanceOrder(300_00);
    await move(order.id, 2, 3, 4, 5, 6);
    const cash = await accountIdFor(db, 'cash');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        refund(
          order.id,
          i % 2 ? { decision: 'keep', amount: 100_00, note: 'Policy' } : { decision: 'refund', amount: 100_00, balance_id: cash },
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 422, 422, 422]);
    const state = (await shop.admin.get(`/api/admin/orders/${order.id}/refunds`)).json().data;
    expect(state.refunded + state.kept).toBe(300_00);
    expect(state.outstanding).toBe(0);
    await expectBooksBalanced(db);
  });

  it('a missing order is a 404, malformed input a 422 naming the fields (permissions: route-security.test)', async () => {
    const missing = await refund(999_999, { decision: 'keep', amount: 10_00, note: 'Policy' });
    expect(missing.statusCode).toBe(404);
    const malformed = await refund(1, { decision: 'give', amount: -5 });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors).sort()).toEqual(['amount', 'decision']);
  });
});

async function firstLineOf(orderId: number): Promise<number> {
  const [line] = await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  return line?.id as number;
}

function exchangeBody(overrides: Partial<StaffOrderInput> & Record<string, unknown>) {
  return {
    name: 'Jamal Hossain',
    phone: freshPhone(),
    address: 'House 4, Road 9, Dhanmondi',
    ...shop.dhaka,
    payment_method: 'cod',
    source: 'Facebook',
    idempotency_key: randomUUID(),
    ...overrides,
  };
}

describe('an exchange’s credit (decision 054)', () => {
  it('takes the goods back out of the sale and the cost, and the new order’s delivery uses the credit', async () => {
    const shirt = await stockedProduct(shop, 10);
    const kurti = await stockedProduct(shop, 10, { retail_price: 150000, purchase_cost: 90000 });
    const { order: first } = await placeOrder(asOwner(), {
      type: 'phone',
      customer: { name: 'Jamal Hossain', phone: freshPhone(), address: 'Road 4, Dhanmondi', cityId: shop.dhaka.city_id },
      lines: [{ variantId: shirt.variantId, quantity: 2 }],
    });
    await move(first.id, 2, 3, 4, 5);
    const receivableBefore = await owedNow('courier_receivable');
    const refundsBefore = await owedNow('customer_refunds');
    const lineId = await firstLineOf(first.id);
    const placed = await shop.admin.post(
      '/api/admin/orders/exchange',
      exchangeBody({
        exchange_of_order_id: first.id,
        returned: [{ line_id: lineId, quantity: 1 }],
        lines: [{ variant_id: kurti.variantId, quantity: 1 }],
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const exchange = orderViewSchema.parse(placed.json().data);
    // ৳1,500 + ৳70 delivery − ৳1,000 back = ৳570 to collect.
    expect(exchange.total).toBe(570_00);
    expect(await entriesOf(exchange.id)).toEqual([
      {
        source: 'order.exchange',
        lines: { inventory: 500_00, customer_refunds: -1_000_00, sales_revenue: 1_000_00, cost_of_goods: -500_00 },
      },
    ]);
    await expectBooksBalanced(db);

    await move(exchange.id, 2, 3, 4, 5);
    const [, delivered] = await entriesOf(exchange.id);
    expect(delivered).toEqual({
      source: 'order.delivered',
      lines: {
        courier_receivable: 570_00,
        inventory: -900_00,
        customer_refunds: 1_000_00,
        sales_revenue: -1_500_00,
        delivery_income: -70_00,
        cost_of_goods: 900_00,
      },
    });
    // The credit is used up; the courier owes only what it collects for the new order.
    expect(await owedNow('customer_refunds')).toBe(refundsBefore);
    expect((await owedNow('courier_receivable')) - receivableBefore).toBe(570_00);
    await expectBooksBalanced(db);

    // The exchange order comes back after delivery: its credit is owed to the customer again.
    await move(exchange.id, 6);
    expect((await owedNow('customer_refunds')) - refundsBefore).toBe(1_000_00);
    const state = (await shop.admin.get(`/api/admin/orders/${exchange.id}/refunds`)).json().data;
    expect(state).toMatchObject({ owed: 1_000_00, outstanding: 1_000_00 });
    await expectBooksBalanced(db);
  });

  it('credit beyond the new order’s cost is owed on the exchange order and can be refunded', async () => {
    const dear = await stockedProduct(shop, 5, { retail_price: 300000, purchase_cost: 200000 });
    const cheap = await stockedProduct(shop, 5, { retail_price: 50000, wholesale_price: 30000, purchase_cost: 20000 });
    const { order: first } = await placeOrder(asOwner(), {
      type: 'phone',
      customer: { name: 'Jamal Hossain', phone: freshPhone(), address: 'Road 4, Dhanmondi', cityId: shop.dhaka.city_id },
      lines: [{ variantId: dear.variantId, quantity: 1 }],
    });
    await move(first.id, 2, 3, 4, 5);
    const lineId = await firstLineOf(first.id);
    const placed = await shop.admin.post(
      '/api/admin/orders/exchange',
      exchangeBody({
        exchange_of_order_id: first.id,
        returned: [{ line_id: lineId, quantity: 1 }],
        lines: [{ variant_id: cheap.variantId, quantity: 1 }],
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const exchangeId = placed.json().data.id as number;
    const refundDue = 3_000_00 - 570_00;
    expect(placed.json().refund_due).toBe(refundDue);
    expect((await shop.admin.get(`/api/admin/orders/${exchangeId}/refunds`)).json().data).toMatchObject({
      owed: refundDue,
      outstanding: refundDue,
    });
    await fundShopBalances(db, 10_000_00);
    const paid = await refund(exchangeId, { decision: 'refund', amount: refundDue, balance_id: await accountIdFor(db, 'bank') });
    expect(paid.statusCode, paid.body).toBe(201);
    // Delivered: the whole ৳570 comes from the credit, the courier collects nothing; ৳70 is delivery income.
    await move(exchangeId, 2, 3, 4, 5);
    const delivered = (await entriesOf(exchangeId)).find((entry) => entry.source === 'order.delivered');
    expect(delivered?.lines).toEqual({
      inventory: -200_00,
      customer_refunds: 570_00,
      sales_revenue: -500_00,
      delivery_income: -70_00,
      cost_of_goods: 200_00,
    });
    await expectBooksBalanced(db);
  });

  it('a cancelled exchange order owes the customer its whole credit, which stays in customer_refunds', async () => {
    const shirt = await stockedProduct(shop, 10);
    const { order: first } = await placeOrder(asOwner(), {
      type: 'phone',
      customer: { name: 'Jamal Hossain', phone: freshPhone(), address: 'Road 4, Dhanmondi', cityId: shop.dhaka.city_id },
      lines: [{ variantId: shirt.variantId, quantity: 1 }],
    });
    await move(first.id, 2, 3, 4, 5);
    const placed = await shop.admin.post(
      '/api/admin/orders/exchange',
      exchangeBody({
        exchange_of_order_id: first.id,
        returned: [{ line_id: await firstLineOf(first.id), quantity: 1 }],
        lines: [{ variant_id: shirt.variantId, quantity: 1 }],
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const exchangeId = placed.json().data.id as number;
    const refundsBefore = await owedNow('customer_refunds');
    await move(exchangeId, 7);
    // Nothing new is posted (the credit went to customer_refunds when the exchange was placed); the order now shows it owed.
    expect((await entriesOf(exchangeId)).map((entry) => entry.source)).toEqual(['order.exchange']);
    expect(await owedNow('customer_refunds')).toBe(refundsBefore);
    expect((await shop.admin.get(`/api/admin/orders/${exchangeId}/refunds`)).json().data).toMatchObject({
      owed: 1_000_00,
      outstanding: 1_000_00,
    });
    await expectBooksBalanced(db);
  });

  it('an earlier order returned after an exchange takes the exchange’s credit back', async () => {
    const shirt = await stockedProduct(shop, 10);
    const { order: first } = await placeOrder(asOwner(), {
      type: 'phone',
      customer: { name: 'Jamal Hossain', phone: freshPhone(), address: 'Road 4, Dhanmondi', cityId: shop.dhaka.city_id },
      lines: [{ variantId: shirt.variantId, quantity: 2 }],
    });
    await move(first.id, 2, 3, 4);
    const lineId = await firstLineOf(first.id);
    const placed = await shop.admin.post(
      '/api/admin/orders/exchange',
      exchangeBody({
        exchange_of_order_id: first.id,
        returned: [{ line_id: lineId, quantity: 1 }],
        lines: [{ variant_id: shirt.variantId, quantity: 1 }],
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    // Returned before delivery: the exchange's entry is undone (no sale of the earlier order was ever booked).
    await move(first.id, 6);
    expect(await entriesOf(first.id)).toEqual([
      {
        source: 'order.returned',
        lines: { inventory: -500_00, customer_refunds: 1_000_00, sales_revenue: -1_000_00, cost_of_goods: 500_00 },
      },
    ]);
    await expectBooksBalanced(db);
  });
});
