import {
  formatMoney,
  ORDER_STATUS_LABELS,
  type OrderStatusCode,
  type OrderView,
  type Paginator,
  type ResellerOrderRow,
  type ResellerOrderView,
  resellerOrderInput,
} from '@haat/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Ctx, inTransaction } from '../../../context';
import type { Db } from '../../../db/client';
import { HttpError, invalid, notFound } from '../../../http/errors';
import { pageUrl, paginate } from '../../../http/pagination';
import { likeContains } from '../../../http/resource';
import { diffChanges, recordAudit } from '../../audit';
import { findOrCreateCustomerByPhone } from '../../customers';
import { deliveryChargeFor } from '../../locations';
import {
  lineName,
  orderLineRow,
  orderLines,
  orders,
  orderView,
  placeOrderInBatch,
  type SellingPrice,
  sellingPrices,
  stockMessage,
} from '../../orders';
import { moveStock, type StockMove } from '../../products';
import { readSetting, SETTING_GROUPS } from '../../settings';

type OrderInput = z.output<typeof resellerOrderInput>;

const statusLabel = (status: number) => ORDER_STATUS_LABELS[status as OrderStatusCode] ?? String(status);

/** "the wholesale price, ৳700.00" with the shop's currency symbol. */
async function moneyText(db: Db, paisa: number): Promise<string> {
  const { currency_symbol: symbol } = await readSetting(db, SETTING_GROUPS.general);
  return formatMoney(paisa, symbol);
}

/** Each line's price against its wholesale price, all lines at once, with the field of each refused line. */
async function assertAtLeastWholesale(
  db: Db,
  lines: { variant_id: number; unit_price: number }[],
  wholesale: (variantId: number, price: SellingPrice | undefined) => number | undefined,
  prices: Map<number, SellingPrice>,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const [index, line] of lines.entries()) {
    const price = prices.get(line.variant_id);
    const floor = wholesale(line.variant_id, price);
    if (floor === undefined) {
      errors[`lines.${index}.variant_id`] = ['This product no longer exists; remove it.'];
    } else if (line.unit_price < floor) {
      const name = price ? lineName(price) : 'This product';
      errors[`lines.${index}.unit_price`] = [`Sell ${name} at no less than its wholesale price, ${await moneyText(db, floor)}.`];
    }
  }
  const [first] = Object.values(errors);
  if (first?.[0]) throw new HttpError(422, first[0], errors);
}

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
  const [owned] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.resellerId, resellerId)));
  if (!owned) throw notFound('The order');
  return withProfit(db, await orderView(db, orderId));
}

/** An order view as the reseller sees it: each line's wholesale price, the wholesale total and their profit. */
export async function withProfit(db: Db, view: OrderView): Promise<ResellerOrderView> {
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

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
});

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

/** `/dropshipper/order/{status_code}`: the reseller's orders of one status, newest first, with search. */
export async function resellerOrders(
  ctx: Ctx,
  resellerId: number,
  statusCode: number,
  query: Record<string, unknown>,
): Promise<Paginator<ResellerOrderRow> & { counts: Record<string, number> }> {
  const { db } = ctx;
  const parsed = listQuery.parse(query);
  const where = and(eq(orders.resellerId, resellerId), eq(orders.status, statusCode), parsed.q ? orderSearch(parsed.q) : undefined);
  const page = await resellerOrderPage(db, where, parsed, (next) => pageUrl(`/api/reseller/orders/status/${statusCode}`, query, next));
  return { ...page, counts: await resellerOrderCounts(ctx, resellerId) };
}

/**
 * One page of a reseller's orders matching `where`, newest first, with each order's units and the
 * reseller's profit from one grouped read of the page's lines (the portal's lists and the API's).
 */
