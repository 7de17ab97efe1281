import {
  type AccountOrderPage,
  CUSTOMER_CANCEL_NOTE,
  customerOrderCancelInput,
  ORDER_STATUS_LABELS,
  type OrderStatusCode,
  type OrderView,
  orderTrackInput,
  type TrackedOrder,
  trackingLink,
} from '@haat/contracts';
import { and, asc, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import { pageUrl, paginate } from '../../http/pagination';
import { orderView } from './order.service';
import { newestOrdersFirst, ORDER_NUMBER_PREFIX, orderLines, orderStatusHistory, orders, orderTrackingMisses } from './order.table';
import { moveOrderStatus } from './order-status.service';

const statusLabel = (status: number) => ORDER_STATUS_LABELS[status as OrderStatusCode] ?? String(status);

/** Ten lookups that find nothing from one address in fifteen minutes: the next is refused (no guessing numbers). */
export const TRACKING_LIMIT = { missesPerAddress: 10, windowMs: 15 * 60_000 } as const;

const NOT_FOUND = 'We could not find an order with this number and phone number. Check both and try again.';

/**
 * `GET /_public/order/track?number=&phone=`: the order's status, lines, total and history, for
 * anyone who holds both its number and its phone; nothing without both matching. Misses are
 * counted per address and limited.
 */
export async function trackOrder({ db, ip: address, now }: Ctx, query: unknown): Promise<{ order: TrackedOrder }> {
  const ip = address ?? '';
  const since = new Date(now.getTime() - TRACKING_LIMIT.windowMs);
  const [misses] = await db
    .select({ n: count() })
    .from(orderTrackingMisses)
    .where(and(eq(orderTrackingMisses.ip, ip), gt(orderTrackingMisses.at, since)));
  if ((misses?.n ?? 0) >= TRACKING_LIMIT.missesPerAddress) {
    throw new HttpError(429, 'Too many orders were looked up from here without a match. Please wait 15 minutes and try again.');
  }
  const input = orderTrackInput.parse(query);
  const number = /^\d+$/.test(input.number) ? `${ORDER_NUMBER_PREFIX}${input.number}` : input.number;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.number, number), eq(orders.customerPhone, input.phone)));
  if (!order) {
    await db.insert(orderTrackingMisses).values({ ip, at: now });
    // Misses older than the window no longer count; the table stays small.
    await db.delete(orderTrackingMisses).where(lt(orderTrackingMisses.at, since));
    throw new HttpError(404, NOT_FOUND);
  }
  const lines = await db
    .select({
      name: orderLines.productName,
      variant_label: orderLines.variantLabel,
      quantity: orderLines.quantity,
      unit_price: orderLines.unitPrice,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const history = await db
    .select({ status: orderStatusHistory.toStatus, at: orderStatusHistory.at })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, order.id))
    .orderBy(asc(orderStatusHistory.id));
  return {
    order: {
      number: order.number,
      status: order.status,
      status_label: statusLabel(order.status),
      placed_at: order.placedAt.toISOString(),
      lines: lines.map((line) => ({ ...line, line_total: line.unit_price * line.quantity })),
      subtotal: order.subtotal,
      delivery_charge: order.deliveryCharge,
      discount: order.discount,
      total: order.total,
      history: history.map((row) => ({ status: row.status, status_label: statusLabel(row.status), at: row.at.toISOString() })),
      courier: WITH_COURIER.includes(order.status) ? await trackedCourier(db, order.courierId, order.trackingCode) : null,
    },
  };
}

/** Shipped, delivered, returned: the statuses in which the order was with a courier. */
const WITH_COURIER: readonly number[] = [4, 5, 6];

/**
 * The courier's name and the order's tracking link (the courier's link template with `{code}`); the
 * couriers module's table is read without importing it, as courierNames does (couriers sit above orders).
 */
