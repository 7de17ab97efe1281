import {
  ORDER_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  type OrderReportAnswer,
  type OrderReportRow,
  type OrderStatusCode,
  type OrderType,
  orderReportQuery,
  type ProcessingReportAnswer,
  type ProcessingReportRow,
  type ProfitReportAnswer,
  type ProfitReportRow,
  type ReportChartPoint,
  type ReportRange,
  reportRangeQuery,
  type StaffMoveRow,
  type StaffMovesAnswer,
} from '@haat/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { notFound } from '../../http/errors';
import { pageUrl, paginate } from '../../http/pagination';
import { readSetting, SETTING_GROUPS } from '../settings';
import { adminNames, findAdmin } from '../staff';
import { orderLines, orderStatusHistory, orders } from './order.table';

type Query = Record<string, unknown>;
const n = (value: unknown) => Number(value ?? 0);

/** A calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(timeZone: string, instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A report's days and the instants they start and end at, in the shop's time zone. */
export interface Window {
  range: ReportRange;
  /** The first instant of `from`. */
  start: SQL;
  /** The first instant after `to`. */
  end: SQL;
}

export function windowOf(timeZone: string, from: string, to: string): Window {
  return {
    range: { from, to, time_zone: timeZone },
    start: sql`(${from}::date::timestamp at time zone ${timeZone})`,
    end: sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`,
  };
}

/** The most rows a CSV export holds; a longer report is exported in narrower ranges. */
export const EXPORT_ROW_LIMIT = 50_000;

/** How a report is read: a page of it, or every row (up to the export limit) for CSV. */
export type ReportMode = 'page' | 'export';

/**
 * Parses a report's range and page (the last 30 days up to today by default, in the shop's time
 * zone): the one parse the order reports, the office sale report and the sale profit report share.
 */
export async function parseReportRange({ db, now }: Ctx, query: Query, mode: ReportMode = 'page') {
  const parsed = reportRangeQuery.parse(query);
  if (mode === 'export') Object.assign(parsed, { page: 1, per_page: EXPORT_ROW_LIMIT });
  const { time_zone: timeZone } = await readSetting(db, SETTING_GROUPS.general);
  const to = parsed.to ?? (parsed.from && parsed.from > dayIn(timeZone, now) ? parsed.from : dayIn(timeZone, now));
  const from = parsed.from ?? addDays(to, -29);
  return { ...windowOf(timeZone, from, to), page: parsed.page, perPage: parsed.per_page };
}

/** Every day of the range with its figure, zero where nothing happened. */
export function fillDays(range: ReportRange, found: { date: string; orders: unknown; amount: unknown }[]): ReportChartPoint[] {
  const byDay = new Map(found.map((row) => [row.date, row]));
  const points: ReportChartPoint[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    points.push({ date: day, orders: n(row?.orders), amount: n(row?.amount) });
  }
  return points;
}

export const localDay = (column: SQL | typeof orders.placedAt, timeZone: string) =>
  sql`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;

// ---- Orders by date, status, type or source ----------------------------------------------------

/**
 * Orders placed in the range, grouped by day, status, type or source, with the count and money
 * columns of each group, totals over all of them and orders per day for the chart.
 */
export async function orderReport(ctx: Ctx, query: Query, mode: ReportMode = 'page'): Promise<OrderReportAnswer> {
  const { db } = ctx;
  const window = await parseReportRange(ctx, query, mode);
  const options = orderReportQuery.parse(query);
  const zone = window.range.time_zone;
  const conditions: SQL[] = [sql`${orders.placedAt} >= ${window.start}`, sql`${orders.placedAt} < ${window.end}`];
  if (options['filter[status]']) conditions.push(sql`${orders.status} = ${options['filter[status]']}`);
  if (options['filter[type]']) conditions.push(sql`${orders.type} = ${options['filter[type]']}`);
  if (options['filter[source]']) conditions.push(sql`${orders.source} = ${options['filter[source]']}`);
  const where = sql.join(conditions, sql` and `);
  const key = {
    date: localDay(orders.placedAt, zone),
    status: sql`${orders.status}::text`,
    type: sql`${orders.type}`,
    source: sql`coalesce(${orders.source}, '')`,
  }[options.group];
  // Days read newest first; statuses in their workflow order; types and sources by name.
  const order = options.group === 'date' ? sql`1 desc` : options.group === 'status' ? sql`min(${orders.status})` : sql`1`;
  const sums = sql`count(*)::int as orders, coalesce(sum(${orders.subtotal}), 0)::bigint as subtotal,
    coalesce(sum(${orders.deliveryCharge}), 0)::bigint as delivery_charge, coalesce(sum(${orders.discount}), 0)::bigint as discount,
    coalesce(sum(${orders.total}), 0)::bigint as total`;

  const [groups, [summary], days] = await Promise.all([
    db
      .execute(
        sql`select ${key} as key, ${sums} from ${orders} where ${where} group by 1 order by ${order}
          limit ${window.perPage} offset ${(window.page - 1) * window.perPage}`,
      )
      .then((result) => rowsOf<Record<string, unknown>>(result)),
    db
      .execute(sql`select count(distinct ${key})::int as groups, ${sums} from ${orders} where ${where}`)
      .then((result) => rowsOf<Record<string, unknown>>(result)),
    db
      .execute(
        sql`select ${localDay(orders.placedAt, zone)} as date, count(*)::int as orders, coalesce(sum(${orders.total}), 0)::bigint as amount
          from ${orders} where ${where} group by 1`,
      )
      .then((result) => rowsOf<{ date: string; orders: unknown; amount: unknown }>(result)),
  ]);

  const label = (value: string) => {
    if (options.group === 'status') return ORDER_STATUS_LABELS[Number(value) as OrderStatusCode] ?? value;
    if (options.group === 'type') return ORDER_TYPE_LABELS[value as OrderType] ?? value;
    if (options.group === 'source') return value === '' ? 'No source' : value;
    return value;
  };
  const rows: OrderReportRow[] = groups.map((row) => ({
    key: String(row.key),
    label: label(String(row.key)),
    orders: n(row.orders),
    subtotal: n(row.subtotal),
    delivery_charge: n(row.delivery_charge),
    discount: n(row.discount),
    total: n(row.total),
  }));
  const shaped = paginate(rows, n(summary?.groups), window, (page) => pageUrl('/api/admin/reports/orders', query, page));
  return {
    ...shaped.plain,
    range: window.range,
    group: options.group,
    totals: {
      orders: n(summary?.orders),
      subtotal: n(summary?.subtotal),
      delivery_charge: n(summary?.delivery_charge),
      discount: n(summary?.discount),
      total: n(summary?.total),
    },
    chart: fillDays(window.range, days),
  };
}

// ---- Staff processing ----------------------------------------------------------------------------

/**
 * The status moves made in the window (placements, which have no `from`, are not moves), each with
 * the time its order had entered the status the move's speed is measured from: pending for a move to
 * confirmed, confirmed for a move to shipped.
 */
function movesIn(window: Window, adminCondition: SQL) {
  const h = orderStatusHistory;
  return sql`select ${h.id} as id, ${h.orderId} as order_id, ${h.adminId} as admin_id, ${h.fromStatus} as from_status,
      ${h.toStatus} as to_status, ${h.at} as at, ${h.note} as note,
      case
        when ${h.toStatus} in (2, 4) then (
          select max(entered.at) from ${h} entered
          where entered.order_id = ${h.orderId} and entered.id < ${h.id}
            and entered.to_status = case when ${h.toStatus} = 2 then 1 else 2 end
        )
      end as started_at
    from ${h}
    where ${h.at} >= ${window.start} and ${h.at} < ${window.end} and ${h.fromStatus} is not null and ${adminCondition}`;
}

const STATUS_CODES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

const processingSums = sql.raw(
  `count(*)::int as moves, ${STATUS_CODES.map((code) => `(count(*) filter (where to_status = ${code}))::int as s${code}`).join(', ')},
  percentile_cont(0.5) within group (order by extract(epoch from at - started_at) / 60) filter (where to_status = 2 and started_at is not null) as confirm_minutes,
  percentile_cont(0.5) within group (order by extract(epoch from at - started_at) / 60) filter (where to_status = 4 and started_at is not null) as ship_minutes`,
);

const minutes = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10);

function processingFigures(row: Record<string, unknown> | undefined): Omit<ProcessingReportRow, 'admin_id' | 'admin_name'> {
  return {
    moves: n(row?.moves),
    to_status: Object.fromEntries(STATUS_CODES.map((code) => [String(code), n(row?.[`s${code}`])])),
    median_confirm_minutes: minutes(row?.confirm_minutes),
    median_ship_minutes: minutes(row?.ship_minutes),
  };
}

const SYSTEM_NAME = 'System (courier tracking, resellers)';

/** Per staff member: how many moves of each kind in the range and how fast they confirmed and shipped. */
export async function processingReport(ctx: Ctx, query: Query, mode: ReportMode = 'page'): Promise<ProcessingReportAnswer> {
  const { db } = ctx;
  const window = await parseReportRange(ctx, query, mode);
  const zone = window.range.time_zone;
  const moves = movesIn(window, sql`true`);
  const [groups, [summary], days] = await Promise.all([
    db
      .execute(
        sql`select m.admin_id, ${processingSums}
          from (${moves}) m
          group by m.admin_id order by moves desc, m.admin_id nulls last
          limit ${window.perPage} offset ${(window.page - 1) * window.perPage}`,
      )
      .then((result) => rowsOf<Record<string, unknown>>(result)),
    db
      .execute(sql`select count(distinct coalesce(admin_id, 0))::int as staff, ${processingSums} from (${moves}) m`)
      .then((result) => rowsOf<Record<string, unknown>>(result)),
    db
      .execute(sql`select ${localDay(sql`at`, zone)} as date, count(*)::int as orders, 0 as amount from (${moves}) m group by 1`)
      .then((result) => rowsOf<{ date: string; orders: unknown; amount: unknown }>(result)),
  ]);
  const names = await adminNames(
    db,
    groups.map((row) => (row.admin_id === null ? null : n(row.admin_id))),
  );
  const rows: ProcessingReportRow[] = groups.map((row) => {
    const adminId = row.admin_id === null ? null : n(row.admin_id);
    return {
      admin_id: adminId,
      admin_name: adminId === null ? SYSTEM_NAME : (names.get(adminId) ?? `Admin #${adminId}`),
      ...processingFigures(row),
    };
  });
  const shaped = paginate(rows, n(summary?.staff), window, (page) => pageUrl('/api/admin/reports/order-processing', query, page));
  const totals = processingFigures(summary);
  return {
    ...shaped.plain,
    range: window.range,
    totals: { moves: totals.moves, staff: n(summary?.staff), to_status: totals.to_status },
    chart: fillDays(window.range, days),
  };
}

/** One admin's moves in the range, newest first, with their figures and moves per day. */
export async function staffMovesReport(ctx: Ctx, adminId: number, query: Query, mode: ReportMode = 'page'): Promise<StaffMovesAnswer> {
  const { db } = ctx;
  const window = await parseReportRange(ctx, query, mode);
  const admin = await findAdmin(db, adminId);
  if (!admin) throw notFound('The admin');
  const zone = window.range.time_zone;
  const moves = movesIn(window, sql`${orderStatusHistory.adminId} = ${adminId}`);
  const [found, [summary], days] = await Promise.all([
    db
      .execute(
        sql`select m.id, m.order_id, o.number as order_number, m.from_status, m.to_status, m.at, m.note
          from (${moves}) m join ${orders} o on o.id = m.order_id
          order by m.at desc, m.id desc
          limit ${window.perPage} offset ${(window.page - 1) * window.perPage}`,
      )
      .then((result) => rowsOf<Record<string, unknown>>(result)),
    db.execute(sql`select ${processingSums} from (${moves}) m`).then((result) => rowsOf<Record<string, unknown>>(result)),
    db
      .execute(sql`select ${localDay(sql`at`, zone)} as date, count(*)::int as orders, 0 as amount from (${moves}) m group by 1`)
      .then((result) => rowsOf<{ date: string; orders: unknown; amount: unknown }>(result)),
  ]);
  const rows: StaffMoveRow[] = found.map((row) => ({
    id: n(row.id),
    order_id: n(row.order_id),
    order_number: String(row.order_number),
    from_status: n(row.from_status),
    from_label: ORDER_STATUS_LABELS[n(row.from_status) as OrderStatusCode] ?? String(row.from_status),
    to_status: n(row.to_status),
    to_label: ORDER_STATUS_LABELS[n(row.to_status) as OrderStatusCode] ?? String(row.to_status),
    at: new Date(row.at as string | Date).toISOString(),
    note: String(row.note ?? ''),
  }));
  const totals = processingFigures(summary);
  const shaped = paginate(rows, totals.moves, window, (page) => pageUrl(`/api/admin/reports/order-processing/${adminId}`, query, page));
  return { ...shaped.plain, range: window.range, admin, totals, chart: fillDays(window.range, days) };
}

// ---- Profit per delivered order -----------------------------------------------------------------

/**
 * Orders delivered in the window (their latest move to delivered falls in it) that are still
 * delivered, with what the shop received, the lines' purchase cost and the delivery charge. The sale
 * of a reseller order is its wholesale total plus delivery: the rest is the reseller's.
 */
function deliveredOrders(window: Window) {
  const h = orderStatusHistory;
  const l = orderLines;
  return sql`select o.id as order_id, o.number, o.type, o.customer_name, d.delivered_at, o.delivery_charge,
      case when o.type = 'reseller' then lines.wholesale + o.delivery_charge else o.total end as sale,
      lines.cost
    from (
      select ${h.orderId} as order_id, max(${h.at}) as delivered_at from ${h}
      where ${h.toStatus} = 5 and ${h.at} >= ${window.start} and ${h.at} < ${window.end}
      group by ${h.orderId}
    ) d
    join ${orders} o on o.id = d.order_id and o.status = 5
    cross join lateral (
      select coalesce(sum(${l.quantity}::bigint * ${l.purchaseCost}), 0)::bigint as cost,
        coalesce(sum(${l.quantity}::bigint * ${l.wholesalePrice}), 0)::bigint as wholesale
      from ${l} where ${l.orderId} = o.id
    ) lines`;
}

export interface ProfitTotals {
  orders: number;
  sale: number;
  cost: number;
  delivery_charge: number;
  profit: number;
}

const profitSums = sql`count(*)::int as orders, coalesce(sum(sale), 0)::bigint as sale, coalesce(sum(cost), 0)::bigint as cost,
  coalesce(sum(delivery_charge), 0)::bigint as delivery_charge, coalesce(sum(sale - cost - delivery_charge), 0)::bigint as profit`;

function profitTotals(row: Record<string, unknown> | undefined): ProfitTotals {
  return {
    orders: n(row?.orders),
    sale: n(row?.sale),
    cost: n(row?.cost),
    delivery_charge: n(row?.delivery_charge),
    profit: n(row?.profit),
  };
}

/** Sales and profit of the orders delivered in a window: the dashboard's month figures. */
export async function profitTotalsIn(db: Db, window: Window): Promise<ProfitTotals> {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${profitSums} from (${deliveredOrders(window)}) p`));
  return profitTotals(row);
}

/** Sales (what the shop received) per day of delivery, for a window. */
export async function salesPerDay(db: Db, window: Window) {
  const days = rowsOf<{ date: string; orders: unknown; amount: unknown }>(
    await db.execute(
      sql`select ${localDay(sql`delivered_at`, window.range.time_zone)} as date, count(*)::int as orders, coalesce(sum(sale), 0)::bigint as amount
        from (${deliveredOrders(window)}) p group by 1`,
    ),
  );
  return fillDays(window.range, days);
}

/** Per order delivered in the range: sale − cost − delivery = profit, newest delivery first, with totals. */
export async function profitReport(ctx: Ctx, query: Query, mode: ReportMode = 'page'): Promise<ProfitReportAnswer> {
  const { db } = ctx;
  const window = await parseReportRange(ctx, query, mode);
  const zone = window.range.time_zone;
  const delivered = deliveredOrders(window);
  const [found, [summary], days] = await Promise.all([
    db
      .execute(
        sql`select *, sale - cost - delivery_charge as profit from (${delivered}) p order by delivered_at desc, order_id desc
          limit ${window.perPage} offset ${(window.page - 1) * window.perPage}`,
      )
      .then((result) => rowsOf<Record<string, unknown>>(result)),
    db.execute(sql`select ${profitSums} from (${delivered}) p`).then((result) => rowsOf<Record<string, unknown>>(result)),
    db
      .execute(
        sql`select ${localDay(sql`delivered_at`, zone)} as date, count(*)::int as orders, coalesce(sum(sale - cost - delivery_charge), 0)::bigint as amount
          from (${delivered}) p group by 1`,
      )
      .then((result) => rowsOf<{ date: string; orders: unknown; amount: unknown }>(result)),
  ]);
  const rows: ProfitReportRow[] = found.map((row) => ({
    order_id: n(row.order_id),
    number: String(row.number),
    type: String(row.type),
    customer_name: String(row.customer_name),
    delivered_at: new Date(row.delivered_at as string | Date).toISOString(),
    sale: n(row.sale),
    cost: n(row.cost),
    delivery_charge: n(row.delivery_charge),
    profit: n(row.profit),
  }));
  const totals = profitTotals(summary);
  const shaped = paginate(rows, totals.orders, window, (page) => pageUrl('/api/admin/reports/order-profit', query, page));
  return { ...shaped.plain, range: window.range, totals, chart: fillDays(window.range, days) };
}
