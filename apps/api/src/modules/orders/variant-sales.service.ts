import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { variantSalesDaily } from './variant-sales.table';

/**
 * Units sold per variant in the last 7, 30 and 90 days (calendar days in the shop's time zone, today
 * included) with the last day it sold, from `variant_sales_daily` (lines of orders not cancelled, by
 * the day the order was placed; kept by the triggers of migration 0041, decision 041): a subquery for
 * the stock analysis (inventory module) to join to its variants in one statement. Columns: variant_id,
 * sold_7, sold_30, sold_90, last_sold_at (noon of the last day with a sale, in the shop's zone, so a
 * date shown in any browser's zone is that day). Only variants with a row in the 90 days appear.
 */
export function variantSalesSql(now: Date): SQL {
  const at = now.toISOString();
  const d = variantSalesDaily;
  return sql`(select ${d.variantId} as variant_id,
      (coalesce(sum(${d.units}) filter (where ${d.day} > t.today - 7), 0))::int as sold_7,
      (coalesce(sum(${d.units}) filter (where ${d.day} > t.today - 30), 0))::int as sold_30,
      sum(${d.units})::int as sold_90,
      ((max(${d.day}) filter (where ${d.units} > 0)) + time '12:00') at time zone t.zone as last_sold_at
    from ${d} cross join (select haat_shop_day(${at}::timestamptz) as today, haat_shop_zone() as zone) t
    where ${d.day} > t.today - 90 and ${d.day} <= t.today
    group by ${d.variantId}, t.zone)`;
}

/**
 * Every (variant, day) whose kept units differ from a fresh aggregate over the order lines of orders
 * not cancelled — empty when `variant_sales_daily` is right (the tests' check after each write).
 */
export async function variantSalesMismatches(db: Db): Promise<{ variant_id: number; day: string; kept: number; fresh: number }[]> {
  const result = await db.execute(sql`
    with fresh as (
      select l.variant_id, haat_shop_day(o.placed_at) as day, sum(l.quantity)::int as units
      from order_lines l join orders o on o.id = l.order_id where o.status <> 7 group by 1, 2)
    select coalesce(k.variant_id, f.variant_id) as variant_id, to_char(coalesce(k.day, f.day), 'YYYY-MM-DD') as day,
      coalesce(k.units, 0) as kept, coalesce(f.units, 0) as fresh
    from variant_sales_daily k full join fresh f on f.variant_id = k.variant_id and f.day = k.day
    where coalesce(k.units, 0) <> coalesce(f.units, 0)
    order by 1, 2`);
  return rowsOf<{ variant_id: number; day: string; kept: number; fresh: number }>(result).map((row) => ({
    variant_id: Number(row.variant_id),
    day: String(row.day),
    kept: Number(row.kept),
    fresh: Number(row.fresh),
  }));
}
