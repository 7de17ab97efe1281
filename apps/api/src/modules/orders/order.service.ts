import {
  type CouponChannel,
  formatMoney,
  ORDER_STATUS_LABELS,
  type OrderStatusCode,
  type OrderType,
  type OrderView,
  type PaymentStatus,
} from '@haat/contracts';
import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/constraint-errors';
import { HttpError, invalid, notFound } from '../../http/errors';
import { findOrCreateCustomerByPhone } from '../customers';
import { deliveryChargeFor, placeNames } from '../locations';
import { checkCoupon, recordCouponUse } from '../marketing';
import { moveStock, productVariants, type StockMove } from '../products';
import { readSetting, SETTING_GROUPS } from '../settings';
import { admins } from '../staff';
import { ORDER_NUMBER_PREFIX, orderLines, orderNumberSequence, orderStatusHistory, orders } from './order.table';
import { emitAfterOrderPlaced } from './order-events';
import { lineName, type SellingPrice, sellingPrices } from './pricing.service';

/** One line of an order to place: which variant and how many; `field` names it in errors. */
export interface PlaceOrderLine {
  variantId: number;
  quantity: number;
  /** The request field a stock or availability problem of this line is reported on; default `lines.{index}.quantity`. */
  field?: string;
}

/** What every channel (storefront, phone orders, resellers, landing pages) asks placeOrder for. */
export interface PlaceOrderInput {
  type: OrderType;
  customer: {
    /** The signed-in customer; when absent, the customer with this phone is found or made. */
    id?: number | null;
    name: string;
    phone: string;
    address: string;
    cityId: number;
    subCityId?: number | null;
  };
  lines: PlaceOrderLine[];
  couponCode?: string | null;
  couponChannel?: CouponChannel;
  paymentMethod?: string;
  paymentStatus?: PaymentStatus;
  advancePaid?: number;
  /** A discount staff give by hand (paisa), on top of a coupon's. */
  manualDiscount?: number;
  note?: string;
  source?: string | null;
  resellerId?: number | null;
  /** The storefront sells only published products; staff may sell any. Default true. */
  publishedOnly?: boolean;
  /** A repeated placement with the same key in the same scope answers the first order. */
  idempotency?: { scope: string; key: string } | null;
  /** The request field naming the lines as a whole ("There is nothing to order"); default `lines`. */
  linesField?: string;
}

export interface PlaceOrderContext {
  adminId?: number | null;
  now?: Date;
  /**
   * Runs first inside the order's transaction, before the idempotency check: locks what the lines
   * come from (a cart) and returns them; they are added to `input.lines`.
   */
  prepare?(tx: Db): Promise<PlaceOrderLine[]>;
  /** Runs last inside the order's transaction, with the new order (empties the cart). */
  placed?(tx: Db, order: { id: number; number: string; lines: PlaceOrderLine[] }): Promise<void>;
  /**
   * Runs inside the order's transaction on the prices read there, before anything is written: refuses
   * lines this channel may not sell at (a reseller's own price below the wholesale price), per line.
   */
  checkPrices?(tx: Db, prices: Map<number, SellingPrice>): Promise<void>;
  /** What one unit costs on this order when it is not the selling price (wholesale orders: the quantity break). */
  unitPrice?(price: SellingPrice, quantity: number): number;
  /** The delivery charge when the channel has its own (a reseller's shop); else the shop's table decides. */
  deliveryCharge?(tx: Db, place: { cityId: number; subCityId: number | null; weightGrams: number }): Promise<number | null>;
  /**
   * More stock moves of the same transaction (an exchange's returned lines), made in the one
   * moveStock call that reserves the lines, so every lock is taken in the one order.
   */
  extraStockMoves?(orderId: number): StockMove[];
}

export interface PlacedOrder {
  order: OrderView;
  /** False when the idempotency key had been used: the order is the one made then. */
  created: boolean;
}

/** The order an idempotency key made, if any. */
export async function findIdempotentOrder(db: Db, idempotency: { scope: string; key: string }): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.idempotencyScope, idempotency.scope), eq(orders.idempotencyKey, idempotency.key)));
  return row?.id ?? null;
}

/** The same variant twice is one line with both quantities (the first line's field names it). */
function mergeLines(lines: PlaceOrderLine[]): PlaceOrderLine[] {
  const merged = new Map<number, PlaceOrderLine>();
  for (const line of lines) {
    const existing = merged.get(line.variantId);
    if (existing) existing.quantity += line.quantity;
    else merged.set(line.variantId, { ...line });
  }
  return [...merged.values()];
}

