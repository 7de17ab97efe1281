import { createHash } from 'node:crypto';
import {
  ORDER_STATUS_LABELS,
  type OrderStatusCode,
  type OrderView,
  type Paginator,
  type ResellerOrderRow,
  type ResellerOrderView,
} from '@haat/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { invalid } from '../../../http/errors';
import { pageUrl, paginate } from '../../../http/pagination';
import { orderLines, orders } from '../../orders';
import { placeResellerOrder } from '../portal';
import { apiOrderInput, apiOrderListQuery, idempotencyKeyField } from './api.schemas';

/**
 * The reseller API's order calls. Placing goes through the portal's placeResellerOrder (the one
 * placeOrder of every channel: stock reserved in one transaction, prices never below wholesale);
 * reading one order goes through the portal's resellerOrder (another reseller's id is not found).
 */

/** A client's idempotency key as the UUID placeOrder keeps: the same key always maps to the same UUID. */
export function idempotencyUuid(key: string): string {
  const hex = createHash('sha256').update(`reseller-api:${key}`).digest('hex');
  // Version 8 (custom) and the RFC variant, so it is a well-formed UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `POST /api/v1/reseller/orders`; the `Idempotency-Key` header, when sent, wins over the body's key. */
export async function placeApiOrder(db: Db, resellerId: number, body: unknown, header: string | undefined) {
  const input = apiOrderInput.parse(body);
  let key = input.idempotency_key;
  if (header !== undefined) {
    const parsed = idempotencyKeyField.safeParse(header);
    if (!parsed.success) throw invalid('Idempotency-Key', parsed.error.issues[0]?.message ?? 'The idempotency key is invalid');
    key = parsed.data;
  }
  const placed = await placeResellerOrder(db, resellerId, {
    ...(body as Record<string, unknown>),
    idempotency_key: key ? idempotencyUuid(key) : undefined,
  });
  return { order: await withProfit(db, placed.order), created: placed.created };
}

/**
 * The placed order as resellerOrder shows it (wholesale prices, profit), from the view placeOrder
 * already answered: one read of the lines' wholesale prices instead of reading the order again.
 */
async function withProfit(db: Db, view: OrderView): Promise<ResellerOrderView> {
  const wholesale = await db
    .select({ id: orderLines.id, wholesale: orderLines.wholesalePrice })
    .from(orderLines)
    .where(eq(orderLines.orderId, view.id));
  const byLine = new Map(wholesale.map((row) => [row.id, row.wholesale]));
  const lines = view.lines.map((line) => ({ ...line, wholesale_price: byLine.get(line.id) ?? 0 }));
  const wholesaleTotal = lines.reduce((sum, line) => sum + line.wholesale_price * line.quantity, 0);
  return {
    ...view,
    lines,
    wholesale_total: wholesaleTotal,
    profit: view.total - wholesaleTotal - view.delivery_charge,
    editable: view.status === 1,
  };
}

const statusLabel = (status: number) => ORDER_STATUS_LABELS[status as OrderStatusCode] ?? String(status);

/** `GET /api/v1/reseller/orders`: the reseller's orders, newest first, of one status or all. */
export async function apiOrderList(db: Db, resellerId: number, query: Record<string, unknown>): Promise<Paginator<ResellerOrderRow>> {
  const parsed: z.output<typeof apiOrderListQuery> = apiOrderListQuery.parse(query);
  const where = and(eq(orders.resellerId, resellerId), parsed.status ? eq(orders.status, parsed.status) : undefined);
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
    .orderBy(desc(orders.id))
    .limit(parsed.per_page)
    .offset(offset);
  let total = offset + rows.length;
  if (rows.length === parsed.per_page || (rows.length === 0 && offset > 0)) {
    const [counted] = await db.select({ n: count() }).from(orders).where(where);
    total = counted?.n ?? 0;
  }
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
    (next) => pageUrl('/api/v1/reseller/orders', query, next),
  ).plain;
}
