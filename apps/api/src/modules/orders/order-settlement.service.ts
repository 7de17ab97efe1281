import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderStatusHistory, orders } from './order.table';

/**
 * The columns of delivered cash-on-delivery orders that a courier's remittance settles (decision
 * 049), read and written here for the couriers module, which sits above orders.
 */

const DELIVERED = 5;

export interface SettlementOrder {
  id: number;
  number: string;
  status: number;
  courierId: number | null;
  paymentMethod: string;
  paymentStatus: string;
  customerName: string;
  /** What the courier was to collect: the total less any advance. */
  toCollect: number;
}

const settlementColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  courierId: orders.courierId,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  customerName: orders.customerName,
  toCollect: sql<number>`greatest(0, ${orders.total} - ${orders.advancePaid})::bigint`.mapWith(Number),
};

/**
 * The orders a courier's sheet names, by order number, id, consignment id or tracking code (each
 * reference as written, case-insensitively for numbers). Answers a map reference → order.
 */
export async function ordersByReference(db: Db, references: readonly string[]): Promise<Map<string, SettlementOrder>> {
  const found = new Map<string, SettlementOrder>();
  const refs = [...new Set(references.map((ref) => ref.trim()).filter(Boolean))];
  for (let start = 0; start < refs.length; start += 1000) {
    const chunk = refs.slice(start, start + 1000);
    const upper = chunk.map((ref) => ref.toUpperCase());
    const ids = chunk.filter((ref) => /^\d{1,9}$/.test(ref)).map(Number);
    const rows = await db
      .select(settlementColumns)
      .from(orders)
      .where(
        or(
          inArray(orders.number, upper),
          inArray(orders.consignmentId, chunk),
          inArray(orders.trackingCode, chunk),
          ids.length > 0 ? inArray(orders.id, ids) : undefined,
        ),
      );
    const consignments = await db
      .select({ id: orders.id, consignmentId: orders.consignmentId, trackingCode: orders.trackingCode })
      .from(orders)
      .where(or(inArray(orders.consignmentId, chunk), inArray(orders.trackingCode, chunk)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      found.set(row.number.toUpperCase(), row);
      found.set(String(row.id), row);
    }
    for (const row of consignments) {
      const order = byId.get(row.id);
      if (!order) continue;
      if (row.consignmentId) found.set(row.consignmentId, order);
      if (row.trackingCode) found.set(row.trackingCode, order);
    }
  }
  const answer = new Map<string, SettlementOrder>();
  for (const ref of refs) {
    const order = found.get(ref.toUpperCase()) ?? found.get(ref);
    if (order) answer.set(ref, order);
  }
  return answer;
}

/**
 * The orders as they are now; `lock` takes their row locks in id order (inside the remittance's
 * transaction), so two remittances naming the same orders wait for each other, never deadlock.
 */
export async function settlementOrders(
  db: Db,
  orderIds: readonly number[],
  options: { lock: boolean },
): Promise<Map<number, SettlementOrder>> {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const query = db.select(settlementColumns).from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id));
  const rows = options.lock ? await query.for('update') : await query;
  return new Map(rows.map((row) => [row.id, row]));
}

/** Marks the orders paid (their courier paid over what it collected). */
export async function markOrdersPaid(db: Db, orderIds: readonly number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(orders)
    .set({ paymentStatus: 'paid', updatedAt: now })
    .where(inArray(orders.id, [...orderIds]));
}

/** Whether an order is one a remittance may cover: delivered, cash on delivery, not paid yet. */
export function isSettleable(order: SettlementOrder): boolean {
  return (
    order.status === DELIVERED && order.paymentMethod === 'cod' && order.paymentStatus !== 'paid' && order.paymentStatus !== 'refunded'
  );
}

export interface UnsettledOrder {
  id: number;
  number: string;
  courierId: number;
  customerName: string;
  toCollect: number;
  deliveredAt: Date;
}

/**
 * Delivered cash-on-delivery orders not yet paid, with a courier: what the couriers still owe, oldest
 * delivery first (a mismatched remittance line's order is among them; the couriers module sets it apart).
 */
export async function unsettledCodOrders(db: Db, options: { courierId?: number } = {}): Promise<UnsettledOrder[]> {
  const delivered = db
    .select({ orderId: orderStatusHistory.orderId, at: sql<Date>`max(${orderStatusHistory.at})`.as('delivered_at') })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.toStatus, DELIVERED))
    .groupBy(orderStatusHistory.orderId)
    .as('delivered');
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      courierId: orders.courierId,
      customerName: orders.customerName,
      toCollect: settlementColumns.toCollect,
      deliveredAt: sql<Date>`coalesce(${delivered.at}, ${orders.updatedAt})`.mapWith((value) => new Date(value)),
    })
    .from(orders)
    .leftJoin(delivered, eq(delivered.orderId, orders.id))
    .where(
      and(
        eq(orders.status, DELIVERED),
        eq(orders.paymentMethod, 'cod'),
        inArray(orders.paymentStatus, ['unpaid', 'partial']),
        isNotNull(orders.courierId),
        options.courierId === undefined ? undefined : eq(orders.courierId, options.courierId),
      ),
    )
    .orderBy(asc(orders.courierId), sql`delivered_at asc nulls first`, asc(orders.id));
  return rows.map((row) => ({ ...row, courierId: row.courierId as number }));
}
