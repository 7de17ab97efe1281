import type { StaffOrderReportAnswer, StaffOrderReportRow } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { rowsOf } from '../../db/client';
import { pageUrl, paginate } from '../../http/pagination';
import { adminNames } from '../staff';
import { orderStatusHistory, orders } from './order.table';
import { fillDays, localDay, parseReportRange, type ReportMode } from './order-report.service';

type Query = Record<string, unknown>;
const n = (value: unknown) => Number(value ?? 0);

export const UNASSIGNED_NAME = 'Unassigned';

function figures(row: Record<string, unknown> | undefined): Omit<StaffOrderReportRow, 'admin_id' | 'admin_name'> {
  const delivered = n(row?.delivered);
  const returned = n(row?.returned);
  const minutes = row?.confirm_minutes;
  return {
    handled: n(row?.handled),
    confirmed: n(row?.confirmed),
    cancelled: n(row?.cancelled),
    delivered,
    returned,
    delivered_ratio: delivered + returned === 0 ? null : Math.round((delivered / (delivered + returned)) * 1000) / 1000,
    average_confirm_minutes: minutes === null || minutes === undefined ? null : Math.round(Number(minutes) * 10) / 10,
  };
}

/**
 * Per staff member, the orders placed in the range that are with them: how many, how many were
 * confirmed, cancelled, delivered and returned (their status now), the delivered ratio (delivered ÷
 * delivered + returned) and the average time from placement to the first confirmation. ONE grouped
 * statement gives every staff member's row and the totals (grouping sets); a second the orders
 * assigned per day. Orders nobody has are a row of their own.
 */
export async function staffOrderReport(ctx: Ctx, query: Query, mode: ReportMode = 'page'): Promise<StaffOrderReportAnswer> {
  const { db } = ctx;
  const window = await parseReportRange(ctx, query, mode);
  const o = orders;
  const h = orderStatusHistory;
  const inRange = sql`${o.placedAt} >= ${window.start} and ${o.placedAt} < ${window.end}`;
  const [grouped, days] = await Promise.all([
    db
      .execute(
        sql`select ${o.assignedAdminId} as admin_id, grouping(${o.assignedAdminId}) as is_total,
            count(*)::int as handled,
            count(c.at)::int as confirmed,
            (count(*) filter (where ${o.status} = 7))::int as cancelled,
            (count(*) filter (where ${o.status} = 5))::int as delivered,
            (count(*) filter (where ${o.status} = 6))::int as returned,
            avg(extract(epoch from c.at - ${o.placedAt}) / 60) as confirm_minutes
          from ${o}
          left join lateral (select min(${h.at}) as at from ${h} where ${h.orderId} = ${o.id} and ${h.toStatus} = 2) c on true
          where ${inRange}
          group by grouping sets ((${o.assignedAdminId}), ())`,
      )
      .then((result) => rowsOf<Record<string, unknown>>(result)),
    db
      .execute(
        sql`select ${localDay(o.placedAt, window.range.time_zone)} as date, (count(*) filter (where ${o.assignedAdminId} is not null))::int as orders, 0 as amount
          from ${o} where ${inRange} group by 1`,
      )
      .then((result) => rowsOf<{ date: string; orders: unknown; amount: unknown }>(result)),
  ]);
  const total = grouped.find((row) => n(row.is_total) === 1);
  const staffRows = grouped.filter((row) => n(row.is_total) !== 1);
  const names = await adminNames(
    db,
    staffRows.map((row) => (row.admin_id === null ? null : n(row.admin_id))),
  );
  const all: StaffOrderReportRow[] = staffRows
    .map((row) => {
      const adminId = row.admin_id === null ? null : n(row.admin_id);
      return {
        admin_id: adminId,
        admin_name: adminId === null ? UNASSIGNED_NAME : (names.get(adminId) ?? `Admin #${adminId}`),
        ...figures(row),
      };
    })
    // The most orders first; the unassigned last.
    .sort(
      (a, b) =>
        Number(a.admin_id === null) - Number(b.admin_id === null) || b.handled - a.handled || a.admin_name.localeCompare(b.admin_name),
    );
  const page = all.slice((window.page - 1) * window.perPage, window.page * window.perPage);
  const shaped = paginate(page, all.length, window, (next) => pageUrl('/api/admin/reports/order-staff', query, next));
  return { ...shaped.plain, range: window.range, totals: figures(total), chart: fillDays(window.range, days) };
}
