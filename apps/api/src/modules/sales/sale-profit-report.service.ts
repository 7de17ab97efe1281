import {
  marginOf,
  type OrderType,
  type SaleProfitAnswer,
  type SaleProfitChannel,
  type SaleProfitRow,
  saleProfitQuery,
} from '@haat/contracts';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { rowsOf } from '../../db/client';
import { orderProfitPerDay, parseReportRange, type ReportMode } from '../orders';

type Query = Record<string, unknown>;
const COUNTER_CHANNELS = ['counter', 'exchange', 'company'] as const;
const ORDER_CHANNELS: OrderType[] = ['website', 'reseller', 'phone', 'wholesale', 'exchange', 'landing'];
const CHANNEL_ORDER: SaleProfitChannel[] = [...COUNTER_CHANNELS, ...ORDER_CHANNELS.map((type) => `order_${type}` as const)];

const rowOf = (date: string, channel: SaleProfitChannel, count: number, revenue: number, cost: number): SaleProfitRow => ({
  date,
  channel,
  count,
  revenue,
  cost,
  profit: revenue - cost,
  margin: marginOf(revenue - cost, revenue),
});

/**
 * `/admin/sale/profit/report` (decision 040): per day and channel, what the shop took, what it cost at
 * the time of sale and the profit. The counter's sales, exchanges (their difference: paid less
 * refunded; lines coming back take their cost off) and company sales are rows of `counter_sales` by
 * kind, dated when sold; orders come from orders' `orderProfitPerDay` (decision 038), one channel per
 * order type, dated when delivered, their profit net of the orders' discounts.
 */
export async function saleProfitReport(ctx: Ctx, query: Query, mode: ReportMode = 'page'): Promise<SaleProfitAnswer> {
  const window = await parseReportRange(ctx, query, mode);
  const channel = saleProfitQuery.parse(query)['filter[channel]'];
  const { from, to, time_zone: zone } = window.range;
  const rows: SaleProfitRow[] = [];
  const kinds = COUNTER_CHANNELS.filter((kind) => !channel || channel === kind);
  if (kinds.length) {
    const found = rowsOf<Record<string, unknown>>(
      await ctx.db.execute(sql`
        select to_char((s.sold_at at time zone ${zone})::date, 'YYYY-MM-DD') as date, s.kind, count(*)::int as count,
          coalesce(sum(s.total - s.refunded), 0)::bigint as revenue, coalesce(sum(s.cost), 0)::bigint as cost
        from counter_sales s
        where s.sold_at >= ${window.start} and s.sold_at < ${window.end} and s.kind in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})
        group by 1, 2`),
    );
    for (const row of found) {
      rows.push(rowOf(String(row.date), String(row.kind) as SaleProfitChannel, Number(row.count), Number(row.revenue), Number(row.cost)));
    }
  }
  for (const type of ORDER_CHANNELS) {
    const key = `order_${type}` as const;
    if (channel && channel !== key) continue;
    const days = await orderProfitPerDay(ctx.db, { from, to, timeZone: zone, channels: [type] });
    for (const day of days) {
      // An order's revenue is its lines (the shop's price) less its discount: profit + cost.
      if (day.orders > 0) rows.push(rowOf(day.date, key, day.orders, day.profit + day.cost, day.cost));
    }
  }
  rows.sort((a, b) => (a.date === b.date ? CHANNEL_ORDER.indexOf(a.channel) - CHANNEL_ORDER.indexOf(b.channel) : a.date < b.date ? 1 : -1));

  const sum = (list: SaleProfitRow[]) => {
    const count = list.reduce((total, row) => total + row.count, 0);
    const revenue = list.reduce((total, row) => total + row.revenue, 0);
    const cost = list.reduce((total, row) => total + row.cost, 0);
    return { count, revenue, cost, profit: revenue - cost, margin: marginOf(revenue - cost, revenue) };
  };
  const byChannel = CHANNEL_ORDER.flatMap((key) => {
    const list = rows.filter((row) => row.channel === key);
    return list.length ? [{ channel: key, ...sum(list) }] : [];
  });
  const chart: SaleProfitAnswer['chart'] = [];
  for (let day = from; day <= to; day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) {
    const list = rows.filter((row) => row.date === day);
    chart.push({ date: day, orders: list.reduce((total, row) => total + row.count, 0), amount: sum(list).profit });
  }
  const perPage = mode === 'export' ? Math.max(rows.length, 1) : window.perPage;
  const page = mode === 'export' ? 1 : window.page;
  return {
    range: window.range,
    data: rows.slice((page - 1) * perPage, page * perPage),
    totals: sum(rows),
    by_channel: byChannel,
    chart,
    current_page: page,
    last_page: Math.max(1, Math.ceil(rows.length / perPage)),
    per_page: perPage,
    total: rows.length,
  };
}
