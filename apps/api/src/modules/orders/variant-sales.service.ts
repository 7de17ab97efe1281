import { type SQL, sql } from 'drizzle-orm';
import { orderLines, orders } from './order.table';

/** An order's status code when it was cancelled: its lines never count as sold. */
const CANCELLED = 7;

/**
 * Units sold per variant in the 7, 30 and 90 days before `now` (lines of orders placed then that
 * were not cancelled), with the last sale's time in that window: a subquery for the stock analysis
 * (inventory module) to join to its variants in one statement. Columns: variant_id, sold_7,
 * sold_30, sold_90, last_sold_at. Only variants sold in the 90 days have a row.
 */
export function variantSalesSql(now: Date): SQL {
  const at = now.toISOString();
  return sql`(select ${orderLines.variantId} as variant_id,
      (coalesce(sum(${orderLines.quantity}) filter (where ${orders.placedAt} >= ${at}::timestamptz - interval '7 days'), 0))::int as sold_7,
      (coalesce(sum(${orderLines.quantity}) filter (where ${orders.placedAt} >= ${at}::timestamptz - interval '30 days'), 0))::int as sold_30,
      sum(${orderLines.quantity})::int as sold_90,
      max(${orders.placedAt}) as last_sold_at
    from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId}
    where ${orders.placedAt} >= ${at}::timestamptz - interval '90 days' and ${orders.placedAt} <= ${at}::timestamptz
      and ${orders.status} <> ${CANCELLED}
    group by ${orderLines.variantId})`;
}
