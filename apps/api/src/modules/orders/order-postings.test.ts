import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { expectBooksBalanced } from '../accounts/accounts.fixture';
import { settlePayment } from '../payments';
import { payments } from '../payments/payment.table';
import { admins } from '../staff/admin.table';
import { moveOrderStatus, settleAfterCommitWork } from '.';
import { freshPhone, openShop, type Shop, stockedProduct } from './order.fixture';
import { placeOrder } from './order.service';

let shop: Shop;
let db: Db;
let ownerId: number;
let item: Awaited<ReturnType<typeof stockedProduct>>;
const asOwner = () => actingAs(systemCtx(db), { kind: 'admin', id: ownerId, name: null });

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  ownerId = owner?.id as number;
  item = await stockedProduct(shop, 100);
});
afterAll(async () => {
  await settleAfterCommitWork();
  await shop.t.close();
});

/** The entries posted about one order, each with its lines as `key: ±amount` (debit positive). */
async function entriesOf(orderId: number) {
  const rows = rowsOf<{ id: number; source: string; key: string; debit: string; credit: string }>(
    await db.execute(sql`
      select e.id, e.source, a.system_key as key, l.debit, l.credit
      from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
      where e.source_type = 'order' and e.source_id = ${orderId} order by e.id, a.code`),
  );
  const entries = new Map<number, { source: string; lines: Record<string, number> }>();
  for (const row of rows) {
    const entry = entries.get(Number(row.id)) ?? { source: row.source, lines: {} };
    entry.lines[row.key] = Number(row.debit) - Number(row.credit);
    entries.set(Number(row.id), entry);
  }
  return [...entries.values()];
}

async function move(orderId: number, ...path: (2 | 3 | 4 | 5 | 6)[]) {
  for (const to of path) {
    const result = await moveOrderStatus(asOwner(), { orderIds: [orderId], to });
    expect(result.refused).toEqual([]);
  }
}

