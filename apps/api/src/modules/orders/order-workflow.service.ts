import {
  type AdminOrderView,
  formatMoney,
  ORDER_MOVES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderCounts,
  type OrderPrint,
  type OrderStatusCode,
  orderCountsQuery,
  orderPrintQuery,
} from '@haat/contracts';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { notFound } from '../../http/errors';
import { renderTemplate } from '../content';
import { readSetting, SETTING_GROUPS } from '../settings';
import { orderResource } from './order.resource';
import { orderView } from './order.service';
import { orders } from './order.table';
import { orderStatusCounts } from './order-status.table';

const STATUS_CODES = Object.keys(ORDER_STATUSES).map(Number) as OrderStatusCode[];

/** The name of the courier an order was handed to (the couriers module's table), or null. */
export async function courierName(db: Db, courierId: number | null): Promise<string | null> {
  if (!courierId) return null;
  return (await courierNames(db, [courierId])).get(courierId) ?? null;
}

/** Couriers' names by id (the couriers module's table, read without importing it). */
export async function courierNames(db: Db, courierIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(courierIds)];
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number; name: string }>(await db.execute(sql`select id, name from couriers where id in (${list})`));
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

async function orderReference(db: Db, id: number): Promise<{ id: number; number: string } | null> {
  const [row] = await db.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.id, id));
  return row ?? null;
}

/** One order as staff see it (`GET /api/admin/orders/:id`): the order view with source, courier, return charge and its allowed moves. */
export async function adminOrderView({ db }: Ctx, orderId: number): Promise<AdminOrderView> {
  const view = await orderView(db, orderId);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('The order');
  return {
    ...view,
    reseller_id: order.resellerId,
    source: order.source,
    courier_id: order.courierId,
    courier_name: await courierName(db, order.courierId),
    consignment_id: order.consignmentId,
    tracking_code: order.trackingCode,
    courier_status: order.courierStatus,
    courier_checked_at: order.courierCheckedAt?.toISOString() ?? null,
    return_charge: order.returnCharge,
    exchange_of: order.exchangeOfOrderId ? await orderReference(db, order.exchangeOfOrderId) : null,
    due: order.paymentStatus === 'paid' ? 0 : Math.max(0, order.total - order.advancePaid),
    allowed_moves: [...(ORDER_MOVES[order.status as OrderStatusCode] ?? [])],
  };
}

/**
 * How many orders each status tab holds (`GET /api/admin/orders/counts`), of one type or all. Without
 * a search or dates it sums the counts the triggers keep (order_status_counts: at most 384 rows);
 * with them it counts the matching orders.
 */
export async function orderStatusCountsOf(ctx: Ctx, query: Record<string, unknown>): Promise<OrderCounts> {
  const { db } = ctx;
  const parsed = orderCountsQuery.parse(query);
  const live = Boolean(parsed.q || parsed['filter[placed_from]'] || parsed['filter[placed_to]'] || parsed['filter[assignee]']);
  let rows: { status: number; n: number }[];
  if (!live) {
    rows = await db
      .select({ status: orderStatusCounts.status, n: sql<number>`sum(${orderStatusCounts.count})`.mapWith(Number) })
      .from(orderStatusCounts)
      .where(parsed.type ? eq(orderStatusCounts.type, parsed.type) : undefined)
      .groupBy(orderStatusCounts.status);
  } else {
    const filters = Object.entries({
      q: parsed.q,
      'filter[type]': parsed.type,
      'filter[placed_from]': parsed['filter[placed_from]'],
      'filter[placed_to]': parsed['filter[placed_to]'],
      'filter[assignee]': parsed['filter[assignee]'],
    }).filter(([, value]) => value);
    const condition = await orderResource.where(ctx, Object.fromEntries(filters));
    rows = await db.select({ status: orders.status, n: count() }).from(orders).where(condition).groupBy(orders.status);
  }
  const byStatus = new Map(rows.map((row) => [row.status, Number(row.n)]));
  const data = STATUS_CODES.map((status) => ({ status, label: ORDER_STATUS_LABELS[status], count: byStatus.get(status) ?? 0 }));
  return { data, total: data.reduce((sum, row) => sum + row.count, 0) };
}

/**
 * The print sheet of many orders (`GET /api/admin/orders/print?ids=&kind=`): each order as staff see
 * it, with the shop's invoice template filled in for invoices, and the shop's name and contacts.
 */
export async function orderPrintSheet(ctx: Ctx, query: Record<string, unknown>): Promise<OrderPrint> {
  const { db } = ctx;
  const { ids, kind } = orderPrintQuery.parse(query);
  const existing = new Set((await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids))).map((row) => row.id));
  const general = await readSetting(db, SETTING_GROUPS.general);
  const money = (paisa: number) => formatMoney(paisa, general.currency_symbol);
  const dateOf = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: general.time_zone });
  const sheet: OrderPrint['orders'] = [];
  for (const id of ids) {
    if (!existing.has(id)) continue;
    const view = await adminOrderView(ctx, id);
    let invoiceHtml: string | null = null;
    if (kind === 'invoice') {
      const place = [view.address, view.sub_city_name, view.city_name].filter(Boolean).join(', ');
      const rendered = await renderTemplate(db, 'order_invoice', {
        shop_name: general.site_name,
        shop_phone: general.contact_phone,
        shop_address: general.address,
        customer_name: view.customer_name,
        customer_phone: view.phone,
        customer_address: place,
        order_number: view.number,
        order_date: dateOf.format(new Date(view.placed_at)),
        order_status: view.status_label,
        items: view.lines.map((line) => ({
          name: line.variant_label ? `${line.name} (${line.variant_label})` : line.name,
          quantity: line.quantity,
          price: money(line.unit_price),
          total: money(line.line_total),
        })),
        subtotal: money(view.subtotal),
        delivery_charge: money(view.delivery_charge),
        discount: money(view.discount),
        total: money(view.total),
        advance_paid: money(view.advance_paid),
        due_amount: money(view.due),
        payment_method: view.payment_method === 'cod' ? 'Cash on delivery' : view.payment_method,
        courier_name: view.courier_name ?? '',
        tracking_code: view.tracking_code ?? '',
        notes: view.note,
      });
      invoiceHtml = rendered?.kind === 'invoice' ? rendered.body : null;
    }
    sheet.push({ ...view, invoice_html: invoiceHtml });
  }
  if (sheet.length === 0) throw notFound('The orders to print');
  return {
    kind,
    shop: {
      name: general.site_name,
      phone: general.contact_phone,
      address: general.address,
      logo: general.logo ?? null,
      currency_symbol: general.currency_symbol,
    },
    orders: sheet,
  };
}