/** Whether this buyer has no earlier order that was not cancelled (for first-order coupons). */
export async function isFirstOrder(db: Db, customerId: number, phone: string | null): Promise<boolean> {
  // A customer made by Google or Facebook sign-in may have no phone yet: their own orders only.
  const buyer = phone ? or(eq(orders.customerId, customerId), eq(orders.customerPhone, phone)) : eq(orders.customerId, customerId);
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(buyer, ne(orders.status, 7)));
  return (row?.n ?? 0) === 0;
}

/** A line's stock problem said the way a shopper understands it, with the stock there is now. */
export function stockMessage(name: string, stock: number, wanted: number): string {
  if (stock <= 0) return `${name} is out of stock.`;
  return `Only ${stock} of ${name} ${stock === 1 ? 'is' : 'are'} left; the order asks for ${wanted}.`;
}

/** Refuses while the site configuration (`/admin/site/configuration`) has taking orders switched off. */
export async function assertTakingOrders(db: Db): Promise<void> {
  const configuration = await readSetting(db, SETTING_GROUPS.configuration);
  if (!configuration.orders_enabled) {
    throw new HttpError(422, 'The shop is not taking orders right now. Please try again later.', {
      order: ['The shop is not taking orders right now.'],
    });
  }
}

/** A line whose product is no longer for sale. */
export const unavailableMessage = (name: string) => `${name} is no longer available; remove it.`;

/**
 * Places an order for any channel (PRODUCT.md §3), in one transaction: every price is worked out
 * on the server (sellingPrices), the delivery charge from the place and the parcel's weight, the
 * coupon checked and its use recorded; stock is reserved through moveStock (never below zero: of
 * two buyers of the last unit one gets the order, the other a 422 naming the line); the order, its
 * lines and its first history row are written. Idempotent on `input.idempotency`: a repeated
 * placement — also two at once — answers the first order (`created: false`) and makes no other.
 * Refused while the site configuration says orders are off.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput, context: PlaceOrderContext = {}): Promise<PlacedOrder> {
  const now = context.now ?? new Date();
  const customerId = input.customer.id ?? (await guestCustomer(db, input.customer));
  let placed: { id: number; created: boolean };
  try {
    placed = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const prepared = context.prepare ? await context.prepare(tx) : [];
      if (input.idempotency) {
        const existing = await findIdempotentOrder(tx, input.idempotency);
        if (existing) return { id: existing, created: false };
      }
      await assertTakingOrders(tx);
      const lines = mergeLines([...input.lines, ...prepared]).map((line, index) => ({
        ...line,
        field: line.field ?? `lines.${index}.quantity`,
      }));
      if (lines.length === 0) throw invalid(input.linesField ?? 'lines', 'There is nothing to order: add a product first.');
      return { id: await writeOrder(tx, input, lines, customerId, context, now), created: true };
    });
  } catch (error) {
    // Two placements with one key at once: the second waited on the key's unique index and lost.
    if (!input.idempotency || !isUniqueViolation(error, 'orders_idempotency_unique')) throw error;
    const existing = await findIdempotentOrder(db, input.idempotency);
    if (!existing) throw error;
    placed = { id: existing, created: false };
  }
  // The customer's "order placed" SMS and other work after the commit; it never undoes the order.
  if (placed.created) emitAfterOrderPlaced(db, placed.id);
  return { order: await orderView(db, placed.id), created: placed.created };
}

/** The guest's customer record, found or made by phone, outside the order's transaction (docs/decisions/007-placing-orders.md). */
async function guestCustomer(db: Db, customer: PlaceOrderInput['customer']): Promise<number> {
  const found = await findOrCreateCustomerByPhone(db, { name: customer.name, phone: customer.phone });
  if (found.status === 'blocked') throw new HttpError(403, 'Orders from this phone number are not accepted. Please call the shop.');
  return found.id;
}

