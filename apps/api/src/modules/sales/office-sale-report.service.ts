import type { ReportChartPoint, ReportRange } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { rowsOf } from '../../db/client';
import { parseReportRange } from '../orders';
import { REFUND_NOTE } from './counter-sale.service';

/** One day of counter sales. Money in paisa. */
export interface OfficeSaleReportRow {
  date: string;
  sales: number;
  items: number;
  total: number;
  cost: number;
  profit: number;
  cash: number;
  card: number;
  mobile: number;
}

export interface OfficeSaleReportAnswer {
  range: ReportRange;
  data: OfficeSaleReportRow[];
  totals: Omit<OfficeSaleReportRow, 'date'>;
  chart: ReportChartPoint[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * `/admin/office/sale/report`: the counter's sales day by day in the shop's time zone (the last 30
 * days by default, as the order reports): sales, items, takings, their cost at the time of sale, the
 * profit, and how they were paid (cash net of change, card, mobile banking).
 */
export async function officeSaleReport(ctx: Ctx, query: Record<string, unknown>, mode: 'page' | 'export' = 'page') {
  const window = await parseReportRange(ctx, query, mode);
  const { from, to, time_zone: timeZone } = window.range;
  const { start, end } = window;
  const found = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`
      with sale as (
        select s.id, to_char((s.sold_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as date, s.total - s.refunded as total, s.cost, s.change_given
        from counter_sales s where s.sold_at >= ${start} and s.sold_at < ${end} and s.kind <> 'company' and num_nonnulls(s.company_id, s.supplier_id) = 0
      )
      select sale.date, count(*)::int as sales,
        coalesce(sum((select sum(case when l.direction = 'in' then -l.quantity else l.quantity end) from counter_sale_lines l where l.sale_id = sale.id)), 0)::bigint as items,
        coalesce(sum(sale.total), 0)::bigint as total, coalesce(sum(sale.cost), 0)::bigint as cost,
        coalesce(sum((select coalesce(sum(case when p.note = ${REFUND_NOTE} then -p.amount else p.amount end), 0) from counter_sale_payments p where p.sale_id = sale.id and p.method = 'cash') - sale.change_given), 0)::bigint as cash,
        coalesce(sum((select coalesce(sum(case when p.note = ${REFUND_NOTE} then -p.amount else p.amount end), 0) from counter_sale_payments p where p.sale_id = sale.id and p.method = 'card')), 0)::bigint as card,
        coalesce(sum((select coalesce(sum(case when p.note = ${REFUND_NOTE} then -p.amount else p.amount end), 0) from counter_sale_payments p where p.sale_id = sale.id and p.method in ('bkash', 'nagad', 'rocket'))), 0)::bigint as mobile
      from sale group by sale.date order by sale.date desc`),
  );
  const rows: OfficeSaleReportRow[] = found.map((row) => {
    const total = Number(row.total);
    const cost = Number(row.cost);
    return {
      date: String(row.date),
      sales: Number(row.sales),
      items: Number(row.items),
      total,
      cost,
      profit: total - cost,
      cash: Number(row.cash),
      card: Number(row.card),
      mobile: Number(row.mobile),
    };
  });
  const totals = rows.reduce(
    (sum, row) => ({
      sales: sum.sales + row.sales,
      items: sum.items + row.items,
      total: sum.total + row.total,
      cost: sum.cost + row.cost,
      profit: sum.profit + row.profit,
      cash: sum.cash + row.cash,
      card: sum.card + row.card,
      mobile: sum.mobile + row.mobile,
    }),
    { sales: 0, items: 0, total: 0, cost: 0, profit: 0, cash: 0, card: 0, mobile: 0 },
  );
  const byDay = new Map(rows.map((row) => [row.date, row]));
  const chart: ReportChartPoint[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    chart.push({ date: day, orders: row?.sales ?? 0, amount: row?.total ?? 0 });
  }
  const perPage = mode === 'export' ? Math.max(rows.length, 1) : window.perPage;
  const page = mode === 'export' ? 1 : window.page;
  return {
    range: { from, to, time_zone: timeZone },
    data: rows.slice((page - 1) * perPage, page * perPage),
    totals,
    chart,
    current_page: page,
    last_page: Math.max(1, Math.ceil(rows.length / perPage)),
    per_page: perPage,
    total: rows.length,
  } satisfies OfficeSaleReportAnswer;
}