describe('the books of an order (issue 19)', () => {
  it('a delivered cash-on-delivery order books the receivable, the sale, the delivery charge and the goods’ cost; its return mirrors it', async () => {
    const { order } = await placeOrder(asOwner(), {
      type: 'phone',
      customer: { name: 'Jamal Hossain', phone: freshPhone(), address: 'Village Road, Beanibazar', cityId: shop.sylhet.city_id },
      lines: [{ variantId: item.variantId, quantity: 2 }],
    });
    // ৳1,000 × 2 and ৳130 delivery outside Dhaka; each unit cost ৳500 when the order was placed.
    expect(order.total).toBe(2_130_00);
    await move(order.id, 2, 3, 4);
    expect(await entriesOf(order.id)).toEqual([]);
    await move(order.id, 5);
    expect(await entriesOf(order.id)).toEqual([
      {
        source: 'order.delivered',
        lines: {
          courier_receivable: 2_130_00,
          inventory: -1_000_00,
          sales_revenue: -2_000_00,
          delivery_income: -130_00,
          cost_of_goods: 1_000_00,
        },
      },
    ]);
    await expectBooksBalanced(db);

    await move(order.id, 6);
    const [, returned] = await entriesOf(order.id);
    expect(returned).toEqual({
      source: 'order.returned',
      lines: {
        courier_receivable: -2_130_00,
        inventory: 1_000_00,
        sales_revenue: 2_000_00,
        delivery_income: 130_00,
        cost_of_goods: -1_000_00,
      },
    });
    await expectBooksBalanced(db);
  });

  it('an order returned before delivery and a cancelled order post nothing', async () => {
    const place = () =>
      placeOrder(asOwner(), {
        type: 'phone',
        customer: { name: 'Rina Akter', phone: freshPhone(), address: 'Road 4, Dhanmondi', cityId: shop.dhaka.city_id },
        lines: [{ variantId: item.variantId, quantity: 1 }],
      });
    const { order: returned } = await place();
    await move(returned.id, 2, 3, 4, 6);
    const { order: cancelled } = await place();
    expect((await moveOrderStatus(asOwner(), { orderIds: [cancelled.id], to: 7 })).refused).toEqual([]);
    expect(await entriesOf(returned.id)).toEqual([]);
    expect(await entriesOf(cancelled.id)).toEqual([]);
    await expectBooksBalanced(db);
  });

  it('orders delivered together post one entry for the batch', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { order } = await placeOrder(asOwner(), {
        type: 'phone',
        customer: { name: 'Karim Uddin', phone: freshPhone(), address: 'Road 4, Dhanmondi', cityId: shop.dhaka.city_id },
        lines: [{ variantId: item.variantId, quantity: 1 }],
      });
      ids.push(order.id);
    }
    for (const to of [2, 3, 4, 5] as const) expect((await moveOrderStatus(asOwner(), { orderIds: ids, to })).refused).toEqual([]);
    const [batch] = rowsOf<{ n: number; memo: string }>(
      await db.execute(sql`select count(*)::int as n, max(memo) as memo from journal_entries where source_type = 'order_batch'`),
    );
    expect(batch?.n).toBe(1);
    await expectBooksBalanced(db);
  });

  /** A website order awaiting its online payment, paid through settlePayment as a gateway's answer would (decision 062). */
  async function paidOnline(purpose: 'full' | 'delivery', gateway: 'bkash' | 'nagad') {
    const { order } = await placeOrder(asOwner(), {
      type: 'website',
      customer: { name: 'Sumi Begum', phone: freshPhone(), address: 'Zindabazar, Sylhet', cityId: shop.sylhet.city_id },
      lines: [{ variantId: item.variantId, quantity: 1 }],
      paymentMethod: gateway,
      onlinePayment: { purpose, dueBy: new Date(Date.now() + 3_600_000) },
    });
    const amount = purpose === 'full' ? order.total : order.delivery_charge;
    const [payment] = await db
      .insert(payments)
      .values({ orderId: order.id, gateway, purpose, amount, invoice: `${order.number.replace('-', '')}P1` })
      .returning();
    const outcome = { state: 'paid' as const, providerRef: 'R1', trxId: `TRX${order.id}`, amount, fee: null, message: '', raw: {} };
    const settled = await settlePayment(asOwner(), payment?.id as number, outcome);
    expect(settled.payment.state).toBe('paid');
    return { order, amount };
  }

  it('an order paid online in full: delivery clears the customer’s advance, the courier collects nothing', async () => {
    const { order, amount } = await paidOnline('full', 'bkash');
    expect(amount).toBe(1_130_00);
    await move(order.id, 3, 4, 5);
    const delivered = (await entriesOf(order.id)).find((entry) => entry.source === 'order.delivered');
    expect(delivered?.lines).toEqual({
      customer_advances: 1_130_00,
      inventory: -500_00,
      sales_revenue: -1_000_00,
      delivery_income: -130_00,
      cost_of_goods: 500_00,
    });
    await expectBooksBalanced(db);
  });

  it('the delivery charge paid online: delivery clears the advance and the courier collects the rest', async () => {
    const { order } = await paidOnline('delivery', 'nagad');
    await move(order.id, 3, 4, 5);
    const delivered = (await entriesOf(order.id)).find((entry) => entry.source === 'order.delivered');
    expect(delivered?.lines).toMatchObject({ customer_advances: 130_00, courier_receivable: 1_000_00 });
    await expectBooksBalanced(db);
  });

  it('an order paid online then cancelled: its advance becomes owed to the customer', async () => {
    const { order } = await paidOnline('full', 'bkash');
    expect((await moveOrderStatus(asOwner(), { orderIds: [order.id], to: 7 })).refused).toEqual([]);
    const [cancelled] = await entriesOf(order.id);
    expect(cancelled).toEqual({ source: 'order.cancelled', lines: { customer_advances: 1_130_00, customer_refunds: -1_130_00 } });
    await expectBooksBalanced(db);
  });
});