async function writeOrder(
  tx: Db,
  input: PlaceOrderInput,
  lines: Required<PlaceOrderLine>[],
  customerId: number,
  context: PlaceOrderContext,
  now: Date,
): Promise<number> {
  const prices = await sellingPrices(
    tx,
    lines.map((line) => line.variantId),
    { now },
  );
  await context.checkPrices?.(tx, prices);
  const errors: Record<string, string[]> = {};
  const priced: { line: Required<PlaceOrderLine>; price: SellingPrice }[] = [];
  for (const line of lines) {
    const price = prices.get(line.variantId);
    if (!price) errors[line.field] = ['This product no longer exists; remove it.'];
    else if ((input.publishedOnly ?? true) && !price.published) errors[line.field] = [unavailableMessage(lineName(price))];
    else if (!Number.isInteger(line.quantity) || line.quantity < 1) errors[line.field] = ['Order at least 1.'];
    else priced.push({ line, price });
  }
  throwIfAny(errors);

  const unitPrice = ({ line, price }: { line: Required<PlaceOrderLine>; price: SellingPrice }) =>
    context.unitPrice ? context.unitPrice(price, line.quantity) : price.unitPrice;
  const subtotal = priced.reduce((sum, each) => sum + unitPrice(each) * each.line.quantity, 0);
  const weightGrams = priced.reduce((sum, { line, price }) => sum + price.weightGrams * line.quantity, 0);
  const place = { cityId: input.customer.cityId, subCityId: input.customer.subCityId ?? null, weightGrams };
  const deliveryCharge = (context.deliveryCharge ? await context.deliveryCharge(tx, place) : null) ?? (await deliveryChargeFor(tx, place));
  const phone = input.customer.phone;
  const coupon = input.couponCode
    ? {
        code: input.couponCode,
        subtotal,
        customerId,
        phone,
        channel: input.couponChannel ?? 'website',
        isFirstOrder: await isFirstOrder(tx, customerId, phone),
      }
    : null;
  let couponDiscount = 0;
  if (coupon) {
    const checked = await checkCoupon(tx, coupon, now);
    if (!checked.ok) throw invalid('coupon', checked.message);
    couponDiscount = checked.discount;
  }
  // A discount staff give by hand comes on top of a coupon's, never above what the order costs.
  const manualDiscount = input.manualDiscount ?? 0;
  if (couponDiscount + manualDiscount > subtotal + deliveryCharge) {
    const { currency_symbol: symbol } = await readSetting(tx, SETTING_GROUPS.general);
    throw invalid(
      'discount',
      `The discount cannot be more than the order costs, ${formatMoney(subtotal + deliveryCharge - couponDiscount, symbol)}.`,
    );
  }
  const discount = couponDiscount + manualDiscount;
  const advancePaid = input.advancePaid ?? 0;
  const total = subtotal + deliveryCharge - discount;
  if (advancePaid > total) {
    const { currency_symbol: symbol } = await readSetting(tx, SETTING_GROUPS.general);
    throw invalid('advance_paid', `The advance cannot be more than the order total, ${formatMoney(total, symbol)}.`);
  }

  // The order row first: it takes the idempotency key, so a second placement with the same key
  // waits here for this one, and never reaches the stock.
  const [order] = await tx
    .insert(orders)
    .values({
      number: sql`${ORDER_NUMBER_PREFIX}::text || nextval(${sql.raw(`'${orderNumberSequence.seqName}'`)})::text`,
      type: input.type,
      status: 1,
      customerId,
      resellerId: input.resellerId ?? null,
      customerName: input.customer.name,
      customerPhone: phone,
      customerAddress: input.customer.address,
      cityId: input.customer.cityId,
      subCityId: input.customer.subCityId ?? null,
      subtotal,
      deliveryCharge,
      discount,
      couponCode: coupon ? coupon.code.trim().toUpperCase() : null,
      advancePaid,
      total,
      paymentMethod: input.paymentMethod ?? 'cod',
      paymentStatus: input.paymentStatus ?? (advancePaid > 0 ? 'partial' : 'unpaid'),
      source: input.source ?? null,
      note: input.note ?? '',
      idempotencyScope: input.idempotency?.scope ?? null,
      idempotencyKey: input.idempotency?.key ?? null,
      placedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id, number: orders.number });
  if (!order) throw new Error('the order was not written');

  await reserveStock(tx, order.id, priced, context.adminId ?? null, context.extraStockMoves?.(order.id) ?? []);

  await tx.insert(orderLines).values(
    priced.map(({ line, price }) => ({
      orderId: order.id,
      productId: price.productId,
      variantId: price.variantId,
      productName: price.productName,
      variantLabel: price.variantLabel,
      sku: price.sku,
      quantity: line.quantity,
      unitPrice: unitPrice({ line, price }),
      wholesalePrice: price.wholesalePrice,
      purchaseCost: price.purchaseCost,
    })),
  );

  if (coupon) {
    let use: Awaited<ReturnType<typeof recordCouponUse>>;
    try {
      use = await recordCouponUse(tx, { ...coupon, orderId: order.id }, now);
    } catch (error) {
      // Used up by another checkout since the check above: said on this form's field.
      if (error instanceof HttpError && error.statusCode === 422) throw invalid('coupon', error.message);
      throw error;
    }
    if (use.discount !== couponDiscount) {
      await tx
        .update(orders)
        .set({ discount: use.discount + manualDiscount, total: subtotal + deliveryCharge - use.discount - manualDiscount })
        .where(eq(orders.id, order.id));
    }
  }

  await tx
    .insert(orderStatusHistory)
    .values({ orderId: order.id, fromStatus: null, toStatus: 1, adminId: context.adminId ?? null, note: 'Order placed', at: now });
  await context.placed?.(tx, { id: order.id, number: order.number, lines });
  return order.id;
}

