import { inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from './order.table';

/** What another module may read of an order it names: who it is for. */
export interface OrderSummary {
  id: number;
  number: string;
  customerName: string;
  customerPhone: string;
}

/** Orders by id or by number (HB-100245, any case), for records that name orders (complaints). */
export async function orderSummaries(db: Db, refs: { ids?: readonly number[]; numbers?: readonly string[] }): Promise<OrderSummary[]> {
  const ids = [...new Set(refs.ids ?? [])];
  const numbers = [...new Set((refs.numbers ?? []).map((number) => number.trim().toUpperCase()).filter(Boolean))];
  if (ids.length === 0 && numbers.length === 0) return [];
  return db
    .select({ id: orders.id, number: orders.number, customerName: orders.customerName, customerPhone: orders.customerPhone })
    .from(orders)
    .where(or(ids.length ? inArray(orders.id, ids) : undefined, numbers.length ? inArray(orders.number, numbers) : undefined));
}
