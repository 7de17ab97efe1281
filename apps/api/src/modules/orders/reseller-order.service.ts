import { ORDER_STATUS_LABELS, type OrderStatusCode, type Paginator, type ResellerOrderRow } from '@haat/contracts';
import { type AnyColumn, and, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paginate } from '../../http/pagination';
import { likeContains } from '../../http/resource';
import { newestOrdersFirst, orderLines, orders } from './order.table';

/**
 * A reseller's orders as the resellers module reads them (portal, API, cashbook, shop, admin list):
 * the queries over orders' tables live here, the reseller's rules stay with the resellers.
 */

const statusLabel = (status: number) => ORDER_STATUS_LABELS[status as OrderStatusCode] ?? String(status);

/** Whether the order is this reseller's (another reseller's order is "not found" to them). */
export async function isResellerOrder(db: Db, resellerId: number, orderId: number): Promise<boolean> {
  const [owned] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.resellerId, resellerId)));
  return owned !== undefined;
}

/** The wholesale price each line of an order was placed at, by line id. */
export async function lineWholesalePrices(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: orderLines.id, wholesale: orderLines.wholesalePrice })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return new Map(rows.map((row) => [row.id, row.wholesale]));
}

/** Σ wholesale price × quantity of an order's lines (0 without lines). */
export async function orderWholesaleTotal(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ wholesale: sql<string>`coalesce(sum(${orderLines.wholesalePrice} * ${orderLines.quantity}), 0)` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return Number(row?.wholesale ?? 0);
}

/** The number of the order whose id is in `orderId` (null when there is none), to embed in another module's query. */
export function orderNumberSql(orderId: AnyColumn): SQL<string | null> {
  // Nested: in a one-table select drizzle drops the table of top-level columns only, and the
  // subquery's columns must stay qualified to mean the right table.
  return sql<string | null>`(${sql`select ${orders.number} from ${orders} where ${orders.id} = ${orderId}`})`;
}

/** How many orders each of these resellers has (absent: none). */
export async function orderCountsByReseller(db: Db, resellerIds: number[]): Promise<Map<number, number>> {
  if (resellerIds.length === 0) return new Map();
  const rows = await db
    .select({ resellerId: orders.resellerId, n: count() })
    .from(orders)
    .where(inArray(orders.resellerId, resellerIds))
    .groupBy(orders.resellerId);
  return new Map(rows.flatMap((row) => (row.resellerId === null ? [] : [[row.resellerId, row.n] as const])));
}

/** Writes the code of the reseller's own coupon on an order of their shop (inside the order's transaction). */
export async function setOrderCouponCode(db: Db, orderId: number, code: string): Promise<void> {
  await db.update(orders).set({ couponCode: code }).where(eq(orders.id, orderId));
}

/** An order number ("HB-100245" or its digits), the customer's phone or name. */
function orderSearch(q: string): SQL | undefined {
  const digits = q.replace(/\D/g, '');
  return or(
    eq(orders.number, q.toUpperCase()),
    /^\d+$/.test(q) ? eq(orders.number, `HB-${q}`) : undefined,
    digits.length >= 4 ? ilike(orders.customerPhone, `%${digits}%`) : undefined,
    ilike(orders.customerName, likeContains(q)),
  );
}

/** Which of a reseller's orders a list shows: of one status or all, matching a search or not. */
export interface ResellerOrderFilter {
  resellerId: number;
  status?: number;
  q?: string;
}

/**
 * One page of a reseller's orders, newest first, with each order's units and the reseller's profit
 * from one grouped read of the page's lines (the portal's lists and the API's).
 */
export async function resellerOrderPage(
  db: Db,
  filter: ResellerOrderFilter,
  parsed: { page: number; per_page: number },
  url: (page: number) => string,
): Promise<Paginator<ResellerOrderRow>> {
  const where = and(
    eq(orders.resellerId, filter.resellerId),
    filter.status !== undefined ? eq(orders.status, filter.status) : undefined,
    filter.q ? orderSearch(filter.q) : undefined,
  );
  const offset = (parsed.page - 1) * parsed.per_page;
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      customerName: orders.customerName,
      phone: orders.customerPhone,
      total: orders.total,
      deliveryCharge: orders.deliveryCharge,
      placedAt: orders.placedAt,
    })
    .from(orders)
    .where(where)
    .orderBy(...newestOrdersFirst)
    .limit(parsed.per_page)
    .offset(offset);
  let total = offset + rows.length;
  if (rows.length === parsed.per_page || (rows.length === 0 && offset > 0)) {
    const [counted] = await db.select({ n: count() }).from(orders).where(where);
    total = counted?.n ?? 0;
  }
  // The page's units and wholesale totals, in one grouped read of their lines.
  const sums = rows.length
    ? await db
        .select({
          orderId: orderLines.orderId,
          units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number),
          wholesale: sql<number>`coalesce(sum(${orderLines.wholesalePrice} * ${orderLines.quantity}), 0)`.mapWith(Number),
        })
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(orderLines.orderId)
    : [];
  const byOrder = new Map(sums.map((row) => [row.orderId, row]));
  return paginate(
    rows.map((row) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      status_label: statusLabel(row.status),
      customer_name: row.customerName,
      phone: row.phone,
      total: row.total,
      profit: row.total - (byOrder.get(row.id)?.wholesale ?? 0) - row.deliveryCharge,
      item_count: byOrder.get(row.id)?.units ?? 0,
      placed_at: row.placedAt.toISOString(),
    })),
    total,
    { page: parsed.page, perPage: parsed.per_page },
    url,
  ).plain;
}

/** How many of the reseller's orders are in each status, every status present (through the reseller+status index). */
export async function resellerStatusCounts(db: Db, resellerId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(eq(orders.resellerId, resellerId))
    .groupBy(orders.status);
  const counts: Record<string, number> = {};
  for (const code of Object.keys(ORDER_STATUS_LABELS)) counts[code] = 0;
  for (const row of rows) counts[String(row.status)] = row.n;
  return counts;
}
