import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { addToCart, checkoutBody, freshPhone, openShop, type Shop, shopper, stockedProduct } from './order.fixture';
import { placeOrder } from './order.service';
import { orders } from './order.table';
import { settleAfterCommitWork } from './order-events';
import { moveOrderStatus } from './order-status.service';
import { variantSalesMismatches } from './variant-sales.service';

// variant_sales_daily (decision 041) is kept by triggers in the transaction of every write to orders
// and their lines; after each kind of write it equals a fresh aggregate over the lines.
let shop: Shop;
let db: Db;
let a: Awaited<ReturnType<typeof stockedProduct>>;
let b: Awaited<ReturnType<typeof stockedProduct>>;

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  a = await stockedProduct(shop, 500);
  b = await stockedProduct(shop, 500);
});
afterAll(async () => {
  await settleAfterCommitWork();
  await shop.t.close();
});

async function phoneOrder(lines: { variantId: number; quantity: number }[]) {
  const { order } = await placeOrder(systemCtx(db), {
    type: 'phone',
    customer: { name: 'Jamal Hossain', phone: freshPhone(), address: 'Village Road, Beanibazar', cityId: shop.sylhet.city_id },
    lines,
  });
  return order;
}

const unitsOf = async (variantId: number) =>
  Number(
    rowsOf<{ n: number }>(
      await db.execute(sql`select coalesce(sum(units), 0)::int as n from variant_sales_daily where variant_id = ${variantId}`),
    )[0]?.n,
  );

describe('the daily sales per variant', () => {
  it('follows placing, editing, cancelling, un-cancelling, re-dating and deleting orders', async () => {
    expect(await variantSalesMismatches(db)).toEqual([]);
    // A storefront checkout and a staff order.
    const browser = await shopper(shop);
    await addToCart(browser, a.variantId, 2);
    const checkout = await browser.post('/_public/checkout', checkoutBody(shop.dhaka));
    expect(checkout.statusCode, checkout.body).toBe(201);
    const order = await phoneOrder([
      { variantId: a.variantId, quantity: 1 },
      { variantId: b.variantId, quantity: 4 },
    ]);
    expect(await unitsOf(a.variantId)).toBe(3);
    expect(await unitsOf(b.variantId)).toBe(4);
    expect(await variantSalesMismatches(db)).toEqual([]);

    // An edit: a line's quantity changes, a line goes, a line comes back.
    const edit = (lines: { variant_id: number; quantity: number }[]) =>
      shop.admin.put(`/api/admin/orders/${order.id}`, {
        name: 'Jamal Hossain',
        phone: order.phone,
        address: order.address,
        ...shop.sylhet,
        lines,
        payment_method: 'cod',
        reason: 'Customer changed the order',
      });
    expect((await edit([{ variant_id: b.variantId, quantity: 6 }])).statusCode).toBe(200);
    expect(await unitsOf(a.variantId)).toBe(2);
    expect(await unitsOf(b.variantId)).toBe(6);
    expect(await variantSalesMismatches(db)).toEqual([]);
    expect(
      (
        await edit([
          { variant_id: a.variantId, quantity: 5 },
          { variant_id: b.variantId, quantity: 1 },
        ])
      ).statusCode,
    ).toBe(200);
    expect(await unitsOf(a.variantId)).toBe(7);
    expect(await unitsOf(b.variantId)).toBe(1);
    expect(await variantSalesMismatches(db)).toEqual([]);

    // A status move that is not a cancel changes nothing; a cancel (one and bulk) takes the units out.
    const other = await phoneOrder([{ variantId: b.variantId, quantity: 2 }]);
    await moveOrderStatus(systemCtx(db), { orderIds: [other.id], to: 2 });
    expect(await unitsOf(b.variantId)).toBe(3);
    const cancel = await shop.admin.post(`/api/admin/orders/${order.id}/status`, { to: 7, note: 'Customer cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await unitsOf(a.variantId)).toBe(2);
    expect(await unitsOf(b.variantId)).toBe(2);
    const bulk = await shop.admin.post('/api/admin/orders/status', { ids: [other.id], to: 7 });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await unitsOf(b.variantId)).toBe(0);
    expect(await variantSalesMismatches(db)).toEqual([]);

    // The app never un-cancels, but the table follows whoever writes the status, and a new placing day.
    await db.update(orders).set({ status: 1 }).where(eq(orders.id, order.id));
    expect(await unitsOf(a.variantId)).toBe(7);
    await db
      .update(orders)
      .set({ placedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(orders.id, order.id));
    expect(await variantSalesMismatches(db)).toEqual([]);
    const days = rowsOf<{ day: string; units: number }>(
      await db.execute(
        sql`select to_char(day, 'YYYY-MM-DD') as day, units from variant_sales_daily where variant_id = ${a.variantId} and units <> 0 order by day`,
      ),
    );
    expect(days).toHaveLength(2);
    expect(days.map((row) => Number(row.units))).toEqual([5, 2]);

    // Deleting an order takes its lines out with it.
    await db.delete(orders).where(eq(orders.id, order.id));
    expect(await unitsOf(a.variantId)).toBe(2);
    expect(await variantSalesMismatches(db)).toEqual([]);
  });
});
