import {
  type CheckoutPaymentMethod,
  type CouponChannel,
  formatMoney,
  ORDER_STATUS_LABELS,
  type OrderStatusCode,
  type OrderType,
  type OrderView,
  type PaymentPurpose,
  type PaymentStatus,
} from '@haat/contracts';
import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/constraint-errors';
import { HttpError, invalid, notFound } from '../../http/errors';
import { findOrCreateCustomersByPhone } from '../customers';
import { deliveryQuoter, placeNames } from '../locations';
import { type CouponRequest, checkCoupon, recordCouponUse } from '../marketing';
import { moveStock, productWeights, type StockMove, variantStocks } from '../products';
import { readSetting, SETTING_GROUPS } from '../settings';
import { adminNames } from '../staff';
import { paymentRuleProblem } from './checkout-payment';
import { ORDER_NUMBER_PREFIX, orderLines, orderNumberSequence, orderStatusHistory, orders } from './order.table';
import { assignPlacedOrders } from './order-assignment.service';
import { emitAfterOrdersPlaced, type OrderRow } from './order-events';
import { canonicalOrderSource } from './order-source.resource';
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
  /**
   * Paid online (decision 062): what the shopper pays by the gateway and until when the stock is held for it.
   * The order is placed `awaiting` its payment and confirmed when the gateway confirms.
   */
  onlinePayment?: { purpose: PaymentPurpose; dueBy: Date } | null;
  /**
   * A shopper's checkout (decision 062): the products' payment rules are checked against the method chosen,
   * the gateways the shop offers (these) named in a refusal. Staff placing an order are not held to them.
   */
  paymentRules?: CheckoutPaymentMethod[] | null;
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
  /** Runs inside the order's transaction on its priced lines: refuses quantities this channel does not take (decision 055). */
  checkLines?(lines: { productId: number; name: string; quantity: number; field: string }[]): void;
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
  return (await findIdempotentOrders(db, [idempotency])).get(idempotencyId(idempotency)) ?? null;
}

const idempotencyId = ({ scope, key }: { scope: string; key: string }) => `${scope}\n${key}`;

/** The orders these idempotency keys made, by `idempotencyId`. */
async function findIdempotentOrders(db: Db, keys: { scope: string; key: string }[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, scope: orders.idempotencyScope, key: orders.idempotencyKey })
    .from(orders)
    .where(or(...keys.map(({ scope, key }) => and(eq(orders.idempotencyScope, scope), eq(orders.idempotencyKey, key)))));
  return new Map(rows.map((row) => [idempotencyId({ scope: row.scope ?? '', key: row.key ?? '' }), row.id]));
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
 * Refused while the site configuration says orders are off. A batch of one of placeOrders.
 *
 * Placed by the ctx's actor (an admin's id goes on the history and ledger rows), at ctx.now.
 */
export async function placeOrder(ctx: Ctx, input: PlaceOrderInput, context: PlaceOrderContext = {}): Promise<PlacedOrder> {
  const [result] = await placeOrders(ctx, [{ input, context }]);
  if (result?.status !== 'fulfilled') throw result?.reason ?? new Error('the order was not placed');
  return result.value;
}

/** One order to place, with its channel's hooks. */
export interface PlaceOrderRequest {
  input: PlaceOrderInput;
  context?: PlaceOrderContext;
  /** Who places it, when not the batch's ctx (a placement written in another's group commit). */
  ctx?: Ctx;
}

/** A request on its way through a batch. */
interface Placement {
  input: PlaceOrderInput;
  context: PlaceOrderContext;
  /** The placer's context: its admin goes on the history and stock rows. */
  ctx: Ctx;
  customerId: number;
  /** Set once the batch has decided this request: its order, or left for a placement of its own. */
  outcome?: { id: number; created: boolean } | 'alone';
}

/** What an order of a batch will be written as, worked out before anything is written. */
interface PricedOrder {
  placement: Placement;
  lines: Required<PlaceOrderLine>[];
  priced: { line: Required<PlaceOrderLine>; price: SellingPrice; unitPrice: number }[];
  coupon: (CouponRequest & { code: string }) | null;
  couponDiscount: number;
  manualDiscount: number;
  subtotal: number;
  deliveryCharge: number;
  advancePaid: number;
  total: number;
}

