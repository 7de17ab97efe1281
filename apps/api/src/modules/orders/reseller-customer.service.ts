import type { Paginator } from '@haat/contracts';
import { and, count, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paginate } from '../../http/pagination';
import { likeContains } from '../../http/resource';
import { newestOrdersFirst, orders } from './order.table';

/**
 * A reseller's customers are the people of their orders: the portal's customer list and page and
 * the SMS campaigns' audiences, read from the orders' copies of name, phone and address.
 */

export interface ResellerCustomerRow {
  id: number;
  name: string;
  phone: string;
  address: string;
  order_count: number;
  /** Paisa: the totals of their delivered orders. */
  delivered_total: number;
  last_order_at: string;
}

/** A page of the people the reseller has ordered for, latest first, by name or phone; each as on their latest order. */
export async function resellerCustomerPage(
  db: Db,
  resellerId: number,
  parsed: { page: number; per_page: number; q?: string },
  url: (page: number) => string,
): Promise<Paginator<ResellerCustomerRow>> {
  const search = parsed.q
    ? or(ilike(orders.customerName, likeContains(parsed.q)), ilike(orders.customerPhone, likeContains(parsed.q.replace(/[\s-]/g, ''))))
    : undefined;
  const where = and(eq(orders.resellerId, resellerId), sql`${orders.customerId} is not null`, search);
  const offset = (parsed.page - 1) * parsed.per_page;
  const rows = await db
    .select({
      id: sql<number>`${orders.customerId}`.mapWith(Number),
      // The name, phone and address of the customer's latest order with this reseller.
      latest: sql<string>`(array_agg(${orders.id} order by ${orders.id} desc))[1]`.mapWith(Number),
      orderCount: count(),
      deliveredTotal: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.status} = 5), 0)`.mapWith(Number),
      lastOrderAt: sql<Date>`max(${orders.placedAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(orders)
    .where(where)
    .groupBy(orders.customerId)
    .orderBy(sql`max(${orders.id}) desc`)
    .limit(parsed.per_page)
    .offset(offset);
  const [counted] = await db
    .select({ n: sql<number>`count(distinct ${orders.customerId})`.mapWith(Number) })
    .from(orders)
    .where(where);
  const latest = rows.length
    ? await db
        .select({ id: orders.id, name: orders.customerName, phone: orders.customerPhone, address: orders.customerAddress })
        .from(orders)
        .where(
          inArray(
            orders.id,
            rows.map((row) => row.latest),
          ),
        )
    : [];
  const byId = new Map(latest.map((row) => [row.id, row]));
  return paginate(
    rows.map((row) => ({
      id: row.id,
      name: byId.get(row.latest)?.name ?? '',
      phone: byId.get(row.latest)?.phone ?? '',
      address: byId.get(row.latest)?.address ?? '',
      order_count: row.orderCount,
      delivered_total: row.deliveredTotal,
      last_order_at: row.lastOrderAt.toISOString(),
    })),
    counted?.n ?? 0,
    { page: parsed.page, perPage: parsed.per_page },
    url,
  ).plain;
}

/** The orders (at most 200, newest first) the reseller placed for one customer, with the name, phone and address on each. */
export async function resellerCustomerOrders(db: Db, resellerId: number, customerId: number) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      name: orders.customerName,
      phone: orders.customerPhone,
      address: orders.customerAddress,
      total: orders.total,
      placedAt: orders.placedAt,
    })
    .from(orders)
    .where(and(eq(orders.resellerId, resellerId), eq(orders.customerId, customerId)))
    .orderBy(...newestOrdersFirst)
    .limit(200);
}

/**
 * Each customer of the reseller's orders with the name and phone of their latest order, in
 * customer id order; `ids` narrows it to those customers.
 */
export async function resellerCustomerContacts(
  db: Db,
  resellerId: number,
  ids: number[] | null,
): Promise<{ customerId: number | null; name: string; phone: string }[]> {
  return db
    .selectDistinctOn([orders.customerId], { customerId: orders.customerId, name: orders.customerName, phone: orders.customerPhone })
    .from(orders)
    .where(and(eq(orders.resellerId, resellerId), isNotNull(orders.customerId), ids ? inArray(orders.customerId, ids) : undefined))
    .orderBy(orders.customerId, desc(orders.id));
}

/** How many customers the reseller has ordered for. */
export async function resellerCustomerCount(db: Db, resellerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${orders.customerId})`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.resellerId, resellerId), isNotNull(orders.customerId)));
  return row?.n ?? 0;
}

/** How many of these customers the reseller has ordered for (fewer than asked: some are not theirs). */
export async function resellerCustomersAmong(db: Db, resellerId: number, customerIds: number[]): Promise<number> {
  const [known] = await db
    .select({ n: sql<number>`count(distinct ${orders.customerId})`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.resellerId, resellerId), inArray(orders.customerId, customerIds)));
  return known?.n ?? 0;
}