/** Reserves each line's stock; a refusal is reworded per line with the stock there is now. */
async function reserveStock(
  tx: Db,
  orderId: number,
  priced: { line: Required<PlaceOrderLine>; price: SellingPrice }[],
  adminId: number | null,
  extraMoves: StockMove[] = [],
): Promise<void> {
  try {
    await moveStock(tx, [
      ...priced.map(
        ({ line }): StockMove => ({
          variantId: line.variantId,
          quantity: -line.quantity,
          kind: 'reservation',
          reason: 'Order placed',
          referenceType: 'order',
          referenceId: orderId,
          adminId,
          field: line.field,
        }),
      ),
      ...extraMoves,
    ]);
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) throw error;
    // moveStock holds the variants' locks until the transaction ends: this is the stock now.
    const stock = new Map(
      (
        await tx
          .select({ id: productVariants.id, stock: productVariants.stock })
          .from(productVariants)
          .where(
            inArray(
              productVariants.id,
              priced.map(({ line }) => line.variantId),
            ),
          )
      ).map((row) => [row.id, row.stock]),
    );
    const errors: Record<string, string[]> = {};
    for (const { line, price } of priced) {
      if (!error.errors[line.field]) continue;
      errors[line.field] = [stockMessage(lineName(price), stock.get(line.variantId) ?? 0, line.quantity)];
    }
    throwIfAny(errors);
    throw error;
  }
}

function throwIfAny(errors: Record<string, string[]>): void {
  const [first] = Object.values(errors);
  if (first?.[0]) throw new HttpError(422, first[0], errors);
}

// ---- Reading orders ---------------------------------------------------------------------------

const statusLabel = (status: number) => ORDER_STATUS_LABELS[status as OrderStatusCode] ?? String(status);

/** One order with its lines and history (the checkout's answer, the order pages of customer and staff). */
export async function orderView(db: Db, orderId: number): Promise<OrderView> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('The order');
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  const history = await db
    .select({
      fromStatus: orderStatusHistory.fromStatus,
      toStatus: orderStatusHistory.toStatus,
      note: orderStatusHistory.note,
      adminId: orderStatusHistory.adminId,
      adminName: admins.name,
      at: orderStatusHistory.at,
    })
    .from(orderStatusHistory)
    .leftJoin(admins, eq(admins.id, orderStatusHistory.adminId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
  const names = await placeNames(db, [order.cityId], order.subCityId ? [order.subCityId] : []);
  return {
    id: order.id,
    number: order.number,
    type: order.type,
    status: order.status,
    status_label: statusLabel(order.status),
    customer_id: order.customerId,
    customer_name: order.customerName,
    phone: order.customerPhone,
    address: order.customerAddress,
    city_id: order.cityId,
    city_name: names.cities.get(order.cityId)?.name ?? null,
    sub_city_id: order.subCityId,
    sub_city_name: order.subCityId ? (names.subCities.get(order.subCityId)?.name ?? null) : null,
    lines: lines.map((line) => ({
      id: line.id,
      product_id: line.productId,
      variant_id: line.variantId,
      name: line.productName,
      variant_label: line.variantLabel,
      sku: line.sku,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      line_total: line.unitPrice * line.quantity,
    })),
    subtotal: order.subtotal,
    delivery_charge: order.deliveryCharge,
    discount: order.discount,
    coupon_code: order.couponCode,
    advance_paid: order.advancePaid,
    total: order.total,
    payment_method: order.paymentMethod,
    payment_status: order.paymentStatus,
    note: order.note,
    placed_at: order.placedAt.toISOString(),
    history: history.map((row) => ({
      from_status: row.fromStatus,
      status: row.toStatus,
      status_label: statusLabel(row.toStatus),
      note: row.note,
      admin_id: row.adminId,
      admin_name: row.adminName,
      at: row.at.toISOString(),
    })),
  };
}

/** Whether the customer has an order with this product that was delivered (status 5): they may review it. */
export async function hasReceivedProduct(db: Db, customerId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.customerId, customerId), eq(orders.status, 5), eq(orderLines.productId, productId)))
    .limit(1);
  return Boolean(row);
}
