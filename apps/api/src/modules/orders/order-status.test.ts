import {
  adminOrderViewSchema,
  ORDER_MOVES,
  ORDER_STATUSES,
  type OrderStatusCode,
  orderCountsSchema,
  orderMoveResultSchema,
  orderStatusWord,
} from '@haat/contracts';
import { and, asc, count, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { HttpError } from '../../http/errors';
import { staffWith } from '../../test/staff';
import { ledgerMismatches } from '../products';
import { stockMovements } from '../products/product.table';
import { smsLog } from '../sms/sms-log.table';
import { admins } from '../staff/admin.table';
import { freshPhone, openShop, type Shop, stockAndLedger, stockedProduct } from './order.fixture';
import { placeOrder } from './order.service';
import { orderLines, orderStatusHistory, orders } from './order.table';
import { onOrderMoved, setShipmentBooker, settleAfterCommitWork } from './order-events';
import { moveOrderStatus } from './order-status.service';
import { variantSalesMismatches } from './variant-sales.service';

let shop: Shop;
let db: Db;
/** Acting as this admin (the services take who acts from their ctx). */
const asAdmin = (id: number) => actingAs(systemCtx(db), { kind: 'admin', id, name: null });
let ownerId: number;
let item: Awaited<ReturnType<typeof stockedProduct>>;
let courierId: number;

/** The order a listener refuses to move (a reseller credit that fails, say); null: none. */
let refuseInListener: number | null = null;
onOrderMoved(async ({ order }) => {
  if (order.id === refuseInListener) throw new HttpError(422, `The reseller credit of ${order.number} could not be written.`);
});

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  ownerId = owner?.id as number;
  item = await stockedProduct(shop, 1000);
  const [courier] = rowsOf<{ id: number }>(await db.execute(sql`insert into couriers (name) values ('Steadfast Courier') returning id`));
  courierId = Number(courier?.id);
});
afterAll(async () => {
  await settleAfterCommitWork();
  await shop.t.close();
});

async function placed(quantity = 1, phone = freshPhone()) {
  const { order } = await placeOrder(asAdmin(ownerId), {
    type: 'phone',
    customer: { name: 'Jamal Hossain', phone, address: 'Village Road, Beanibazar', cityId: shop.sylhet.city_id },
    lines: [{ variantId: item.variantId, quantity }],
  });
  return order;
}

/** How an order reaches each status from pending. */
const PATH: Record<OrderStatusCode, OrderStatusCode[]> = {
  1: [],
  2: [2],
  3: [2, 3],
  4: [2, 3, 4],
  5: [2, 3, 4, 5],
  6: [2, 3, 4, 6],
  7: [7],
  8: [8],
};

async function orderIn(status: OrderStatusCode, quantity = 1) {
  const order = await placed(quantity);
  for (const to of PATH[status]) {
    const result = await moveOrderStatus(asAdmin(ownerId), { orderIds: [order.id], to });
    expect(result.refused).toEqual([]);
  }
  return order;
}

async function historyOf(orderId: number) {
  return db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id));
}

async function statusOf(orderId: number) {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row?.status;
}

const CODES = Object.keys(ORDER_STATUSES).map(Number) as OrderStatusCode[];
const PAIRS = CODES.flatMap((from) => CODES.map((to) => ({ from, to, allowed: ORDER_MOVES[from].includes(to) })));

