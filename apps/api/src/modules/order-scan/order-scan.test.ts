import { parcelPrintSchema, scanResultSchema } from '@haat/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import type { TestBrowser } from '../../test/harness';
import { staffWith } from '../../test/staff';
import { freshPhone, openShop, type Shop, stockAndLedger, stockedProduct } from '../orders/order.fixture';
import { placeOrder } from '../orders/order.service';
import { orderStatusHistory, orders } from '../orders/order.table';
import { settleAfterCommitWork } from '../orders/order-events';
import { moveOrderStatus } from '../orders/order-status.service';
import { admins } from '../staff/admin.table';
import { dispatchScan, undoDispatchScan } from './order-scan.service';
import { orderReturnReceipts } from './order-scan.table';

let shop: Shop;
let db: Db;
let ownerId: number;
let item: Awaited<ReturnType<typeof stockedProduct>>;
let steadfast: number;
let pathao: number;
let desk: TestBrowser;
let returnsDesk: TestBrowser;
const asAdmin = (id: number) => actingAs(systemCtx(db), { kind: 'admin', id, name: null });

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  ownerId = owner?.id as number;
  item = await stockedProduct(shop, 1000);
  const made = rowsOf<{ id: number }>(
    await db.execute(sql`insert into couriers (name) values ('Steadfast Courier'), ('Pathao Courier') returning id`),
  );
  steadfast = Number(made[0]?.id);
  pathao = Number(made[1]?.id);
  desk = await staffWith(shop.t, ['order.scan.dispatch']);
  returnsDesk = await staffWith(shop.t, ['order.scan.return']);
});
afterAll(async () => {
  await settleAfterCommitWork();
  await shop.t.close();
});

/** An order placed by phone and moved along to `status` (3 processing, 4 shipped, 5 delivered). */
async function orderIn(status: 1 | 3 | 4 | 5, quantity = 2, courierId: number | null = null) {
  const { order } = await placeOrder(asAdmin(ownerId), {
    type: 'phone',
    customer: { name: 'Jamal Hossain', phone: freshPhone(), address: 'Village Road, Beanibazar', cityId: shop.sylhet.city_id },
    lines: [{ variantId: item.variantId, quantity }],
  });
  if (courierId) await db.update(orders).set({ courierId }).where(eq(orders.id, order.id));
  for (const to of [2, 3, 4, 5] as const) {
    if (to > status) break;
    const moved = await moveOrderStatus(asAdmin(ownerId), { orderIds: [order.id], to });
    expect(moved.refused).toEqual([]);
  }
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  return row as typeof orders.$inferSelect;
}

const historyCount = async (orderId: number) =>
  (await db.select({ n: count() }).from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)))[0]?.n ?? 0;

