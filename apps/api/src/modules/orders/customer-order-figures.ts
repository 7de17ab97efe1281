import { count, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from './order.table';

export interface CustomerOrderFigures {
  orders: number;
  /** Paisa: the totals of their delivered orders (status 5). */
  delivered: number;
  lastPlacedAt: Date | null;
}

/** Each of these customers' orders: how many, how much was delivered, the last one's time (absent: no orders). */
export async function orderFiguresByCustomer(db: Db, customerIds: number[]): Promise<Map<number, CustomerOrderFigures>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({
      customerId: orders.customerId,
      n: count(),
      delivered: sql<string>`coalesce(sum(case when ${orders.status} = 5 then ${orders.total} else 0 end), 0)`,
      last: max(orders.placedAt),
    })
    .from(orders)
    .where(inArray(orders.customerId, customerIds))
    .groupBy(orders.customerId);
  const figures = new Map<number, CustomerOrderFigures>();
  for (const row of rows) {
    if (row.customerId !== null) figures.set(row.customerId, { orders: row.n, delivered: Number(row.delivered), lastPlacedAt: row.last });
  }
  return figures;
}
