import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { readSetting, SETTING_GROUPS } from '../settings';
import { variantSalesDaily } from './variant-sales.table';

/** The date (YYYY-MM-DD) `days` before `today` (itself a YYYY-MM-DD). */
function daysBefore(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * Units sold per variant in the last 7, 30 and 90 days (calendar days in the shop's time zone, today
 * included) with the last day it sold, from `variant_sales_daily` (lines of orders not cancelled, by
 * the day the order was placed; kept by the triggers of migration 0041, decision 041): a subquery for
 * the stock analysis (inventory module) to join to its variants in one statement. Columns: variant_id,
 * sold_7, sold_30, sold_90, last_sold_day (the last day with a sale, a date). Only variants with a row in
 * the 90 days appear. Today and the zone are read here and sent as constants, so the days' index narrows
 * the rows. `noonOf(day)` makes a day the instant a browser shows as that day in any zone (noon in the
 * shop's zone): applied to the rows a page shows only, as a conversion per variant of 100,000 costs a
 * fifth of the analysis on PGlite (decision 041). `variantIds` narrows it to those variants (a page's rows:
 * the key's index then reads only theirs).
 */
export async function variantSalesSql(
  db: Db,
  now: Date,
  variantIds?: readonly number[],
): Promise<{ sales: SQL; noonOf: (day: SQL) => SQL }> {
  const { time_zone: zone } = await readSetting(db, SETTING_GROUPS.general);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const d = variantSalesDaily;
  const sales = sql`(select ${d.variantId} as variant_id,
      (coalesce(sum(${d.units}) filter (where ${d.day} > ${daysBefore(today, 7)}::date), 0))::int as sold_7,
      (coalesce(sum(${d.units}) filter (where ${d.day} > ${daysBefore(today, 30)}::date), 0))::int as sold_30,
      sum(${d.units})::int as sold_90,
      max(${d.day}) filter (where ${d.units} > 0) as last_sold_day
    from ${d}
    where ${d.day} > ${daysBefore(today, 90)}::date and ${d.day} <= ${today}::date
      ${variantIds ? sql`and ${d.variantId} = any(${`{${variantIds.join(',')}}`}::int[])` : sql``}
    group by ${d.variantId})`;
  return { sales, noonOf: (day) => sql`(${day} + time '12:00') at time zone ${zone}::text` };
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