const statusOf = async (orderId: number) =>
  (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

describe('the dispatch scan', () => {
  it('hands processing orders to the chosen courier; a repeated scan is harmless', async () => {
    const parcels = [await orderIn(3), await orderIn(3), await orderIn(3, 1, steadfast)];
    for (const parcel of parcels) {
      const response = await desk.post('/api/admin/order-scan/dispatch', { code: parcel.number, courier_id: steadfast });
      expect(response.statusCode, response.body).toBe(200);
      const body = scanResultSchema.parse(response.json());
      expect(body.result).toBe('handed_over');
      expect(body.message).toBe(`${parcel.number} handed to Steadfast Courier.`);
      expect(body.order).toMatchObject({ id: parcel.id, status: 4, courier_id: steadfast, courier_name: 'Steadfast Courier' });
      expect(body.order.cod).toBe(parcel.total - parcel.advancePaid);
      expect(body.order.address).toContain('Village Road, Beanibazar');
    }
    const [first] = parcels;
    if (!first) throw new Error('no parcel');
    const before = await historyCount(first.id);
    // The scanner reads it again (or only its digits are typed): nothing changes, and it says so.
    const again = await desk.post('/api/admin/order-scan/dispatch', { code: first.number.replace('HB-', ''), courier_id: steadfast });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ result: 'already', message: `${first.number} was already handed to Steadfast Courier.` });
    expect(await historyCount(first.id)).toBe(before);
    const [moved] = await db
      .select({ note: orderStatusHistory.note })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, first.id), eq(orderStatusHistory.toStatus, 4)));
    expect(moved?.note).toBe('Dispatch scan: handed to Steadfast Courier');
  });

  it('refuses a wrong status, another courier and an unknown code with a clear message', async () => {
    const pending = await orderIn(1);
    const wrong = await desk.post('/api/admin/order-scan/dispatch', { code: pending.number, courier_id: steadfast });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(`${pending.number} is pending: only processing orders are handed to a courier.`);
    expect(wrong.json().errors.code).toEqual([wrong.json().message]);
    expect(await statusOf(pending.id)).toBe(1);

    const forPathao = await orderIn(3, 1, pathao);
    const other = await desk.post('/api/admin/order-scan/dispatch', { code: forPathao.number, courier_id: steadfast });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toContain(`${forPathao.number} is for Pathao Courier, not Steadfast Courier`);
    expect(await statusOf(forPathao.id)).toBe(3);

    const shippedWithPathao = await orderIn(4, 1, pathao);
    const shipped = await desk.post('/api/admin/order-scan/dispatch', { code: shippedWithPathao.number, courier_id: steadfast });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().message).toBe(`${shippedWithPathao.number} was already handed to Pathao Courier, not Steadfast Courier.`);

    const unknown = await desk.post('/api/admin/order-scan/dispatch', { code: 'hb-999999', courier_id: steadfast });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No order has the number HB-999999: check the barcode or type the number.');

    const noCourier = await desk.post('/api/admin/order-scan/dispatch', { code: pending.number });
    expect(noCourier.statusCode).toBe(422);
    expect(noCourier.json().errors.courier_id).toEqual(['Choose the courier']);
    const gone = await desk.post('/api/admin/order-scan/dispatch', { code: pending.number, courier_id: 999_999 });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().errors.courier_id).toEqual(['Choose a courier from the list.']);
  });

  it('takes back the last hand-over for the one who made it, once', async () => {
    const parcel = await orderIn(3);
    expect((await desk.post('/api/admin/order-scan/dispatch', { code: parcel.number, courier_id: steadfast })).statusCode).toBe(200);
    const someoneElse = await staffWith(shop.t, ['order.scan.dispatch']);
    const notTheirs = await someoneElse.post('/api/admin/order-scan/dispatch/undo', { order_id: parcel.id });
    expect(notTheirs.statusCode).toBe(409);
    expect(notTheirs.json().message).toBe(`Order ${parcel.number} was shipped by someone else: only who handed it over may take it back.`);
    const undo = await desk.post('/api/admin/order-scan/dispatch/undo', { order_id: parcel.id });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().order.status).toBe(3);
    expect(await statusOf(parcel.id)).toBe(3);
    const twice = await desk.post('/api/admin/order-scan/dispatch/undo', { order_id: parcel.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`Order ${parcel.number} is not shipped: there is no hand-over to take back.`);
  });

  it('no longer takes a hand-over back after 15 minutes, nor one booked with a courier', async () => {
    const parcel = await orderIn(3);
    const handed = await dispatchScan(asAdmin(ownerId), { code: parcel.number, courier_id: steadfast });
    expect(handed.result).toBe('handed_over');
    const later = actingAs(systemCtx(db, new Date(Date.now() + 16 * 60_000)), { kind: 'admin', id: ownerId, name: null });
    await expect(undoDispatchScan(later, { order_id: parcel.id })).rejects.toThrow(
      `Order ${parcel.number} was handed over more than 15 minutes ago: it can no longer be taken back.`,
    );
    await db.update(orders).set({ consignmentId: 'SF-778812' }).where(eq(orders.id, parcel.id));
    await expect(undoDispatchScan(asAdmin(ownerId), { order_id: parcel.id })).rejects.toThrow(
      `Order ${parcel.number} is booked with its courier (consignment SF-778812): cancel the consignment with the courier instead.`,
    );
    expect(await statusOf(parcel.id)).toBe(4);
  });

  it('is for those allowed to dispatch', async () => {
    const parcel = await orderIn(3);
    const response = await returnsDesk.post('/api/admin/order-scan/dispatch', { code: parcel.number, courier_id: steadfast });
    expect(response.statusCode).toBe(403);
    expect(await statusOf(parcel.id)).toBe(3);
  });
});

