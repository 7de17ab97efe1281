import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { cityNameSql, subCityNameSql } from '../locations';
import { ORDER_NUMBER_PREFIX, orderStatusHistory, orders } from './order.table';
import type { OrderRow } from './order-events';

const PROCESSING = 3;
const SHIPPED = 4;

/**
 * The order a scanner read: its number as printed (HB-100245, any case), or only its digits (100245).
 * One unique-index lookup; null when no order has that number.
 */
export async function findOrderByNumber(db: Db, code: string): Promise<OrderRow | null> {
  const text = code.trim().toUpperCase();
  const number = /^\d+$/.test(text) ? `${ORDER_NUMBER_PREFIX}${text}` : text;
  const [order] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  return order ?? null;
}

/** An order with the names a parcel's label and a desk's list show: its city, sub city and courier. */
export type ParcelRow = OrderRow & { cityName: string | null; subCityName: string | null; courierName: string | null };

/** One order and its place's and courier's names in one statement (the dispatch desk's row after each scan). */
export async function findParcel(db: Db, orderId: number): Promise<ParcelRow | null> {
  const [row] = await db
    .select({
      ...getTableColumns(orders),
      cityName: cityNameSql(orders.cityId),
      subCityName: subCityNameSql(orders.subCityId),
      // The couriers module's table, read by name as the order views do (couriers sits above orders).
      courierName: sql<string | null>`(select c.name from couriers c where c.id = ${orders.courierId})`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/**
 * Gives a processing order without a courier the courier that takes it at the dispatch desk, under
 * its row lock (refused when it moved or got a courier since it was read), audited as a courier change.
 */
export async function assignDispatchCourier(ctx: Ctx, orderId: number, courierId: number): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const [order] = await tx.db.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.status !== PROCESSING || order.courierId !== null) return false;
    await tx.db
      .update(orders)
      .set({ courierId, courierStatus: null, courierCheckedAt: null, updatedAt: tx.now })
      .where(eq(orders.id, orderId));
    await recordAudit(tx, {
      action: 'update',
      entity: 'order',
      entityId: orderId,
      changes: { courier_id: { before: null, after: courierId } },
    });
    return true;
  });
}

/**
 * Takes back a hand-over made by mistake at the dispatch desk (decision 059): a shipped order goes
 * back to processing. PRODUCT.md §3 has no move 4 → 3, so this is not a status move anyone may
 * choose: it is allowed only for the admin who shipped the order, within `withinMs` of doing so,
 * and only while no consignment was booked through a courier's API (that one must be cancelled with
 * the courier). Shipping posts no money and moves no stock, so going back writes only the status,
 * a history row and an audit row, in one transaction under the order's row lock.
 */
export async function undoShipment(ctx: Ctx, orderId: number, options: { withinMs: number; note: string }): Promise<OrderRow> {
  return inTransaction(ctx, async (tx) => {
    const adminId = adminIdOf(tx);
    const [order] = await tx.db.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('The order');
    if (order.status !== SHIPPED) throw new HttpError(409, `Order ${order.number} is not shipped: there is no hand-over to take back.`);
    if (order.consignmentId) {
      throw new HttpError(
        409,
        `Order ${order.number} is booked with its courier (consignment ${order.consignmentId}): cancel the consignment with the courier instead.`,
      );
    }
    const [last] = await tx.db
      .select({ toStatus: orderStatusHistory.toStatus, adminId: orderStatusHistory.adminId, at: orderStatusHistory.at })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(desc(orderStatusHistory.id))
      .limit(1);
    if (!last || last.toStatus !== SHIPPED || last.adminId === null || last.adminId !== adminId) {
      throw new HttpError(409, `Order ${order.number} was shipped by someone else: only who handed it over may take it back.`);
    }
    if (tx.now.getTime() - last.at.getTime() > options.withinMs) {
      const minutes = Math.round(options.withinMs / 60_000);
      throw new HttpError(409, `Order ${order.number} was handed over more than ${minutes} minutes ago: it can no longer be taken back.`);
    }
    const [row] = await tx.db.update(orders).set({ status: PROCESSING, updatedAt: tx.now }).where(eq(orders.id, orderId)).returning();
    await tx.db.insert(orderStatusHistory).values({
      orderId,
      fromStatus: SHIPPED,
      toStatus: PROCESSING,
      adminId,
      actorKind: tx.actor.kind,
      note: options.note,
      at: tx.now,
    });
    await recordAudit(tx, {
      action: 'status.change',
      entity: 'order',
      entityId: orderId,
      changes: { status: { before: SHIPPED, after: PROCESSING }, note: { before: null, after: options.note } },
    });
    return row as OrderRow;
  });
}
