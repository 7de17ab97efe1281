import type { OrderType } from '@haat/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { readSetting, SETTING_GROUPS } from '../settings';
import { orderLines, orderStatusHistory, orders } from './order.table';
import { EXPORT_ROW_LIMIT, type Window, windowOf } from './order-report.service';

/**
 * Profit of delivered orders line by line, at the unit cost each line recorded when it was written
 * (decision 038), for the sale profit report (sales module) beside its own counter and company sales.
 * An order counts when its latest move to delivered falls in the range and it is still delivered,
 * exactly as the order profit report and the dashboard's "Profit this month" count it, so the totals
 * here equal theirs.
 */

/** The most lines one call answers: what a CSV export of the reports holds. */
export const ORDER_PROFIT_LINES_LIMIT = EXPORT_ROW_LIMIT;

export interface OrderProfitRange {
  /** First day, YYYY-MM-DD in the shop's time zone, inclusive. */
  from: string;
  /** Last day, YYYY-MM-DD, inclusive. */
  to: string;
  /** The days' time zone; the shop's (general settings) when absent. */
  timeZone?: string;
  /** Only orders of these channels (order types); all when absent or empty. */
  channels?: readonly OrderType[];
}

export interface OrderProfitLinesQuery extends OrderProfitRange {
  /** Lines per call (default 100, at most ORDER_PROFIT_LINES_LIMIT). */
  limit?: number;
  offset?: number;
}

/** One line of a delivered order. Money in paisa. */
export interface OrderProfitLine {
  line_id: number;
  order_id: number;
  order_number: string;
  /** The day it was delivered, YYYY-MM-DD in the range's time zone. */
  date: string;
  delivered_at: string;
  /** The order's channel (its type: website, reseller, phone, wholesale, exchange, landing). */
  channel: OrderType;
  product_id: number;
  variant_id: number;
  product: string;
  variant: string;
  sku: string;
  quantity: number;
  /**
   * What the shop received for one unit: the line's price, or on a reseller order the wholesale price
   * (the rest is the reseller's profit).
   */
  unit_price: number;
  /** The cost of one unit recorded on the line when it was written. */
  unit_cost: number;
  /** quantity × unit_price. */
  sale: number;
  /** quantity × unit_cost. */
  cost: number;
  /** sale − cost (before the order's own discount, see OrderProfitTotals). */
  line_profit: number;
}

export interface OrderProfitTotals {
  orders: number;
  lines: number;
  quantity: number;
  /** Σ line sale. */
  sale: number;
  /** Σ line cost. */
  cost: number;
  /** Σ line profit (sale − cost). */
  line_profit: number;
  /**
   * What the orders took off their lines' value: discounts, coupons and exchange credits (lines +
   * delivery charge − total); none on reseller orders, whose discount is the reseller's.
   */
  discount: number;
  /** line_profit − discount: the order profit report's profit for the same range. */
  profit: number;
}

export interface OrderProfitDay {
  date: string;
  orders: number;
  sale: number;
  cost: number;
  profit: number;
}

const n = (value: unknown) => Number(value ?? 0);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

async function windowFor(db: Db, range: OrderProfitRange): Promise<Window> {
  // The caller parsed its query with a contract; a day that is not one is a programming error.
  for (const day of [range.from, range.to]) {
    if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw new TypeError(`Not a day (YYYY-MM-DD): ${day}`);
  }
  const timeZone = range.timeZone ?? (await readSetting(db, SETTING_GROUPS.general)).time_zone;
  return windowOf(timeZone, range.from, range.to);
}

function channelCondition(channels: readonly OrderType[] | undefined): SQL {
  if (!channels?.length) return sql`true`;
  return sql`o.type in (${sql.join(
    channels.map((channel) => sql`${channel}`),
    sql`, `,
  )})`;
}

/** Orders delivered in the window and still delivered, with the time of their latest delivery. */
function delivered(window: Window, channels: readonly OrderType[] | undefined) {
  const h = orderStatusHistory;
  return sql`select o.id, o.number, o.type, o.delivery_charge, o.total, d.delivered_at
    from (
      select ${h.orderId} as order_id, max(${h.at}) as delivered_at from ${h}
      where ${h.toStatus} = 5 and ${h.at} >= ${window.start} and ${h.at} < ${window.end}
      group by ${h.orderId}
    ) d
    join ${orders} o on o.id = d.order_id and o.status = 5
    where ${channelCondition(channels)}`;
}

