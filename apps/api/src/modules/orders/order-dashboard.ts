import { type DashboardCard, type DashboardChart, ORDER_STATUS_LABELS, type OrderStatusCode } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import type { DashboardScope, Guarded } from '../dashboard';
import { orders } from './order.table';
import { dayIn, profitTotalsIn, salesPerDay, windowOf } from './order-report.service';
import { orderStatusCounts } from './order-status.table';

const STATUS_CODES = Object.keys(ORDER_STATUS_LABELS).map(Number) as OrderStatusCode[];
const statusList = (code: number) => `/admin/order/process/${code}`;

/** Orders placed since `start`, by status: each an index range on placed_at. */
async function placedByStatus(db: Db, start: ReturnType<typeof windowOf>['start']) {
  const rows = rowsOf<{ status: number; n: number }>(
    await db.execute(
      sql`select ${orders.status} as status, count(*)::int as n from ${orders} where ${orders.placedAt} >= ${start} group by 1`,
    ),
  );
  const byStatus = new Map(rows.map((row) => [Number(row.status), Number(row.n)]));
  return {
    total: rows.reduce((sum, row) => sum + Number(row.n), 0),
    breakdown: STATUS_CODES.map((code) => ({ label: ORDER_STATUS_LABELS[code], value: byStatus.get(code) ?? 0, link: statusList(code) })),
  };
}

/** Orders in one status now, from the counts the status tabs read (kept by triggers on orders). */
async function inStatus(db: Db, status: OrderStatusCode) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select coalesce(sum(${orderStatusCounts.count}), 0)::bigint as n from ${orderStatusCounts} where ${orderStatusCounts.status} = ${status}`,
    ),
  );
  return Number(row?.n ?? 0);
}

function monthStart(today: string) {
  return `${today.slice(0, 8)}01`;
}

/**
 * The order figures of the dashboard (issue 6 item 6), in the shop's time zone: orders placed today
 * and this month by status, orders pending and on hold, the month's sales and profit (orders
 * delivered this month, as the order profit report counts them), and 30 days of orders and sales.
 */
export async function orderDashboardCards({ db, timeZone, now }: DashboardScope): Promise<Guarded<DashboardCard>[]> {
  const today = dayIn(timeZone, now);
  const month = windowOf(timeZone, monthStart(today), today);
  const day = windowOf(timeZone, today, today);
  const [todays, months, pending, hold, money] = await Promise.all([
    placedByStatus(db, day.start),
    placedByStatus(db, month.start),
    inStatus(db, 1),
    inStatus(db, 8),
    profitTotalsIn(db, month),
  ]);
  const report = (from: string) => `/admin/order/report?group=status&from=${from}&to=${today}`;
  const profit = `/admin/order/profit/report?from=${month.range.from}&to=${today}`;
  return [
    { id: 'orders-today', label: 'Orders today', value: todays.total, format: 'count', link: report(today), breakdown: todays.breakdown },
    {
      id: 'orders-month',
      label: 'Orders this month',
      value: months.total,
      format: 'count',
      link: report(month.range.from),
      breakdown: months.breakdown,
    },
    { id: 'orders-pending', label: 'Pending orders', value: pending, format: 'count', link: statusList(1) },
    { id: 'orders-hold', label: 'Orders on hold', value: hold, format: 'count', link: statusList(8) },
    // Money is for those who may read the profit report (dashboard.service.ts).
    { id: 'sales-month', label: 'Sales this month', value: money.sale, format: 'money', link: profit, permission: 'report.view' },
    { id: 'profit-month', label: 'Profit this month', value: money.profit, format: 'money', link: profit, permission: 'report.view' },
  ];
}

/** Orders placed per day and sales per day of delivery, over the last 30 days. */
export async function orderDashboardCharts({ db, timeZone, now }: DashboardScope): Promise<Guarded<DashboardChart>[]> {
  const today = dayIn(timeZone, now);
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const window = windowOf(timeZone, from, today);
  const [placed, sales] = await Promise.all([
    db.execute(
      sql`select to_char((${orders.placedAt} at time zone ${timeZone})::date, 'YYYY-MM-DD') as date, count(*)::int as n
        from ${orders} where ${orders.placedAt} >= ${window.start} and ${orders.placedAt} < ${window.end} group by 1`,
    ),
    salesPerDay(db, window),
  ]);
  const perDay = new Map(rowsOf<{ date: string; n: number }>(placed).map((row) => [row.date, Number(row.n)]));
  const range = `from=${from}&to=${today}`;
  return [
    {
      id: 'orders-30-days',
      label: 'Orders, last 30 days',
      link: `/admin/order/report?group=date&${range}`,
      series: [{ name: 'Orders', points: sales.map((point) => ({ date: point.date, value: perDay.get(point.date) ?? 0 })) }],
    },
    {
      id: 'sales-30-days',
      label: 'Sales, last 30 days',
      link: `/admin/order/profit/report?${range}`,
      format: 'money',
      permission: 'report.view',
      series: [{ name: 'Sales', points: sales.map((point) => ({ date: point.date, value: point.amount })) }],
    },
  ];
}