export async function resellerOrderPage(
  db: Db,
  where: SQL | undefined,
  parsed: { page: number; per_page: number },
  url: (page: number) => string,
): Promise<Paginator<ResellerOrderRow>> {
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

/** How many of the reseller's orders are in each status (through the reseller+status index). */
export async function resellerOrderCounts({ db }: Ctx, resellerId: number): Promise<Record<string, number>> {
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

/**
 * `/dropshipper/order/edit/{id}`: while the order is still pending (status 1), the reseller may
 * change the customer, the place, the lines (their prices never below wholesale) and the advance.
 * In one transaction with the order row locked: the stock of changed quantities is reserved or
 * released through the ledger, the delivery charge and totals worked out again. Not pending: 409.
 */
export async function updateResellerOrder(ctx: Ctx, resellerId: number, orderId: number, body: unknown): Promise<ResellerOrderView> {
  const { db, now } = ctx;
  const input: OrderInput = resellerOrderInput.parse(body);
  const [owned] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.resellerId, resellerId)));
  if (!owned) throw notFound('The order');
  const customer = await findOrCreateCustomerByPhone(db, { name: input.customer_name, phone: input.customer_phone });
  if (customer.status === 'blocked') throw new HttpError(403, 'Orders from this phone number are not accepted. Please call the shop.');

  await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('The order');
    if (order.status !== 1) {
      throw new HttpError(409, `Only a pending order can be edited; this one is ${statusLabel(order.status).toLowerCase()}.`);
    }
    const existing = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
    const before = new Map(existing.map((line) => [line.variantId, line]));
    const prices = await sellingPrices(
      tx,
      input.lines.map((line) => line.variant_id),
      { now },
    );
    // A line the order already has keeps the wholesale price it was placed at; a new one takes today's.
    await assertAtLeastWholesale(tx, input.lines, (id, price) => before.get(id)?.wholesalePrice ?? price?.wholesalePrice, prices);
    const errors: Record<string, string[]> = {};
    input.lines.forEach((line, index) => {
      const price = prices.get(line.variant_id);
      if (!before.has(line.variant_id) && price && !price.published)
        errors[`lines.${index}.variant_id`] = [`${lineName(price)} is no longer available.`];
    });
    const [first] = Object.values(errors);
    if (first?.[0]) throw new HttpError(422, first[0], errors);

    // Stock: what each variant's quantity changes by, reserved (taken) or released (given back).
    const wanted = new Map(input.lines.map((line, index) => [line.variant_id, { line, index }]));
    const moves: StockMove[] = [];
    for (const variantId of new Set([...before.keys(), ...wanted.keys()])) {
      const delta = (wanted.get(variantId)?.line.quantity ?? 0) - (before.get(variantId)?.quantity ?? 0);
      if (delta === 0) continue;
      moves.push({
        variantId,
        quantity: -delta,
        kind: delta > 0 ? 'reservation' : 'release',
        reason: 'Order edited by the reseller',
        referenceType: 'order',
        referenceId: orderId,
        field: `lines.${wanted.get(variantId)?.index ?? 0}.quantity`,
      });
    }
    try {
      await moveStock(txCtx, moves);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) throw error;
      const refused: Record<string, string[]> = {};
      for (const [field] of Object.entries(error.errors)) {
        const index = Number(field.split('.')[1]);
        const line = input.lines[index];
        const price = line ? prices.get(line.variant_id) : undefined;
        if (line && price)
          refused[field] = [stockMessage(lineName(price), price.stock + (before.get(line.variant_id)?.quantity ?? 0), line.quantity)];
      }
      const [message] = Object.values(refused);
      throw message?.[0] ? new HttpError(422, message[0], refused) : error;
    }

    for (const old of existing) {
      if (!wanted.has(old.variantId)) await tx.delete(orderLines).where(eq(orderLines.id, old.id));
    }
    for (const { line } of wanted.values()) {
      const old = before.get(line.variant_id);
      if (old) {
        await tx.update(orderLines).set({ quantity: line.quantity, unitPrice: line.unit_price }).where(eq(orderLines.id, old.id));
        continue;
      }
      const price = prices.get(line.variant_id);
      if (!price) continue;
      await tx.insert(orderLines).values(orderLineRow(orderId, price, line.quantity, line.unit_price));
    }

    const subtotal = input.lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
    const weightGrams = input.lines.reduce((sum, line) => sum + (prices.get(line.variant_id)?.weightGrams ?? 0) * line.quantity, 0);
    const deliveryCharge = await deliveryChargeFor(tx, { cityId: input.city_id, subCityId: input.sub_city_id, weightGrams });
    const discount = Math.min(order.discount, subtotal + deliveryCharge);
    const total = subtotal + deliveryCharge - discount;
    if (input.advance_paid > total) {
      throw invalid('advance_paid', `The advance cannot be more than the order total, ${await moneyText(tx, total)}.`);
    }
    await tx
      .update(orders)
      .set({
        customerId: customer.id,
        customerName: input.customer_name,
        customerPhone: input.customer_phone,
        customerAddress: input.customer_address,
        cityId: input.city_id,
        subCityId: input.sub_city_id,
        subtotal,
        deliveryCharge,
        discount,
        total,
        advancePaid: input.advance_paid,
        paymentStatus: input.advance_paid > 0 ? 'partial' : 'unpaid',
        note: input.note,
        updatedAt: now,
      })
      .where(eq(orders.id, orderId));
    const linesOf = (lines: { variant_id: number; quantity: number; unit_price: number }[]) =>
      Object.fromEntries(
        [...lines]
          .sort((a, b) => a.variant_id - b.variant_id)
          .map((line) => [String(line.variant_id), { quantity: line.quantity, unit_price: line.unit_price }]),
      );
    await recordAudit(txCtx, {
      action: 'update',
      entity: 'order',
      entityId: orderId,
      changes: diffChanges(
        {
          customer_name: order.customerName,
          customer_phone: order.customerPhone,
          customer_address: order.customerAddress,
          city_id: order.cityId,
          sub_city_id: order.subCityId,
          delivery_charge: order.deliveryCharge,
          total: order.total,
          advance_paid: order.advancePaid,
          note: order.note,
          lines: linesOf(existing.map((line) => ({ variant_id: line.variantId, quantity: line.quantity, unit_price: line.unitPrice }))),
        },
        {
          customer_name: input.customer_name,
          customer_phone: input.customer_phone,
          customer_address: input.customer_address,
          city_id: input.city_id,
          sub_city_id: input.sub_city_id ?? null,
          delivery_charge: deliveryCharge,
          total,
          advance_paid: input.advance_paid,
          note: input.note,
          lines: linesOf(input.lines),
        },
      ),
    });
  });
  return resellerOrder(ctx, resellerId, orderId);
}

const customerQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
});

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

/** `/dropshipper/customer`: the people the reseller has ordered for, from their orders, latest first. */
export async function resellerCustomers(
  { db }: Ctx,
  resellerId: number,
  query: Record<string, unknown>,
): Promise<Paginator<ResellerCustomerRow>> {
  const parsed = customerQuery.parse(query);
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
    (page) => pageUrl('/api/reseller/customers', query, page),
  ).plain;
}

/** One customer of the reseller with the orders the reseller placed for them; anyone else's is not found. */
export async function resellerCustomer({ db }: Ctx, resellerId: number, customerId: number) {
  const rows = await db
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
    .orderBy(desc(orders.id))
    .limit(200);
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
