import { sql } from 'drizzle-orm';
import type { Ctx } from '../../../context';
import { rowsOf } from '../../../db/client';
import { readSetting, SETTING_GROUPS } from '../../settings';
import { resellerOrderCounts } from './order.service';

export interface ResellerOrderFigures {
  counts: Record<string, number>;
  /** This month in the shop's time zone: orders placed that were not cancelled or returned. */
  month: { orders: number; sales: number; profit: number };
  /** The last 30 days: orders placed and what their customers pay (paisa), per shop day. */
  days: { date: string; orders: number; sales: number }[];
}

/**
 * The dashboard's order figures for one reseller: how many orders are in each status, this
 * month's orders, sales and profit on them (PRODUCT.md §4: what the customer pays − wholesale −
 * the shop's delivery charge), and a 30-day series; days and months in the shop's time zone.
 */
export async function resellerOrderFigures(ctx: Ctx, resellerId: number): Promise<ResellerOrderFigures> {
  const { db } = ctx;
  const { time_zone: zone } = await readSetting(db, SETTING_GROUPS.general);
  const [month] = rowsOf<{ orders: number; sales: string; profit: string }>(
    await db.execute(sql`
      select count(*)::int as orders,
        coalesce(sum(o.total), 0)::bigint as sales,
        coalesce(sum(o.total - o.delivery_charge - (select coalesce(sum(l.wholesale_price * l.quantity), 0) from order_lines l where l.order_id = o.id)), 0)::bigint as profit
      from orders o
      where o.reseller_id = ${resellerId} and o.status not in (6, 7)
        and o.placed_at >= (date_trunc('month', now() at time zone ${zone}) at time zone ${zone})`),
  );
  const days = rowsOf<{ date: string; orders: number; sales: string }>(
    await db.execute(sql`
      with days as (
        select generate_series((now() at time zone ${zone})::date - 29, (now() at time zone ${zone})::date, interval '1 day')::date as day
      ),
      placed as (
        select (o.placed_at at time zone ${zone})::date as day, count(*)::int as orders, sum(o.total)::bigint as sales
        from orders o
        where o.reseller_id = ${resellerId} and o.status <> 7 and o.placed_at >= now() - interval '31 days'
        group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(placed.orders, 0)::int as orders, coalesce(placed.sales, 0)::bigint as sales
      from days left join placed on placed.day = days.day
      order by days.day`),
  );
  return {
    counts: await resellerOrderCounts(ctx, resellerId),
    month: { orders: Number(month?.orders ?? 0), sales: Number(month?.sales ?? 0), profit: Number(month?.profit ?? 0) },
    days: days.map((row) => ({ date: row.date, orders: Number(row.orders), sales: Number(row.sales) })),
  };
}