describe('POST /api/admin/orders/:id/status follows PRODUCT.md §3 and nothing else', () => {
  it.each(PAIRS)('$from → $to (allowed: $allowed)', async ({ from, to, allowed }) => {
    const order = await orderIn(from);
    const before = await historyOf(order.id);
    const response = await shop.admin.post(`/api/admin/orders/${order.id}/status`, { to, note: `Checked ${from} to ${to}` });
    if (allowed) {
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.moved).toEqual([order.id]);
      const view = adminOrderViewSchema.parse(body.data);
      expect(view.status).toBe(to);
      expect(view.allowed_moves).toEqual([...ORDER_MOVES[to]]);
      const history = await historyOf(order.id);
      expect(history).toHaveLength(before.length + 1);
      expect(history.at(-1)).toMatchObject({ fromStatus: from, toStatus: to, adminId: ownerId, note: `Checked ${from} to ${to}` });
    } else {
      expect(response.statusCode, response.body).toBe(409);
      const message = response.json().message as string;
      if (from === to) expect(message).toBe(`Order ${order.number} is already ${orderStatusWord(from)}.`);
      else if (ORDER_MOVES[from].length === 0)
        expect(message).toBe(`Order ${order.number} is ${orderStatusWord(from)}; it cannot move any more.`);
      else expect(message).toMatch(new RegExp(`^Order ${order.number} is ${orderStatusWord(from)}; it can only move to `));
      expect(await statusOf(order.id)).toBe(from);
      expect(await historyOf(order.id)).toHaveLength(before.length);
    }
  });

  it('says a delivered order can only be returned, and refuses bad input naming the field', async () => {
    const order = await orderIn(5);
    const refused = await shop.admin.post(`/api/admin/orders/${order.id}/status`, { to: 7 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Order ${order.number} is delivered; it can only move to returned.`);

    const pending = await orderIn(1);
    const wrong = await shop.admin.post(`/api/admin/orders/${pending.id}/status`, { to: 9 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.to).toEqual(['Choose a status from 1 to 8']);
    const long = await shop.admin.post(`/api/admin/orders/${pending.id}/status`, { to: 2, note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.note).toEqual(['Use at most 500 characters']);
    const missing = await shop.admin.post('/api/admin/orders/999999/status', { to: 2 });
    expect(missing.statusCode).toBe(404);
    expect(await statusOf(pending.id)).toBe(1);
  });

  it('shows the timeline with who moved it and why in the order detail', async () => {
    const order = await orderIn(1);
    await shop.admin.post(`/api/admin/orders/${order.id}/status`, { to: 8, note: 'Customer did not pick up' });
    const response = await shop.admin.get(`/api/admin/orders/${order.id}`);
    expect(response.statusCode).toBe(200);
    const view = adminOrderViewSchema.parse(response.json().data);
    expect(view.history.map((row) => [row.from_status, row.status, row.note])).toEqual([
      [null, 1, 'Order placed'],
      [1, 8, 'Customer did not pick up'],
    ]);
    expect(view.history[1]?.admin_name).toBeTruthy();
    expect(view.allowed_moves).toEqual([1, 2, 7]);
    expect(view.due).toBe(view.total);
  });
});

describe('stock follows the order', () => {
  it('releases the reserved stock when an order is cancelled, with ledger rows', async () => {
    const start = await stockAndLedger(shop.t, item.variantId);
    const order = await orderIn(3, 4);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: start.stock - 4, ledger: start.ledger - 4 });
    const response = await shop.admin.post(`/api/admin/orders/${order.id}/status`, { to: 7, note: 'Customer changed their mind' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual(start);
    const ledger = await db
      .select({ kind: stockMovements.kind, quantity: stockMovements.quantity, reason: stockMovements.reason })
      .from(stockMovements)
      .where(and(eq(stockMovements.referenceType, 'order'), eq(stockMovements.referenceId, order.id)))
      .orderBy(asc(stockMovements.id));
    expect(ledger).toEqual([
      { kind: 'reservation', quantity: -4, reason: 'Order placed' },
      { kind: 'release', quantity: 4, reason: `Order ${order.number} cancelled` },
    ]);
  });

  it('restores stock on a return and records the return charge (the delivery charge unless given)', async () => {
    const start = await stockAndLedger(shop.t, item.variantId);
    const shipped = await orderIn(4, 2);
    const delivered = await orderIn(5, 3);
    const first = await shop.admin.post(`/api/admin/orders/${shipped.id}/status`, { to: 6 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.return_charge).toBe(shipped.delivery_charge);
    const second = await shop.admin.post(`/api/admin/orders/${delivered.id}/status`, { to: 6, return_charge: 5000, note: 'Wrong size' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.return_charge).toBe(5000);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual(start);
    const returns = await db
      .select({ quantity: stockMovements.quantity, reference: stockMovements.referenceId })
      .from(stockMovements)
      .where(and(eq(stockMovements.kind, 'return'), eq(stockMovements.variantId, item.variantId)))
      .orderBy(asc(stockMovements.id));
    expect(returns.slice(-2)).toEqual([
      { quantity: 2, reference: shipped.id },
      { quantity: 3, reference: delivered.id },
    ]);
    const negative = await shop.admin.post(`/api/admin/orders/${(await orderIn(4)).id}/status`, { to: 6, return_charge: -1 });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors.return_charge).toEqual(['The return charge cannot be negative']);
  });
});

describe('POST /api/admin/orders/status moves many together', () => {
  it('moves those that may move and reports the others, leaving them untouched', async () => {
    const pending = [await orderIn(1), await orderIn(1), await orderIn(8)];
    const delivered = await orderIn(5);
    const cancelled = await orderIn(7);
    const ids = [pending[0]?.id, delivered.id, pending[1]?.id, 999_999, cancelled.id, pending[2]?.id];
    const response = await shop.admin.post('/api/admin/orders/status', { ids, to: 2, note: 'Called, all fine' });
    expect(response.statusCode, response.body).toBe(200);
    const result = orderMoveResultSchema.parse(response.json());
    expect(result.moved).toEqual(pending.map((order) => order.id));
    expect(result.refused).toEqual([
      { id: delivered.id, number: delivered.number, message: `Order ${delivered.number} is delivered; it can only move to returned.` },
      { id: 999_999, number: '', message: 'Order #999999 does not exist.' },
      { id: cancelled.id, number: cancelled.number, message: `Order ${cancelled.number} is cancelled; it cannot move any more.` },
    ]);
    for (const order of pending) {
      expect(await statusOf(order.id)).toBe(2);
      expect((await historyOf(order.id)).at(-1)).toMatchObject({ toStatus: 2, note: 'Called, all fine', adminId: ownerId });
    }
    expect(await statusOf(delivered.id)).toBe(5);
    expect(await statusOf(cancelled.id)).toBe(7);
    expect(await historyOf(delivered.id)).toHaveLength(5);

    const empty = await shop.admin.post('/api/admin/orders/status', { ids: [], to: 2 });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.ids).toEqual(['Choose at least one order']);
  });

  it('a listener that refuses a move leaves nothing of it written, and the others still move', async () => {
    const start = await stockAndLedger(shop.t, item.variantId);
    const refusedOrder = await orderIn(3, 2);
    const other = await orderIn(3, 1);
    const historyBefore = await historyOf(refusedOrder.id);
    refuseInListener = refusedOrder.id;
    try {
      const result = await moveOrderStatus(asAdmin(ownerId), { orderIds: [refusedOrder.id, other.id], to: 7, note: 'Out of area' });
      expect(result.moved).toEqual([other.id]);
      expect(result.refused).toEqual([
        {
          id: refusedOrder.id,
          number: refusedOrder.number,
          message: `The reseller credit of ${refusedOrder.number} could not be written.`,
        },
      ]);
    } finally {
      refuseInListener = null;
    }
    expect(await statusOf(refusedOrder.id)).toBe(3);
    expect(await historyOf(refusedOrder.id)).toEqual(historyBefore);
    // Its 2 units are still reserved; the other order's unit came back.
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: start.stock - 2, ledger: start.ledger - 2 });
    const [released] = await db
      .select({ n: count() })
      .from(stockMovements)
      .where(and(eq(stockMovements.kind, 'release'), eq(stockMovements.referenceId, refusedOrder.id)));
    expect(released?.n).toBe(0);
  });

  it('moves 200 orders in one call, each with its history row', async () => {
    const many = await Promise.all(Array.from({ length: 200 }, () => placed()));
    const ids = many.map((order) => order.id);
    // How fast is bench/orders-lists.mjs's business; here: all of them, and each recorded.
    const result = await moveOrderStatus(asAdmin(ownerId), { orderIds: ids, to: 2 });
    expect(result.moved).toHaveLength(200);
    const [confirmed] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(inArray(orders.id, ids), eq(orders.status, 2)));
    expect(confirmed?.n).toBe(200);
    const [moves] = await db
      .select({ n: count() })
      .from(orderStatusHistory)
      .where(and(inArray(orderStatusHistory.orderId, ids), eq(orderStatusHistory.toStatus, 2)));
    expect(moves?.n).toBe(200);
  });
});

describe('a bulk cancel of many orders', () => {
  it('gives back exactly the reserved stock, with a release row per line and a history row per order', async () => {
    const shirt = await stockedProduct(shop, 500);
    const cap = await stockedProduct(shop, 500);
    const variants = [item.variantId, shirt.variantId, cap.variantId];
    // 120 orders of 1–3 lines (the same variant twice in some), spread over the statuses a cancel releases from.
    const many = [];
    for (let index = 0; index < 120; index++) {
      const lines = [{ variantId: variants[index % 3] as number, quantity: 1 + (index % 4) }];
      if (index % 2 === 0) lines.push({ variantId: variants[(index + 1) % 3] as number, quantity: 2 });
      if (index % 5 === 0) lines.push({ variantId: variants[(index + 2) % 3] as number, quantity: 1 });
      const { order } = await placeOrder(asAdmin(ownerId), {
        type: 'phone',
        customer: { name: 'Bulk Buyer', phone: freshPhone(), address: 'Zindabazar, Sylhet', cityId: shop.sylhet.city_id },
        lines,
      });
      many.push(order);
    }
    const ids = many.map((order) => order.id);
    expect((await moveOrderStatus(asAdmin(ownerId), { orderIds: ids.slice(30, 90), to: 2 })).moved).toHaveLength(60);
    expect((await moveOrderStatus(asAdmin(ownerId), { orderIds: ids.slice(60, 90), to: 3 })).moved).toHaveLength(30);
    expect((await moveOrderStatus(asAdmin(ownerId), { orderIds: ids.slice(90, 110), to: 8 })).moved).toHaveLength(20);
    const shippedOrder = await orderIn(4, 2);
    const deliveredOrder = await orderIn(5, 1);

    const before = new Map<number, { stock: number; ledger: number }>();
    for (const variantId of variants) before.set(variantId, await stockAndLedger(shop.t, variantId));
    const lines = await db
      .select({ orderId: orderLines.orderId, variantId: orderLines.variantId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids));
    const releasedUnits = new Map<number, number>();
    for (const line of lines) releasedUnits.set(line.variantId, (releasedUnits.get(line.variantId) ?? 0) + line.quantity);
    const statusesBefore = new Map(
      (await db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, ids))).map((row) => [
        row.id,
        row.status,
      ]),
    );

    const asked = [shippedOrder.id, ...ids.slice(0, 60), deliveredOrder.id, ...ids.slice(60)];
    const response = await shop.admin.post('/api/admin/orders/status', { ids: asked, to: 7, note: 'Stock recall' });
    expect(response.statusCode, response.body).toBe(200);
    const result = orderMoveResultSchema.parse(response.json());
    expect(result.moved).toEqual(ids);
    expect(result.refused.map((refusal) => refusal.id)).toEqual([shippedOrder.id, deliveredOrder.id]);
    expect(await statusOf(shippedOrder.id)).toBe(4);
    expect(await statusOf(deliveredOrder.id)).toBe(5);

    // Every unit the 120 orders held is back, no more and no less, and the ledger says so.
    for (const variantId of variants) {
      const start = before.get(variantId) as { stock: number; ledger: number };
      const back = releasedUnits.get(variantId) ?? 0;
      expect(await stockAndLedger(shop.t, variantId)).toEqual({ stock: start.stock + back, ledger: start.ledger + back });
    }
    const releases = await db
      .select({
        orderId: stockMovements.referenceId,
        variantId: stockMovements.variantId,
        quantity: stockMovements.quantity,
        reason: stockMovements.reason,
        adminId: stockMovements.adminId,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.kind, 'release'), eq(stockMovements.referenceType, 'order'), inArray(stockMovements.referenceId, ids)));
    const key = (row: { orderId: number | null; variantId: number; quantity: number }) => `${row.orderId}:${row.variantId}:${row.quantity}`;
    expect(releases.map(key).sort()).toEqual(lines.map(key).sort());
    const numbers = new Map(many.map((order) => [order.id, order.number]));
    for (const release of releases) {
      expect(release.reason).toBe(`Order ${numbers.get(release.orderId as number)} cancelled`);
      expect(release.adminId).toBe(ownerId);
    }

    // One history row per order, from where each was to cancelled, with who and why.
    const history = await db
      .select()
      .from(orderStatusHistory)
      .where(and(inArray(orderStatusHistory.orderId, ids), eq(orderStatusHistory.toStatus, 7)));
    expect(history).toHaveLength(120);
    for (const row of history) {
      expect(row.fromStatus).toBe(statusesBefore.get(row.orderId));
      expect(row.note).toBe('Stock recall');
      expect(row.adminId).not.toBeNull();
    }
    expect(await ledgerMismatches(db)).toEqual([]);
    expect(await variantSalesMismatches(db)).toEqual([]);

    // Cancelling them again releases nothing twice.
    const again = await moveOrderStatus(asAdmin(ownerId), { orderIds: ids.slice(0, 5), to: 7 });
    expect(again.moved).toEqual([]);
    expect(again.refused).toHaveLength(5);
    for (const variantId of variants) {
      const start = before.get(variantId) as { stock: number; ledger: number };
      expect((await stockAndLedger(shop.t, variantId)).stock).toBe(start.stock + (releasedUnits.get(variantId) ?? 0));
    }
  });

  it('when a listener refuses one order of the batch, only that one keeps its stock and status', async () => {
    const start = await stockAndLedger(shop.t, item.variantId);
    const batch = [];
    for (let index = 0; index < 40; index++) batch.push(await placed(1 + (index % 2)));
    const refusedOrder = batch[17] as (typeof batch)[number];
    refuseInListener = refusedOrder.id;
    try {
      const result = await moveOrderStatus(asAdmin(ownerId), { orderIds: batch.map((order) => order.id), to: 7 });
      expect(result.moved).toEqual(batch.filter((order) => order.id !== refusedOrder.id).map((order) => order.id));
      expect(result.refused).toEqual([
        {
          id: refusedOrder.id,
          number: refusedOrder.number,
          message: `The reseller credit of ${refusedOrder.number} could not be written.`,
        },
      ]);
    } finally {
      refuseInListener = null;
    }
    expect(await statusOf(refusedOrder.id)).toBe(1);
    expect(await historyOf(refusedOrder.id)).toHaveLength(1);
    // Order 17 holds 2 units (17 is odd); everything else came back.
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: start.stock - 2, ledger: start.ledger - 2 });
    const [history] = await db
      .select({ n: count() })
      .from(orderStatusHistory)
      .where(
        and(
          inArray(
            orderStatusHistory.orderId,
            batch.map((order) => order.id),
          ),
          eq(orderStatusHistory.toStatus, 7),
        ),
      );
    expect(history?.n).toBe(39);
  });
});

describe('shipping books the consignment with the courier', () => {
  it('stores what the courier answered, or refuses with its message and leaves the order in processing', async () => {
    const booked = await orderIn(3);
    const failed = await orderIn(3);
    setShipmentBooker(async (_db, order) =>
      order.id === failed.id
        ? { kind: 'failed', message: 'Steadfast: recipient_phone must be 11 digits' }
        : { kind: 'booked', courierId, consignmentId: 'C-778', trackingCode: 'SFX77Q', courierStatus: 'in_review' },
    );
    try {
      const result = await moveOrderStatus(asAdmin(ownerId), { orderIds: [booked.id, failed.id], to: 4 });
      expect(result.moved).toEqual([booked.id]);
      expect(result.refused).toEqual([
        {
          id: failed.id,
          number: failed.number,
          message: `Order ${failed.number} was not shipped: Steadfast: recipient_phone must be 11 digits`,
        },
      ]);
    } finally {
      setShipmentBooker(null);
    }
    const [row] = await db.select().from(orders).where(eq(orders.id, booked.id));
    expect(row).toMatchObject({ status: 4, courierId, consignmentId: 'C-778', trackingCode: 'SFX77Q', courierStatus: 'in_review' });
    expect(await statusOf(failed.id)).toBe(3);
    const view = adminOrderViewSchema.parse((await shop.admin.get(`/api/admin/orders/${booked.id}`)).json().data);
    expect(view).toMatchObject({
      courier_name: 'Steadfast Courier',
      consignment_id: 'C-778',
      tracking_code: 'SFX77Q',
      courier_status: 'in_review',
    });
  });

  it('keeps a booked consignment on the order when the move itself is refused', async () => {
    const order = await orderIn(3);
    setShipmentBooker(async () => ({
      kind: 'booked',
      courierId,
      consignmentId: 'C-901',
      trackingCode: 'SFX901',
      courierStatus: 'in_review',
    }));
    refuseInListener = order.id;
    try {
      const result = await moveOrderStatus(asAdmin(ownerId), { orderIds: [order.id], to: 4 });
      expect(result.moved).toEqual([]);
    } finally {
      refuseInListener = null;
      setShipmentBooker(null);
    }
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    // Still in processing, but the parcel the courier booked is not forgotten (a retry must not book it twice).
    expect(row).toMatchObject({ status: 3, courierId, consignmentId: 'C-901', trackingCode: 'SFX901' });
  });
});

describe('GET /api/admin/orders/counts', () => {
  const counts = async (query = '') => {
    const response = await shop.admin.get(`/api/admin/orders/counts${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = orderCountsSchema.parse(response.json());
    return Object.fromEntries(body.data.map((row) => [row.status, row.count])) as Record<number, number>;
  };

  it('follows placements and moves, per type and for all, and counts a search live', async () => {
    const before = await counts('?type=phone');
    const all = await counts();
    const first = await placed();
    const second = await placed();
    await moveOrderStatus(asAdmin(ownerId), { orderIds: [first.id], to: 2 });
    await moveOrderStatus(asAdmin(ownerId), { orderIds: [second.id], to: 7 });
    const after = await counts('?type=phone');
    expect(after[1]).toBe(before[1] ?? 0);
    expect(after[2]).toBe((before[2] ?? 0) + 1);
    expect(after[7]).toBe((before[7] ?? 0) + 1);
    expect((await counts())[2]).toBe((all[2] ?? 0) + 1);

    // The kept counts equal a count of the orders.
    const live = await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
    const kept = await counts();
    for (const row of live) expect(kept[row.status]).toBe(row.n);

    const searched = await counts(`?q=${encodeURIComponent(first.number)}`);
    expect(searched).toMatchObject({ 1: 0, 2: 1, 7: 0 });

    const bad = await shop.admin.get('/api/admin/orders/counts?type=shop');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.type).toBeTruthy();
  });
});

describe('GET /api/admin/orders totals', () => {
  it("gives a status list's total from the kept counts, and counts a search live", async () => {
    await placed();
    await placed();
    const list = async (query: string) => {
      const response = await shop.admin.get(`/api/admin/orders?per_page=1&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { total: number; data: { id: number }[] };
    };
    const live = async (where: ReturnType<typeof and>) => (await db.select({ n: count() }).from(orders).where(where))[0]?.n;
    for (const status of [1, 2, 7] as const) {
      expect((await list(`filter%5Bstatus%5D=${status}`)).total).toBe(await live(eq(orders.status, status)));
      expect((await list(`filter%5Bstatus%5D=${status}&filter%5Btype%5D=phone`)).total).toBe(
        await live(and(eq(orders.status, status), eq(orders.type, 'phone'))),
      );
    }
    expect((await list('')).total).toBe(await live(undefined));
    const searched = await list(`filter%5Bstatus%5D=1&q=${encodeURIComponent('Jamal')}`);
    expect(searched.total).toBe(await live(and(eq(orders.status, 1), like(orders.customerName, '%Jamal%'))));
  });
});

describe('permissions', () => {
  it('refuses moves without order.status.update and reads without order.view', async () => {
    const order = await orderIn(1);
    const viewer = await staffWith(shop.t, ['order.view']);
    const one = await viewer.post(`/api/admin/orders/${order.id}/status`, { to: 2 });
    expect(one.statusCode).toBe(403);
    expect(one.json().message).toBe('You do not have the "order.status.update" permission.');
    expect((await viewer.post('/api/admin/orders/status', { ids: [order.id], to: 2 })).statusCode).toBe(403);
    expect((await viewer.get('/api/admin/orders/counts')).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe(1);

    const nobody = await staffWith(shop.t, []);
    expect((await nobody.get('/api/admin/orders/counts')).statusCode).toBe(403);
    expect((await nobody.get(`/api/admin/orders/print?ids=${order.id}`)).statusCode).toBe(403);
    const mover = await staffWith(shop.t, ['order.status.update']);
    expect((await mover.post(`/api/admin/orders/${order.id}/status`, { to: 2 })).statusCode).toBe(200);
  });
});

describe('print sheet', () => {
  it('fills the invoice template for each order and gives labels their data', async () => {
    const first = await orderIn(3);
    const second = await orderIn(2);
    const invoice = await shop.admin.get(`/api/admin/orders/print?ids=${first.id},${second.id}&kind=invoice`);
    expect(invoice.statusCode, invoice.body).toBe(200);
    const body = invoice.json();
    expect(body.orders.map((order: { number: string }) => order.number)).toEqual([first.number, second.number]);
    expect(body.orders[0].invoice_html).toContain(first.number);
    const label = await shop.admin.get(`/api/admin/orders/print?ids=${first.id}&kind=label`);
    expect(label.json().orders[0]).toMatchObject({ number: first.number, invoice_html: null });
    expect((await shop.admin.get('/api/admin/orders/print?ids=a,b')).statusCode).toBe(422);
    expect((await shop.admin.get('/api/admin/orders/print?ids=999999')).statusCode).toBe(404);
  });
});

describe('SMS to the customer', () => {
  it('goes to the SMS log on placing, confirming and shipping (with the tracking code), after the commit', async () => {
    const phone = freshPhone();
    const order = await placed(1, phone);
    await moveOrderStatus(asAdmin(ownerId), { orderIds: [order.id], to: 2 });
    await moveOrderStatus(asAdmin(ownerId), { orderIds: [order.id], to: 3 });
    setShipmentBooker(async () => ({
      kind: 'booked',
      courierId,
      consignmentId: 'C-9',
      trackingCode: 'TRK123',
      courierStatus: 'in_review',
    }));
    try {
      await moveOrderStatus(asAdmin(ownerId), { orderIds: [order.id], to: 4 });
    } finally {
      setShipmentBooker(null);
    }
    await settleAfterCommitWork();
    const rows = await db
      .select({ purpose: smsLog.purpose, message: smsLog.message, status: smsLog.status })
      .from(smsLog)
      .where(like(smsLog.recipients, `%${phone.slice(1)}`))
      .orderBy(asc(smsLog.id));
    expect(rows.map((row) => row.purpose)).toEqual(['order_placed', 'order_confirmed', 'order_shipped']);
    expect(rows.every((row) => row.status === 'logged')).toBe(true);
    expect(rows[0]?.message).toContain(order.number);
    expect(rows[2]?.message).toContain('TRK123');
  });
});
