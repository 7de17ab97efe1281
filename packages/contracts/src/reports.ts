import { z } from 'zod';
import { ORDER_TYPES } from './order-status';
import { orderStatusCode } from './orders';
import type { Paginator } from './pagination';

/**
 * The order reports of the back office (issue 6 item 7): `/admin/order/report`,
 * `/admin/order/processing/report[/{id}]` and `/admin/order/profit/report`. Every report takes a
 * range of calendar days in the shop's time zone (`from`, `to`, both included; the last 30 days by
 * default), answers a page of rows with totals over every row and a day-by-day chart, and has a CSV
 * export of the same rows at `…/export.csv`.
 *
 * Money is integer paisa. What counts as a sale (decided here, shown on the dashboard too): an order
 * counts once it is delivered (status 5, on the day of its move to delivered) and stops counting if it
 * is returned. Its sale is what the shop receives: the order total (delivery charge included, the
 * customer pays it), or for a reseller order the wholesale total plus the delivery charge (the rest is
 * the reseller's profit). Profit = sale − purchase cost of the lines − delivery charge (what the
 * courier is paid).
 */

const reportDay = z.iso.date({ error: 'Use a date like 2025-03-01' });

export const reportRangeQuery = z
  .object({
    from: reportDay.optional(),
    to: reportDay.optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'The end date is before the start date',
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.to) - Date.parse(query.from) <= 3660 * 86_400_000, {
    path: ['from'],
    message: 'Choose a range of at most ten years',
  });
export type ReportRangeQuery = z.input<typeof reportRangeQuery>;

export const ORDER_REPORT_GROUPS = ['date', 'status', 'type', 'source'] as const;
export type OrderReportGroup = (typeof ORDER_REPORT_GROUPS)[number];

export const orderReportQuery = z.object({
  group: z.enum(ORDER_REPORT_GROUPS, { error: 'Group by date, status, type or source' }).default('date'),
  'filter[status]': orderStatusCode.optional(),
  'filter[type]': z.enum(ORDER_TYPES, { error: `Choose one of: ${ORDER_TYPES.join(', ')}` }).optional(),
  'filter[source]': z.string().trim().min(1).max(120).optional(),
});

/** One day of a report's chart. */
export interface ReportChartPoint {
  date: string;
  orders: number;
  /** Money in paisa (order totals, or sales for the profit report). */
  amount: number;
}

export interface ReportRange {
  from: string;
  to: string;
  time_zone: string;
}

export interface OrderReportRow {
  key: string;
  label: string;
  orders: number;
  subtotal: number;
  delivery_charge: number;
  discount: number;
  total: number;
}

export interface OrderReportAnswer extends Paginator<OrderReportRow> {
  range: ReportRange;
  group: OrderReportGroup;
  totals: Omit<OrderReportRow, 'key' | 'label'>;
  chart: ReportChartPoint[];
}

export interface ProcessingReportRow {
  admin_id: number | null;
  admin_name: string;
  moves: number;
  /** Moves into each status, by code ("2": confirmed…). */
  to_status: Record<string, number>;
  /** Median minutes from pending to confirmed, over the orders this admin confirmed; null if none. */
  median_confirm_minutes: number | null;
  /** Median minutes from confirmed to shipped, over the orders this admin shipped; null if none. */
  median_ship_minutes: number | null;
}

export interface ProcessingReportAnswer extends Paginator<ProcessingReportRow> {
  range: ReportRange;
  totals: { moves: number; staff: number; to_status: Record<string, number> };
  chart: ReportChartPoint[];
}

export interface StaffMoveRow {
  id: number;
  order_id: number;
  order_number: string;
  from_status: number;
  from_label: string;
  to_status: number;
  to_label: string;
  at: string;
  note: string;
}

export interface StaffMovesAnswer extends Paginator<StaffMoveRow> {
  range: ReportRange;
  admin: { id: number; name: string; email: string };
  totals: Omit<ProcessingReportRow, 'admin_id' | 'admin_name'>;
  chart: ReportChartPoint[];
}

export interface ProfitReportRow {
  order_id: number;
  number: string;
  type: string;
  customer_name: string;
  delivered_at: string;
  sale: number;
  cost: number;
  delivery_charge: number;
  profit: number;
}

export interface ProfitReportAnswer extends Paginator<ProfitReportRow> {
  range: ReportRange;
  totals: { orders: number; sale: number; cost: number; delivery_charge: number; profit: number };
  chart: ReportChartPoint[];
}
