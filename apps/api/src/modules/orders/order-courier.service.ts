import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cityNameSql, subCityNameSql } from '../locations';
import { orderLines, orders } from './order.table';
import type { OrderRow } from './order-events';

/**
 * The courier's columns of an order (courier, consignment, tracking code, the courier's last word),
 * read and written here for the couriers module, which sits above orders.
 */

const SHIPPED = 4;

/** One order, or null; `lock` takes its row lock (inside a transaction) before a change. */
export async function findOrder(db: Db, orderId: number, options: { lock?: boolean } = {}): Promise<OrderRow | null> {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = options.lock ? await query.for('update') : await query;
  return order ?? null;
}

/** The first orders (lowest id) in one status, for demo data built on top of the demo orders (complaints). */
export async function firstOrdersInStatus(db: Db, status: number, limit: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.status, status)).orderBy(asc(orders.id)).limit(limit);
}

export interface OrderCourierFields {
  courierId?: number | null;
  trackingCode?: string | null;
  courierStatus?: string | null;
  courierCheckedAt?: Date | null;
  updatedAt?: Date;
}

/** Writes the courier's columns of one order. */
export async function updateOrderCourier(db: Db, orderId: number, fields: OrderCourierFields): Promise<void> {
  await db.update(orders).set(fields).where(eq(orders.id, orderId));
}

/**
 * Shipped orders booked with one of these couriers, least recently checked first (the tracking
 * job's batch).
 */
export async function shippedOrdersWith(
  db: Db,
  courierIds: readonly number[],
  limit: number,
): Promise<{ id: number; consignmentId: string | null; courierId: number | null }[]> {
  if (courierIds.length === 0) return [];
  return db
    .select({ id: orders.id, consignmentId: orders.consignmentId, courierId: orders.courierId })
    .from(orders)
    .where(and(eq(orders.status, SHIPPED), isNotNull(orders.consignmentId), inArray(orders.courierId, [...courierIds])))
    .orderBy(sql`${orders.courierCheckedAt} asc nulls first`, asc(orders.id))
    .limit(limit);
}

/** The order booked as this consignment with one of these couriers, or null (a courier's webhook). */
export async function orderWithConsignment(
  db: Db,
  consignmentId: string,
  courierIds: readonly number[],
): Promise<{ id: number; status: number; number: string; total: number; advancePaid: number } | null> {
  if (courierIds.length === 0) return null;
  const [row] = await db
    .select({ id: orders.id, status: orders.status, number: orders.number, total: orders.total, advancePaid: orders.advancePaid })
    .from(orders)
    .where(and(eq(orders.consignmentId, consignmentId), inArray(orders.courierId, [...courierIds])))
    .limit(1);
  return row ?? null;
}

/** An order as a courier's bulk-upload sheet needs it (decision 058). */
export interface CourierSheetOrder {
  id: number;
  number: string;
  customerName: string;
  customerPhone: string;
  customerAddress: string;
  city: string;
  area: string;
  /** Cash to collect: the total less the advance (paisa). */
  due: number;
  items: number;
  note: string;
}

/**
 * The orders of a courier sheet: the chosen ones, or (without a choice) those in processing with
 * this courier; oldest first, at most `limit`.
 */
export async function ordersForCourierSheet(
  db: Db,
  filter: { orderIds?: readonly number[]; courierId?: number },
  limit: number,
): Promise<CourierSheetOrder[]> {
  const where = filter.orderIds?.length
    ? inArray(orders.id, [...filter.orderIds])
    : and(eq(orders.status, 3), eq(orders.courierId, filter.courierId ?? 0));
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
      customerAddress: orders.customerAddress,
      city: cityNameSql(orders.cityId),
      area: subCityNameSql(orders.subCityId),
      total: orders.total,
      advancePaid: orders.advancePaid,
      note: orders.note,
      // Qualified by hand: a one-table select writes its columns unqualified, which the subquery would read as its own.
      items: sql<number>`(select coalesce(sum(lines.quantity), 0)::int from ${orderLines} lines where lines.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(where)
    .orderBy(asc(orders.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerAddress: row.customerAddress,
    city: row.city ?? '',
    area: row.area ?? '',
    due: Math.max(0, row.total - row.advancePaid),
    items: Number(row.items),
    note: row.note,
  }));
}

/** Shipped orders not booked with any courier yet, oldest first (the demo's webhook history books them). */
export async function shippedOrdersWithoutConsignment(db: Db, limit: number): Promise<{ id: number; number: string }[]> {
  return db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.status, SHIPPED), sql`${orders.consignmentId} is null`))
    .orderBy(asc(orders.id))
    .limit(limit);
}

/** Books an order as a consignment with a courier (the demo's; a real booking goes through moving to shipped). */
export async function setOrderConsignment(
  db: Db,
  orderId: number,
  fields: { courierId: number; consignmentId: string; trackingCode: string; courierStatus: string },
): Promise<void> {
  await db.update(orders).set(fields).where(eq(orders.id, orderId));
}
