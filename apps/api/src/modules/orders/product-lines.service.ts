import { ORDER_STATUS_LABELS, type OrderStatusCode } from '@haat/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, orders } from './order.table';

/** An order's lines with their product and quantity (a merchant's earnings are worked out per line). */
export async function orderLineQuantities(db: Db, orderId: number): Promise<{ id: number; productId: number; quantity: number }[]> {
  return db
    .select({ id: orderLines.id, productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
}

/**
 * What a supplier of some products may see of the order lines of those products: the line, its order's
 * number, date and status. Nothing about the customer (decision 037).
 */
export interface ProductLineRow {
  id: number;
  order_id: number;
  order_number: string;
  status: OrderStatusCode;
  status_label: string;
  placed_at: string;
  product_id: number;
  product_name: string;
  variant_label: string;
  sku: string;
  quantity: number;
}

/** A page of the order lines of some products (`productIds`: a subquery), newest order first, optionally of one status. */
export async function productLinesPage(
  db: Db,
  productIds: SQL,
  { page, perPage, status, id }: { page: number; perPage: number; status?: OrderStatusCode; id?: number },
): Promise<{ rows: ProductLineRow[]; total: number }> {
  const where = and(
    sql`${orderLines.productId} in ${productIds}`,
    status ? eq(orders.status, status) : undefined,
    id ? eq(orderLines.id, id) : undefined,
  );
  const rows = await db
    .select({
      id: orderLines.id,
      orderId: orders.id,
      number: orders.number,
      status: orders.status,
      placedAt: orders.placedAt,
      productId: orderLines.productId,
      productName: orderLines.productName,
      variantLabel: orderLines.variantLabel,
      sku: orderLines.sku,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(where)
    .orderBy(desc(orders.placedAt), desc(orderLines.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(where);
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      order_id: row.orderId,
      order_number: row.number,
      status: row.status as OrderStatusCode,
      status_label: ORDER_STATUS_LABELS[row.status as OrderStatusCode] ?? String(row.status),
      placed_at: row.placedAt.toISOString(),
      product_id: row.productId,
      product_name: row.productName,
      variant_label: row.variantLabel,
      sku: row.sku,
      quantity: row.quantity,
    })),
  };
}

/** Lines and units of some products (a subquery) per order status: status → { lines, units }. */
export async function productLineStatusCounts(db: Db, productIds: SQL): Promise<Map<number, { lines: number; units: number }>> {
  const rows = await db
    .select({ status: orders.status, lines: count(), units: sql<string>`coalesce(sum(${orderLines.quantity}), 0)` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(sql`${orderLines.productId} in ${productIds}`)
    .groupBy(orders.status);
  return new Map(rows.map((row) => [row.status, { lines: row.lines, units: Number(row.units) }]));
}