async function trackedCourier(db: Db, courierId: number | null, trackingCode: string | null): Promise<TrackedOrder['courier']> {
  if (!courierId) return null;
  const [courier] = rowsOf<{ name: string; tracking_url: string }>(
    await db.execute(sql`select name, tracking_url from couriers where id = ${courierId}`),
  );
  if (!courier) return null;
  return { name: courier.name, tracking_code: trackingCode, tracking_url: trackingLink(courier.tracking_url, trackingCode) };
}

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(10),
});

/** `GET /_public/account/orders`: the customer's orders, newest first, in the plain paginator shape. */
export async function customerOrders({ db }: Ctx, customerId: number, query: Record<string, unknown>): Promise<AccountOrderPage> {
  const parsed = pageQuery.parse(query);
  const offset = (parsed.page - 1) * parsed.per_page;
  const rows = await db
    .select({ id: orders.id, number: orders.number, status: orders.status, placedAt: orders.placedAt, total: orders.total })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(...newestOrdersFirst)
    .limit(parsed.per_page)
    .offset(offset);
  const [counted] = await db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId));
  const ids = rows.map((row) => row.id);
  const lines = ids.length
    ? await db
        .select({ orderId: orderLines.orderId, name: orderLines.productName, quantity: orderLines.quantity })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(asc(orderLines.id))
    : [];
  const views = rows.map((row) => {
    const own = lines.filter((line) => line.orderId === row.id);
    const [first] = own;
    const more = own.length - 1;
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      status_label: statusLabel(row.status),
      placed_at: row.placedAt.toISOString(),
      total: row.total,
      item_count: own.reduce((sum, line) => sum + line.quantity, 0),
      summary: first ? (more > 0 ? `${first.name} and ${more} more` : first.name) : '',
      first_item: first?.name ?? '',
      more_items: Math.max(0, more),
    };
  });
  return paginate(views, counted?.n ?? 0, { page: parsed.page, perPage: parsed.per_page }, (page) =>
    pageUrl('/_public/account/orders', query, page),
  ).plain;
}

/** `GET /_public/account/orders/{number}`: one of the customer's own orders; another's is not found. */
export async function customerOrder({ db }: Ctx, customerId: number, number: string): Promise<OrderView> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.number, number.trim().toUpperCase()), eq(orders.customerId, customerId)));
  if (!row) throw notFound('The order');
  return orderView(db, row.id);
}

/**
 * `POST /_public/account/orders/{number}/cancel`: the shopper cancels their own order while it is
 * pending (1), through the same move staff make (moveOrderStatus: one transaction, the reserved stock
 * released, a timeline row by the customer with their reason). Once it has moved on (confirmed,
 * on hold…) it is the shop's to cancel: 409 with where it is. Another's order is not found.
 */
export async function cancelCustomerOrder(ctx: Ctx, customerId: number, number: string, body: unknown): Promise<OrderView> {
  const { reason } = customerOrderCancelInput.parse(body);
  const { db } = ctx;
  const find = async () => {
    const [row] = await db
      .select({ id: orders.id, status: orders.status, number: orders.number })
      .from(orders)
      .where(and(eq(orders.number, number.trim().toUpperCase()), eq(orders.customerId, customerId)));
    if (!row) throw notFound('The order');
    return row;
  };
  const notPending = (order: { number: string; status: number }) =>
    new HttpError(
      409,
      `Order ${order.number} is ${statusLabel(order.status).toLowerCase()} and can no longer be cancelled here. Please call the shop.`,
      {
        order: ['This order can no longer be cancelled here. Please call the shop.'],
      },
      { status: order.status },
    );
  const order = await find();
  if (order.status !== 1) throw notPending(order);
  const result = await moveOrderStatus(ctx, { orderIds: [order.id], to: 7, note: `${CUSTOMER_CANCEL_NOTE}${reason}`, onlyFrom: [1] });
  if (!result.moved.includes(order.id)) {
    const now = await find();
    if (now.status !== 1) throw notPending(now);
    throw new HttpError(409, result.refused[0]?.message ?? `Order ${order.number} was not cancelled; try again.`);
  }
  return orderView(db, order.id);
}