/**
 * Places many orders, each exactly as placeOrder places one, in ONE transaction: the settings, the
 * prices, each place's delivery rules and the stock locks are read once for the whole batch, and
 * the orders, their lines, stock ledger and history rows are written with one statement each (group
 * commit; docs/decisions/017-group-commit-of-orders.md). Answers one result per request, in order.
 *
 * A request the batch cannot decide alone — refused for any reason (a line, a price, the stock, a
 * coupon), or a second use of an idempotency key in the same batch — is left out of the batch and
 * placed afterwards on its own, which gives it exactly the answer a lone placement gives; when the
 * batch itself fails (a lost race for stock on PostgreSQL, say), nothing of it stays and every
 * request is placed on its own. So hooks may run twice: the first time in a transaction that was
 * rolled back.
 */
export async function placeOrders(ctx: Ctx, requests: PlaceOrderRequest[]): Promise<PromiseSettledResult<PlacedOrder>[]> {
  const { db } = ctx;
  const results: PromiseSettledResult<PlacedOrder>[] = new Array(requests.length);
  const alone = requests.length === 1;
  // The guests' customer records, found or made by phone outside the order's transaction
  // (docs/decisions/007-placing-orders.md).
  const guests = await findOrCreateCustomersByPhone(
    db,
    requests.filter(({ input }) => !input.customer.id).map(({ input }) => ({ name: input.customer.name, phone: input.customer.phone })),
  );
  const placements: (Placement & { index: number })[] = [];
  for (const [index, { input, context = {}, ctx: placer = ctx }] of requests.entries()) {
    const customer = input.customer.id ? { id: input.customer.id, status: 'active' } : guests.get(input.customer.phone);
    if (!customer) results[index] = { status: 'rejected', reason: new Error(`no customer for ${input.customer.phone}`) };
    else if (customer.status === 'blocked') results[index] = { status: 'rejected', reason: new HttpError(403, BLOCKED_PHONE) };
    else placements.push({ input, context, ctx: placer, customerId: customer.id, index });
  }

  if (placements.length === 0) return results;
  try {
    await inTransaction(ctx, (tx) => writeOrders(tx, placements, alone));
  } catch (error) {
    const [placement] = placements;
    if (!alone || !placement) {
      for (const each of placements) each.outcome = 'alone';
    } else {
      // Two placements with one key at once: the second waited on the key's unique index and lost.
      const { idempotency } = placement.input;
      const existing =
        idempotency && isUniqueViolation(error, 'orders_idempotency_unique') ? await findIdempotentOrder(db, idempotency) : null;
      if (!existing) {
        results[placement.index] = { status: 'rejected', reason: error };
        return results;
      }
      placement.outcome = { id: existing, created: false };
    }
  }

  const decided = placements.flatMap((placement) =>
    placement.outcome && placement.outcome !== 'alone' ? [{ placement, ...placement.outcome }] : [],
  );
  const { views, rows } = await readOrderViews(
    db,
    decided.map((each) => each.id),
  );
  // The customers' "order placed" SMS and other work after the commit (after the answers are read,
  // with the rows read for them); it never undoes an order.
  emitAfterOrdersPlaced(
    db,
    decided.filter((each) => each.created).map((each) => each.id),
    rows,
  );
  for (const { placement, id, created } of decided) {
    const view = views.get(id);
    results[placement.index] = view
      ? { status: 'fulfilled', value: { order: view, created } }
      : { status: 'rejected', reason: notFound('The order') };
  }
  for (const placement of placements) {
    if (placement.outcome !== 'alone') continue;
    const [result] = await placeOrders(onNow(placement.ctx, ctx.now), [{ input: placement.input, context: placement.context }]);
    if (result) results[placement.index] = result;
  }
  return results;
}

/** The placer's context at the batch's time: a placement left out of a batch is written at the batch's moment. */
function onNow(ctx: Ctx, now: Date): Ctx {
  return ctx.now === now ? ctx : { ...ctx, now };
}

const BLOCKED_PHONE = 'Orders from this phone number are not accepted. Please call the shop.';

/**
 * The batch's transaction: decides each placement (`outcome`) and writes the orders it takes. A
 * lone placement's refusal is thrown as it is; in a batch of several it leaves that placement for a
 * placement of its own.
 */