describe('the returns check-in', () => {
  it('receives a shipped parcel and restocks it once; a second scan says already received', async () => {
    const parcel = await orderIn(4, 3);
    const before = await stockAndLedger(shop.t, item.variantId);
    const response = await returnsDesk.post('/api/admin/order-scan/return', { code: parcel.number });
    expect(response.statusCode, response.body).toBe(200);
    const body = scanResultSchema.parse(response.json());
    expect(body).toMatchObject({ result: 'received', message: `${parcel.number} received: marked returned and its stock restored.` });
    expect(body.order.status).toBe(6);
    expect(body.order.return_charge).toBe(parcel.deliveryCharge);
    const after = await stockAndLedger(shop.t, item.variantId);
    expect(after.stock).toBe(before.stock + 3);
    expect(after.ledger).toBe(after.stock);

    const again = await returnsDesk.post('/api/admin/order-scan/return', { code: parcel.number });
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toBe('already');
    expect(again.json().message).toMatch(
      new RegExp(`^${parcel.number} was already received on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.$`),
    );
    expect((await stockAndLedger(shop.t, item.variantId)).stock).toBe(after.stock);
  });

  it('receives a delivered parcel that came back, and one the courier already marked returned without restocking it again', async () => {
    const delivered = await orderIn(5, 1);
    const start = await stockAndLedger(shop.t, item.variantId);
    const back = await returnsDesk.post('/api/admin/order-scan/return', { code: delivered.number });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().result).toBe('received');
    expect((await stockAndLedger(shop.t, item.variantId)).stock).toBe(start.stock + 1);

    const markedByCourier = await orderIn(4, 2);
    await moveOrderStatus(systemCtx(db), { orderIds: [markedByCourier.id], to: 6, note: 'Courier: cancelled' });
    const restocked = await stockAndLedger(shop.t, item.variantId);
    const received = await returnsDesk.post('/api/admin/order-scan/return', { code: markedByCourier.number });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({
      result: 'received',
      message: `${markedByCourier.number} received (its stock was restored when it was marked returned).`,
    });
    expect((await stockAndLedger(shop.t, item.variantId)).stock).toBe(restocked.stock);
  });

  it('refuses a parcel that never left with a clear message', async () => {
    const processing = await orderIn(3);
    const response = await returnsDesk.post('/api/admin/order-scan/return', { code: processing.number });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`${processing.number} is processing: only shipped or delivered orders come back as returns.`);
    expect(await statusOf(processing.id)).toBe(3);
    expect(await db.select().from(orderReturnReceipts).where(eq(orderReturnReceipts.orderId, processing.id))).toEqual([]);
    const forbidden = await desk.post('/api/admin/order-scan/return', { code: processing.number });
    expect(forbidden.statusCode).toBe(403);
  });

  it('restocks once when two desks scan the same parcel at the same moment', async () => {
    const parcel = await orderIn(4, 4);
    const before = await stockAndLedger(shop.t, item.variantId);
    const other = await staffWith(shop.t, ['order.scan.return']);
    const answers = await Promise.all([
      returnsDesk.post('/api/admin/order-scan/return', { code: parcel.number }),
      other.post('/api/admin/order-scan/return', { code: parcel.number }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().result).sort()).toEqual(['already', 'received']);
    const after = await stockAndLedger(shop.t, item.variantId);
    expect(after.stock).toBe(before.stock + 4);
    expect(after.ledger).toBe(after.stock);
    expect(await db.select().from(orderReturnReceipts).where(eq(orderReturnReceipts.orderId, parcel.id))).toHaveLength(1);
  });

  it('hands over once when two desks scan the same parcel at the same moment', async () => {
    const parcel = await orderIn(3);
    const other = await staffWith(shop.t, ['order.scan.dispatch']);
    const answers = await Promise.all([
      desk.post('/api/admin/order-scan/dispatch', { code: parcel.number, courier_id: steadfast }),
      other.post('/api/admin/order-scan/dispatch', { code: parcel.number, courier_id: steadfast }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().result).sort()).toEqual(['already', 'handed_over']);
    const moves = await db
      .select({ n: count() })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, parcel.id), eq(orderStatusHistory.toStatus, 4)));
    expect(moves[0]?.n).toBe(1);
  });
});

describe('the print sheet', () => {
  it("carries the reseller's brand on a reseller's order and the shop's on the others", async () => {
    const own = await orderIn(3, 1, steadfast);
    const theirs = await orderIn(3, 1);
    const [reseller] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into resellers (name, phone, password_hash, status, shop_name, slug, referral_code)
            values ('Rina Akter', '01790000001', 'x', 'active', 'Rina Fashion House', 'rina-fashion', 'RINA01') returning id`,
      ),
    );
    await db
      .update(orders)
      .set({ resellerId: Number(reseller?.id) })
      .where(eq(orders.id, theirs.id));
    const response = await shop.admin.get(`/api/admin/order-scan/print?ids=${own.id},${theirs.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const sheet = parcelPrintSchema.parse(response.json());
    expect(sheet.orders.map((order) => order.number)).toEqual([own.number, theirs.number]);
    expect(sheet.orders[0]?.brand.name).toBe('Haat');
    expect(sheet.orders[0]?.courier_name).toBe('Steadfast Courier');
    expect(sheet.orders[1]?.brand).toMatchObject({ name: 'Rina Fashion House', phone: '01790000001' });
    expect(sheet.orders[1]?.cod).toBe(theirs.total - theirs.advancePaid);

    const bad = await shop.admin.get('/api/admin/order-scan/print?ids=1,x');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.ids).toEqual(['Use order ids separated by commas']);
  });
});
