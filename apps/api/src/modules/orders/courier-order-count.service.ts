import { count, eq } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { orders } from './order.table';

/** How many orders are handed to the courier (a courier with orders cannot be deleted). */
export async function courierOrderCount({ db }: Ctx, courierId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.courierId, courierId));
  return row?.n ?? 0;
}