async function writeOrders(txCtx: Ctx, placements: Placement[], alone: boolean): Promise<void> {
  const { db: tx, now } = txCtx;
  const refuse = (placement: Placement, error: unknown) => {
    if (alone) throw error;
    placement.outcome = 'alone';
  };
  const open = () => placements.filter((placement) => placement.outcome === undefined);

  const prepared = new Map<Placement, PlaceOrderLine[]>();
  for (const placement of placements) prepared.set(placement, placement.context.prepare ? await placement.context.prepare(tx) : []);

  const keyed = placements.flatMap((placement) => (placement.input.idempotency ? [placement.input.idempotency] : []));
  const existing = await findIdempotentOrders(tx, keyed);
  const keysInBatch = new Set<string>();
  for (const placement of placements) {
    const { idempotency } = placement.input;
    if (!idempotency) continue;
    const id = existing.get(idempotencyId(idempotency));
    if (id) placement.outcome = { id, created: false };
    // The same key twice in one batch: the second answers the first's order once it is written.
    else if (keysInBatch.has(idempotencyId(idempotency))) placement.outcome = 'alone';
    else keysInBatch.add(idempotencyId(idempotency));
  }
  if (open().length === 0) return;
  await assertTakingOrders(tx);

  const lines = new Map<Placement, Required<PlaceOrderLine>[]>();
  for (const placement of open()) {
    const merged = mergeLines([...placement.input.lines, ...(prepared.get(placement) ?? [])]).map((line, index) => ({
      ...line,
      field: line.field ?? `lines.${index}.quantity`,
    }));
    if (merged.length > 0) lines.set(placement, merged);
    else refuse(placement, invalid(placement.input.linesField ?? 'lines', 'There is nothing to order: add a product first.'));
  }
  const prices = await sellingPrices(
    tx,
    [...lines.values()].flatMap((each) => each.map((line) => line.variantId)),
    { now },
  );
  const quote = deliveryQuoter(tx);
  const toWrite: PricedOrder[] = [];
  // What the batch has taken of each variant so far: a placement the stock read here cannot cover
  // is placed on its own, where moveStock's locked stock decides (and words the refusal).
  const taken = new Map<number, number>();
  for (const placement of open()) {
    let order: PricedOrder;
    try {
      order = await priceOrder(tx, placement, lines.get(placement) ?? [], prices, quote, now);
    } catch (error) {
      refuse(placement, error);
      continue;
    }
    const short = !alone && order.priced.some(({ line, price }) => (taken.get(line.variantId) ?? 0) + line.quantity > price.stock);
    if (short) {
      placement.outcome = 'alone';
      continue;
    }
    for (const { line } of order.priced) taken.set(line.variantId, (taken.get(line.variantId) ?? 0) + line.quantity);
    toWrite.push(order);
  }
  if (toWrite.length === 0) return;

  // The order rows first: they take the idempotency keys, so a second placement with the same key
  // waits here for this one, and never reaches the stock.
  const written = await tx
    .insert(orders)
    .values(toWrite.map((order) => orderRow(order, now)))
    .returning({ id: orders.id, number: orders.number });
  if (written.length !== toWrite.length) throw new Error('the orders were not written');
  // Ids are taken in the order of the rows given.
  written.sort((a, b) => a.id - b.id);
  const ids = new Map(toWrite.map((order, index) => [order, written[index] as { id: number; number: string }]));
  const idOf = (order: PricedOrder) => (ids.get(order) as { id: number }).id;

  await reserveStock(
    txCtx,
    toWrite.flatMap((order) => [...stockMovesOf(order, idOf(order)), ...(order.placement.context.extraStockMoves?.(idOf(order)) ?? [])]),
    toWrite.flatMap((order) => order.priced),
  );

  await tx
    .insert(orderLines)
    .values(
      toWrite.flatMap((order) =>
        order.priced.map(({ line, price, unitPrice }) => orderLineRow(idOf(order), price, line.quantity, unitPrice)),
      ),
    );

  for (const order of toWrite) if (order.coupon) await useCoupon(tx, order, idOf(order), now);

  await tx.insert(orderStatusHistory).values(
    toWrite.map((order) => ({
      orderId: idOf(order),
      fromStatus: null,
      toStatus: 1,
      adminId: adminIdOf(order.placement.ctx),
      note: 'Order placed',
      at: now,
    })),
  );
  for (const order of toWrite) {
    const { id, number } = ids.get(order) as { id: number; number: string };
    await order.placement.context.placed?.(tx, { id, number, lines: order.lines });
    order.placement.outcome = { id, created: true };
  }
  // Each order's staff member (decision 057), a fixed number of statements for the batch; last, so the
  // round-robin cursor's row lock is the last lock taken and is held only until the commit.
  await assignPlacedOrders(
    txCtx,
    toWrite.map((order) => ({
      id: idOf(order),
      type: order.placement.input.type,
      phone: order.placement.input.customer.phone,
      placedBy: adminIdOf(order.placement.ctx),
    })),
  );
}

/**
 * An order line as written: what was sold, as it was named and priced then; the wholesale price and
 * the unit cost of that moment (the variant's moving-average cost, else the product's purchase cost)
 * are kept for profit, so a later change of cost leaves the order's profit as it was (decision 038).
 */
