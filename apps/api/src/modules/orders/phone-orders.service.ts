import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from './order.table';

/** A phone's orders by status code (absent: none), across every channel. */
export type PhoneStatusCounts = Map<number, number>;

/**
 * Each phone's orders counted by status, in one statement for all of them (a list's page of phones
 * is one query, never one per row). Answered from orders_phone_status_idx alone.
 */
export async function phoneStatusCounts(db: Db, phones: string[]): Promise<Map<string, PhoneStatusCounts>> {
  const counts = new Map<string, PhoneStatusCounts>();
  const unique = [...new Set(phones)];
  if (unique.length === 0) return counts;
  const rows = await db
    .select({ phone: orders.customerPhone, status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(unique.length === 1 ? eq(orders.customerPhone, unique[0] as string) : inArray(orders.customerPhone, unique))
    .groupBy(orders.customerPhone, orders.status);
  for (const row of rows) {
    const byStatus = counts.get(row.phone) ?? new Map<number, number>();
    byStatus.set(row.status, row.n);
    counts.set(row.phone, byStatus);
  }
  return counts;
}

/** A phone's latest orders, newest first (any channel). */
export async function phoneRecentOrders(db: Db, phone: string, limit: number) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      type: orders.type,
      status: orders.status,
      total: orders.total,
      placedAt: orders.placedAt,
    })
    .from(orders)
    .where(eq(orders.customerPhone, phone))
    .orderBy(desc(orders.id))
    .limit(limit);
}

/** The phone an order was placed for, or null when there is no such order. */
export async function orderPhone(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db.select({ phone: orders.customerPhone }).from(orders).where(eq(orders.id, orderId));
  return row?.phone ?? null;
}
