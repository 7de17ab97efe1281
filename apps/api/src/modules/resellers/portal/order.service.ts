import {
  ORDER_STATUS_LABELS,
  type OrderStatusCode,
  type OrderView,
  type Paginator,
  type ResellerOrderRow,
  type ResellerOrderView,
  resellerOrderInput,
} from '@haat/contracts';
import { z } from 'zod';
import type { Ctx } from '../../../context';
import type { Db } from '../../../db/client';
import { notFound } from '../../../http/errors';
import { pageUrl } from '../../../http/pagination';
import {
  assertAtLeastWholesale,
  editResellerOrder,
  isResellerOrder,
  lineWholesalePrices,
  orderView,
  placeOrderInBatch,
  type ResellerCustomerRow,
  resellerCustomerOrders,
  resellerCustomerPage,
  resellerOrderPage,
  resellerStatusCounts,
} from '../../orders';

const statusLabel = (status: number) => ORDER_STATUS_LABELS[status as OrderStatusCode] ?? String(status);

/**
 * `/dropshipper/add/new/order`: an order for the reseller's customer at the reseller's own prices,
 * placed through the one placeOrder of every channel (stock reserved, delivery charge from the
 * place, idempotent on the form's key), as type `reseller`, pending, with the reseller on it.
 * A price below the wholesale price is refused on its line's `unit_price`.
 */
export async function placeResellerOrder(ctx: Ctx, resellerId: number, body: unknown) {
  const input = resellerOrderInput.parse(body);
  const own = new Map(input.lines.map((line) => [line.variant_id, line.unit_price]));
  // Through the placement queue: a reseller's program may send many orders at once.
  return placeOrderInBatch(
    ctx,
    {
      type: 'reseller',
      resellerId,
      customer: {
        name: input.customer_name,
        phone: input.customer_phone,
        address: input.customer_address,
        cityId: input.city_id,
        subCityId: input.sub_city_id,
      },
      lines: input.lines.map((line, index) => ({ variantId: line.variant_id, quantity: line.quantity, field: `lines.${index}.quantity` })),
      couponChannel: 'reseller',
      advancePaid: input.advance_paid,
      paymentStatus: input.advance_paid > 0 ? 'partial' : 'unpaid',
      note: input.note,
      source: 'Reseller portal',
      idempotency: input.idempotency_key ? { scope: `reseller:${resellerId}`, key: input.idempotency_key } : null,
    },
    {
      // Every line against the wholesale price read inside the order's transaction, all refusals at once.
      checkPrices: (tx, prices) => assertAtLeastWholesale(tx, input.lines, (_id, price) => price?.wholesalePrice, prices),
      unitPrice: (price) => own.get(price.variantId) ?? price.unitPrice,
    },
  );
}

/** One of the reseller's orders, with wholesale prices and their profit; another's is not found. */
export async function resellerOrder({ db }: Ctx, resellerId: number, orderId: number): Promise<ResellerOrderView> {
  if (!(await isResellerOrder(db, resellerId, orderId))) throw notFound('The order');
  return withProfit(db, await orderView(db, orderId));
}

/** An order view as the reseller sees it: each line's wholesale price, the wholesale total and their profit. */
export async function withProfit(db: Db, view: OrderView): Promise<ResellerOrderView> {
  const byLine = await lineWholesalePrices(db, view.id);
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

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
});

/** `/dropshipper/order/{status_code}`: the reseller's orders of one status, newest first, with search. */
export async function resellerOrders(
  ctx: Ctx,
  resellerId: number,
  statusCode: number,
  query: Record<string, unknown>,
): Promise<Paginator<ResellerOrderRow> & { counts: Record<string, number> }> {
  const { db } = ctx;
  const parsed = listQuery.parse(query);
  const page = await resellerOrderPage(db, { resellerId, status: statusCode, q: parsed.q }, parsed, (next) =>
    pageUrl(`/api/reseller/orders/status/${statusCode}`, query, next),
  );
  return { ...page, counts: await resellerOrderCounts(ctx, resellerId) };
}

/** How many of the reseller's orders are in each status (through the reseller+status index). */
export async function resellerOrderCounts({ db }: Ctx, resellerId: number): Promise<Record<string, number>> {
  return resellerStatusCounts(db, resellerId);
}

/**
 * `/dropshipper/order/edit/{id}`: while the order is still pending (status 1), the reseller may
 * change the customer, the place, the lines (their prices never below wholesale) and the advance.
 * In one transaction with the order row locked: the stock of changed quantities is reserved or
 * released through the ledger, the delivery charge and totals worked out again. Not pending: 409.
 */
export async function updateResellerOrder(ctx: Ctx, resellerId: number, orderId: number, body: unknown): Promise<ResellerOrderView> {
  await editResellerOrder(ctx, resellerId, orderId, body);
  return resellerOrder(ctx, resellerId, orderId);
}

const customerQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
});

/** `/dropshipper/customer`: the people the reseller has ordered for, from their orders, latest first. */
export async function resellerCustomers(
  { db }: Ctx,
  resellerId: number,
  query: Record<string, unknown>,
): Promise<Paginator<ResellerCustomerRow>> {
  const parsed = customerQuery.parse(query);
  return resellerCustomerPage(db, resellerId, parsed, (page) => pageUrl('/api/reseller/customers', query, page));
}

/** One customer of the reseller with the orders the reseller placed for them; anyone else's is not found. */
export async function resellerCustomer({ db }: Ctx, resellerId: number, customerId: number) {
  const rows = await resellerCustomerOrders(db, resellerId, customerId);
  const [latest] = rows;
  if (!latest) throw notFound('The customer');
  return {
    customer: { id: customerId, name: latest.name, phone: latest.phone, address: latest.address, order_count: rows.length },
    orders: rows.map((row) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      status_label: statusLabel(row.status),
      total: row.total,
      placed_at: row.placedAt.toISOString(),
    })),
  };
}