export function orderLineRow(orderId: number, price: SellingPrice, quantity: number, unitPrice: number) {
  return {
    orderId,
    productId: price.productId,
    variantId: price.variantId,
    productName: price.productName,
    variantLabel: price.variantLabel,
    sku: price.sku,
    quantity,
    unitPrice,
    wholesalePrice: price.wholesalePrice,
    purchaseCost: price.unitCost,
  };
}

/** A placement's order worked out from the prices read for the batch; refusals are thrown. */
async function priceOrder(
  tx: Db,
  placement: Placement,
  lines: Required<PlaceOrderLine>[],
  prices: Map<number, SellingPrice>,
  quote: ReturnType<typeof deliveryQuoter>,
  now: Date,
): Promise<PricedOrder> {
  const { input, context, customerId } = placement;
  const own = new Map([...prices].filter(([variantId]) => lines.some((line) => line.variantId === variantId)));
  await context.checkPrices?.(tx, own);
  const errors: Record<string, string[]> = {};
  const priced: PricedOrder['priced'] = [];
  for (const line of lines) {
    const price = prices.get(line.variantId);
    if (!price) errors[line.field] = ['This product no longer exists; remove it.'];
    else if ((input.publishedOnly ?? true) && !price.published) errors[line.field] = [unavailableMessage(lineName(price))];
    else if (!Number.isInteger(line.quantity) || line.quantity < 1) errors[line.field] = ['Order at least 1.'];
    else priced.push({ line, price, unitPrice: context.unitPrice ? context.unitPrice(price, line.quantity) : price.unitPrice });
  }
  throwIfAny(errors);
  context.checkLines?.(
    priced.map(({ line, price }) => ({ productId: price.productId, name: lineName(price), quantity: line.quantity, field: line.field })),
  );

  const subtotal = priced.reduce((sum, { line, unitPrice }) => sum + unitPrice * line.quantity, 0);
  const weightGrams = priced.reduce((sum, { line, price }) => sum + price.weightGrams * line.quantity, 0);
  const place = { cityId: input.customer.cityId, subCityId: input.customer.subCityId ?? null, weightGrams };
  const deliveryCharge = (context.deliveryCharge ? await context.deliveryCharge(tx, place) : null) ?? (await quote(place)).delivery_charge;
  const paymentProblem = paymentRuleProblem(
    priced.map(({ price }) => price.paymentRule),
    { onlinePayment: input.onlinePayment, methods: input.paymentRules ?? null },
    deliveryCharge,
  );
  if (paymentProblem) throw invalid(...paymentProblem);
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
  const advancePaid = input.advancePaid ?? 0;
  const total = subtotal + deliveryCharge - couponDiscount - manualDiscount;
  if (advancePaid > total) {
    const { currency_symbol: symbol } = await readSetting(tx, SETTING_GROUPS.general);
    throw invalid('advance_paid', `The advance cannot be more than the order total, ${formatMoney(total, symbol)}.`);
  }
  return { placement, lines, priced, coupon, couponDiscount, manualDiscount, subtotal, deliveryCharge, advancePaid, total };
}