/** Per delivered order: its lines' sums and what the order took off them (see OrderProfitTotals.discount). */
function orderSums(window: Window, channels: readonly OrderType[] | undefined) {
  const l = orderLines;
  return sql`select o.id, o.delivered_at, s.lines, s.quantity, s.sale, s.cost,
      case when o.type = 'reseller' then 0 else s.retail + o.delivery_charge - o.total end as discount
    from (${delivered(window, channels)}) o
    cross join lateral (
      select count(*)::int as lines, coalesce(sum(${l.quantity}), 0)::bigint as quantity,
        coalesce(sum(${l.quantity}::bigint * ${l.unitPrice}), 0)::bigint as retail,
        coalesce(sum(${l.quantity}::bigint * (case when o.type = 'reseller' then ${l.wholesalePrice} else ${l.unitPrice} end)), 0)::bigint as sale,
        coalesce(sum(${l.quantity}::bigint * ${l.purchaseCost}), 0)::bigint as cost
      from ${l} where ${l.orderId} = o.id
    ) s`;
}

/**
 * The lines of the orders delivered in the range, newest delivery first (then by order and line),
 * a page at a time: `limit` and `offset` walk every line (`orderProfitTotals(…).lines` of them).
 */
export async function orderProfitLines(db: Db, query: OrderProfitLinesQuery): Promise<OrderProfitLine[]> {
  const window = await windowFor(db, query);
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? 100), 1), ORDER_PROFIT_LINES_LIMIT);
  const offset = Math.max(Math.trunc(query.offset ?? 0), 0);
  const l = orderLines;
  const zone = window.range.time_zone;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ${l.id} as line_id, o.id as order_id, o.number, o.type, o.delivered_at,
        to_char((o.delivered_at at time zone ${zone})::date, 'YYYY-MM-DD') as date,
        ${l.productId} as product_id, ${l.variantId} as variant_id, ${l.productName} as product, ${l.variantLabel} as variant,
        ${l.sku} as sku, ${l.quantity} as quantity,
        case when o.type = 'reseller' then ${l.wholesalePrice} else ${l.unitPrice} end as unit_price,
        ${l.purchaseCost} as unit_cost
      from (${delivered(window, query.channels)}) o
      join ${l} on ${l.orderId} = o.id
      order by o.delivered_at desc, o.id desc, ${l.id} asc
      limit ${limit} offset ${offset}`),
  );
  return rows.map((row) => {
    const quantity = n(row.quantity);
    const unitPrice = n(row.unit_price);
    const unitCost = n(row.unit_cost);
    return {
      line_id: n(row.line_id),
      order_id: n(row.order_id),
      order_number: String(row.number),
      date: String(row.date),
      delivered_at: new Date(row.delivered_at as string | Date).toISOString(),
      channel: String(row.type) as OrderType,
      product_id: n(row.product_id),
      variant_id: n(row.variant_id),
      product: String(row.product),
      variant: String(row.variant ?? ''),
      sku: String(row.sku),
      quantity,
      unit_price: unitPrice,
      unit_cost: unitCost,
      sale: quantity * unitPrice,
      cost: quantity * unitCost,
      line_profit: quantity * (unitPrice - unitCost),
    };
  });
}

/** The range's totals over every delivered order's lines (see OrderProfitTotals). */
export async function orderProfitTotals(db: Db, range: OrderProfitRange): Promise<OrderProfitTotals> {
  const window = await windowFor(db, range);
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select count(*)::int as orders, coalesce(sum(lines), 0)::bigint as lines, coalesce(sum(quantity), 0)::bigint as quantity,
        coalesce(sum(sale), 0)::bigint as sale, coalesce(sum(cost), 0)::bigint as cost, coalesce(sum(discount), 0)::bigint as discount
      from (${orderSums(window, range.channels)}) p`),
  );
  const sale = n(row?.sale);
  const cost = n(row?.cost);
  const discount = n(row?.discount);
  return {
    orders: n(row?.orders),
    lines: n(row?.lines),
    quantity: n(row?.quantity),
    sale,
    cost,
    line_profit: sale - cost,
    discount,
    profit: sale - cost - discount,
  };
}

/** Every day of the range with the sale, cost and profit of the orders delivered that day (zero on quiet days), for a chart. */
export async function orderProfitPerDay(db: Db, range: OrderProfitRange): Promise<OrderProfitDay[]> {
  const window = await windowFor(db, range);
  const zone = window.range.time_zone;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select to_char((delivered_at at time zone ${zone})::date, 'YYYY-MM-DD') as date, count(*)::int as orders,
        coalesce(sum(sale), 0)::bigint as sale, coalesce(sum(cost), 0)::bigint as cost,
        coalesce(sum(sale - cost - discount), 0)::bigint as profit
      from (${orderSums(window, range.channels)}) p group by 1`),
  );
  const byDay = new Map(rows.map((row) => [String(row.date), row]));
  const days: OrderProfitDay[] = [];
  for (let day = range.from; day <= range.to; day = nextDay(day)) {
    const row = byDay.get(day);
    days.push({ date: day, orders: n(row?.orders), sale: n(row?.sale), cost: n(row?.cost), profit: n(row?.profit) });
  }
  return days;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