/** The orders row of a priced order. */
function orderRow(order: PricedOrder, now: Date): PgInsertValue<typeof orders> {
  const { input, customerId } = order.placement;
  return {
    number: sql`${ORDER_NUMBER_PREFIX}::text || nextval(${sql.raw(`'${orderNumberSequence.seqName}'`)})::text`,
    type: input.type,
    status: 1,
    customerId,
    resellerId: input.resellerId ?? null,
    customerName: input.customer.name,
    customerPhone: input.customer.phone,
    customerAddress: input.customer.address,
    cityId: input.customer.cityId,
    subCityId: input.customer.subCityId ?? null,
    subtotal: order.subtotal,
    deliveryCharge: order.deliveryCharge,
    discount: order.couponDiscount + order.manualDiscount,
    couponCode: order.coupon ? order.coupon.code.trim().toUpperCase() : null,
    advancePaid: order.advancePaid,
    total: order.total,
    paymentMethod: input.paymentMethod ?? 'cod',
    paymentStatus: input.onlinePayment ? 'awaiting' : (input.paymentStatus ?? (order.advancePaid > 0 ? 'partial' : 'unpaid')),
    paymentPurpose: input.onlinePayment?.purpose ?? null,
    paymentDueBy: input.onlinePayment?.dueBy ?? null,
    source: canonicalOrderSource(input.source),
    note: input.note ?? '',
    idempotencyScope: input.idempotency?.scope ?? null,
    idempotencyKey: input.idempotency?.key ?? null,
    placedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/** Records the coupon's use on the written order; a use the check allowed may since have run out. */
async function useCoupon(tx: Db, order: PricedOrder, orderId: number, now: Date): Promise<void> {
  if (!order.coupon) return;
  let use: Awaited<ReturnType<typeof recordCouponUse>>;
  try {
    use = await recordCouponUse(tx, { ...order.coupon, orderId }, now);
  } catch (error) {
    // Used up by another checkout since the check: said on this form's field.
    if (error instanceof HttpError && error.statusCode === 422) throw invalid('coupon', error.message);
    throw error;
  }
  if (use.discount !== order.couponDiscount) {
    const discount = use.discount + order.manualDiscount;
    await tx
      .update(orders)
      .set({ discount, total: order.subtotal + order.deliveryCharge - discount })
      .where(eq(orders.id, orderId));
  }
}

/** The reservation of each of an order's lines. */
function stockMovesOf(order: PricedOrder, orderId: number): StockMove[] {
  return order.priced.map(({ line }) => ({
    variantId: line.variantId,
    quantity: -line.quantity,
    kind: 'reservation',
    reason: 'Order placed',
    referenceType: 'order',
    referenceId: orderId,
    adminId: adminIdOf(order.placement.ctx),
    field: line.field,
  }));
}

/** Reserves the lines' stock; a refusal is reworded per line with the stock there is now. */
async function reserveStock(ctx: Ctx, moves: StockMove[], priced: PricedOrder['priced']): Promise<void> {
  const tx = ctx.db;
  try {
    await moveStock(ctx, moves);
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) throw error;
    // moveStock holds the variants' locks until the transaction ends: this is the stock now.
    const stock = await variantStocks(
      tx,
      priced.map(({ line }) => line.variantId),
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
  const view = (await orderViews(db, [orderId])).get(orderId);
  if (!view) throw notFound('The order');
  return view;
}

/** orderView of many orders at once, by id; ids that are not orders are left out. */
export async function orderViews(db: Db, orderIds: number[]): Promise<Map<number, OrderView>> {
  return (await readOrderViews(db, orderIds)).views;
}

/** orderViews, and the orders' rows they were made from. */
async function readOrderViews(db: Db, orderIds: number[]): Promise<{ views: Map<number, OrderView>; rows: OrderRow[] }> {
  const views = new Map<number, OrderView>();
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return { views, rows: [] };
  // One after the other: inside a transaction there is one connection.
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  if (rows.length === 0) return { views, rows };
  const lines = await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id));
  const history = await db
    .select({
      orderId: orderStatusHistory.orderId,
      fromStatus: orderStatusHistory.fromStatus,
      toStatus: orderStatusHistory.toStatus,
      note: orderStatusHistory.note,
      adminId: orderStatusHistory.adminId,
      actorKind: orderStatusHistory.actorKind,
      at: orderStatusHistory.at,
    })
    .from(orderStatusHistory)
    .where(inArray(orderStatusHistory.orderId, ids))
    .orderBy(asc(orderStatusHistory.id));
  const staff = await adminNames(
    db,
    history.map((row) => row.adminId),
  );
  const names = await placeNames(
    db,
    [...new Set(rows.map((order) => order.cityId))],
    [...new Set(rows.flatMap((order) => (order.subCityId ? [order.subCityId] : [])))],
  );
  for (const order of rows) {
    views.set(order.id, {
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
      lines: lines
        .filter((line) => line.orderId === order.id)
        .map((line) => ({
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
      history: history
        .filter((row) => row.orderId === order.id)
        .map((row) => ({
          from_status: row.fromStatus,
          status: row.toStatus,
          status_label: statusLabel(row.toStatus),
          note: row.note,
          admin_id: row.adminId,
          admin_name: row.adminId === null ? null : (staff.get(row.adminId) ?? null),
          by: row.actorKind ?? (row.adminId === null ? 'system' : 'admin'),
          at: row.at.toISOString(),
        })),
    });
  }
  return { views, rows };
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

/** Quantity and weight of an order's parcel, from its lines and their products' weights (a courier books it). */
export async function orderParcel(db: Db, orderId: number): Promise<{ quantity: number; weightKg: number }> {
  const lines = await db
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const weights = await productWeights(
    db,
    lines.map((line) => line.productId),
  );
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  const grams = lines.reduce((sum, line) => sum + line.quantity * (weights.get(line.productId) ?? 0), 0);
  return { quantity: Math.max(1, quantity), weightKg: grams / 1000 };
}
