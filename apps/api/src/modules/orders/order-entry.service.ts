import {
  type CustomerLookup,
  type EntryVariant,
  EXCHANGEABLE_ORDER_STATUSES,
  exchangeOrderInput,
  formatMoney,
  ORDER_STATUS_LABELS,
  type OrderStatusCode,
  type OrderView,
  phoneSchema,
  type QuotedLine,
  type StaffOrderQuote,
  type StaffOrderType,
  staffOrderInput,
  staffOrderQuoteInput,
  type WholesaleTiers,
  wholesaleTiersInput,
  wholesaleUnitPrice,
} from '@haat/contracts';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { customerByPhone, preferredAddress } from '../customers';
import { deliveryQuote } from '../locations';
import { productPrices, type StockMove, searchVariantIds } from '../products';
import { readSetting, SETTING_GROUPS } from '../settings';
import { findIdempotentOrder, type PlacedOrder, placeOrder } from './order.service';
import { orderLines, orderStatusHistory, orders } from './order.table';
import { orderExchangeReturns, productWholesaleTiers } from './order-entry.table';
import type { OrderRow } from './order-events';
import { orderChannel, postExchangePlaced } from './order-postings';
import { checkedSource } from './order-source.resource';
import { lineName, type SellingPrice, sellingPrices } from './pricing.service';

type Tier = { min_quantity: number; unit_price: number };

/** An order's line as the exchange form reads it: what was bought and how many can still come back. */
export interface ExchangeableOrder {
  order: OrderView;
  /** Line id → units that can still be returned (bought − returned in earlier exchanges). */
  returnable: Record<string, number>;
}

const money = (paisa: number, symbol: string) => formatMoney(paisa, symbol);

async function currencySymbol(db: Db): Promise<string> {
  return (await readSetting(db, SETTING_GROUPS.general)).currency_symbol;
}

// ---- Lookups ------------------------------------------------------------------------------------

/** The customer with this phone, with the address of their default address or else of their last order. */
export async function lookupCustomer(ctx: Ctx, rawPhone: unknown): Promise<CustomerLookup> {
  const parsed = phoneSchema.safeParse(rawPhone);
  if (!parsed.success) throw invalid('phone', parsed.error.issues[0]?.message ?? 'Enter a mobile number like 01712345678');
  const phone = parsed.data;
  const { db } = ctx;
  const customer = await customerByPhone(ctx, phone);
  const [lastOrder] = await db
    .select({
      number: orders.number,
      name: orders.customerName,
      address: orders.customerAddress,
      cityId: orders.cityId,
      subCityId: orders.subCityId,
    })
    .from(orders)
    .where(eq(orders.customerPhone, phone))
    .orderBy(desc(orders.id))
    .limit(1);
  if (!customer && !lastOrder) return { customer: null };
  const saved = customer ? await preferredAddress(ctx, customer.id) : null;
  const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.customerPhone, phone));
  return {
    customer: {
      id: customer?.id ?? 0,
      name: customer?.name ?? lastOrder?.name ?? '',
      phone,
      blocked: customer?.status === 'blocked',
      address: saved?.address ?? lastOrder?.address ?? null,
      city_id: saved?.cityId ?? lastOrder?.cityId ?? null,
      sub_city_id: saved?.subCityId ?? lastOrder?.subCityId ?? null,
      orders_count: placed?.n ?? 0,
      last_order_number: lastOrder?.number ?? null,
    },
  };
}

/** Each product's quantity breaks, smallest first. */
export async function wholesaleTiersOf(db: Db, productIds: number[]): Promise<Map<number, Tier[]>> {
  const result = new Map<number, Tier[]>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return result;
  const rows = await db
    .select()
    .from(productWholesaleTiers)
    .where(inArray(productWholesaleTiers.productId, ids))
    .orderBy(asc(productWholesaleTiers.productId), asc(productWholesaleTiers.minQuantity));
  for (const row of rows) {
    const list = result.get(row.productId) ?? [];
    list.push({ min_quantity: row.minQuantity, unit_price: row.unitPrice });
    result.set(row.productId, list);
  }
  return result;
}

const variantQuery = z.object({
  q: z.string().trim().max(120).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** Products staff can add to an order: by name or SKU, with stock, the selling and the wholesale prices and breaks. */
export async function entryVariants(ctx: Ctx, query: Record<string, unknown>): Promise<EntryVariant[]> {
  const { db } = ctx;
  const { q, limit } = variantQuery.parse(query);
  const ids = await searchVariantIds(ctx, q, limit);
  const prices = await sellingPrices(db, ids);
  const tiers = await wholesaleTiersOf(
    db,
    [...prices.values()].map((price) => price.productId),
  );
  return ids.flatMap((id) => {
    const price = prices.get(id);
    if (!price) return [];
    return [
      {
        variant_id: price.variantId,
        product_id: price.productId,
        name: price.productName,
        variant_label: price.variantLabel,
        sku: price.sku,
        stock: price.stock,
        published: price.published,
        unit_price: price.unitPrice,
        regular_price: price.regularPrice,
        wholesale_price: price.wholesalePrice,
        tiers: tiers.get(price.productId) ?? [],
      },
    ];
  });
}

// ---- Pricing the lines of a staff order ---------------------------------------------------------

/** What an order being edited already holds of a variant: its units (reserved) and the price agreed. */
export type HeldLine = { quantity: number; unitPrice: number };

export interface PricedLines {
  lines: QuotedLine[];
  subtotal: number;
  weightGrams: number;
  errors: Record<string, string[]>;
  /** The variants as read for pricing (wholesale price, unit cost now): what an edit writes on its lines. */
  prices: Map<number, SellingPrice>;
}

/**
 * The lines of a staff order priced as the order will charge them: a phone or exchange order at
 * the selling price, a wholesale order at the quantity break for the line's quantity (else the
 * product's wholesale price); a line an edited order already held keeps its agreed price unless a
 * wholesale line's quantity changed. `held` units count as available (they are reserved already).
 */
export async function priceStaffLines(
  db: Db,
  type: StaffOrderType | 'exchange' | string,
  requested: { variant_id: number; quantity: number }[],
  held: Map<number, HeldLine> = new Map(),
): Promise<PricedLines> {
  const merged = new Map<number, { quantity: number; index: number }>();
  requested.forEach((line, index) => {
    const existing = merged.get(line.variant_id);
    if (existing) existing.quantity += line.quantity;
    else merged.set(line.variant_id, { quantity: line.quantity, index });
  });
  const prices = await sellingPrices(db, [...merged.keys()]);
  const tiers =
    type === 'wholesale'
      ? await wholesaleTiersOf(
          db,
          [...prices.values()].map((price) => price.productId),
        )
      : new Map();
  const errors: Record<string, string[]> = {};
  const lines: QuotedLine[] = [];
  let subtotal = 0;
  let weightGrams = 0;
  for (const [variantId, { quantity, index }] of merged) {
    const price = prices.get(variantId);
    const field = `lines.${index}.quantity`;
    if (!price) {
      errors[field] = ['This product no longer exists; remove it.'];
      continue;
    }
    const unitPrice = staffUnitPrice(type, price, quantity, tiers.get(price.productId) ?? [], held.get(variantId));
    const available = price.stock + (held.get(variantId)?.quantity ?? 0);
    const problem = quantity > available ? stockProblem(lineName(price), available, quantity) : null;
    if (problem) errors[field] = [problem];
    lines.push({
      variant_id: variantId,
      product_id: price.productId,
      name: price.productName,
      variant_label: price.variantLabel,
      sku: price.sku,
      quantity,
      unit_price: unitPrice,
      line_total: unitPrice * quantity,
      available,
      problem,
    });
    subtotal += unitPrice * quantity;
    weightGrams += price.weightGrams * quantity;
  }
  return { lines, subtotal, weightGrams, errors, prices };
}

function stockProblem(name: string, available: number, wanted: number): string {
  if (available <= 0) return `${name} is out of stock.`;
  return `Only ${available} of ${name} ${available === 1 ? 'is' : 'are'} available; the order asks for ${wanted}.`;
}

/** One unit's price on a staff order (see priceStaffLines). */
export function staffUnitPrice(type: string, price: SellingPrice, quantity: number, tiers: Tier[], held?: HeldLine): number {
  if (type === 'wholesale') {
    if (held && held.quantity === quantity) return held.unitPrice;
    return wholesaleUnitPrice(price.wholesalePrice, tiers, quantity);
  }
  return held ? held.unitPrice : price.unitPrice;
}

// ---- Exchanges: what may come back --------------------------------------------------------------

/** Units of each line of an order already returned in exchanges. */
async function returnedSoFar(db: Db, lineIds: number[]): Promise<Map<number, number>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .select({ lineId: orderExchangeReturns.originalLineId, n: sql<number>`sum(${orderExchangeReturns.quantity})::int`.mapWith(Number) })
    .from(orderExchangeReturns)
    .where(inArray(orderExchangeReturns.originalLineId, lineIds))
    .groupBy(orderExchangeReturns.originalLineId);
  return new Map(rows.map((row) => [row.lineId, row.n]));
}

const numberQuery = z.object({
  number: z
    .string({ error: 'Enter the order number' })
    .trim()
    .min(1, 'Enter the order number')
    .max(40)
    .transform((value) => value.toUpperCase()),
});

/** The earlier order of an exchange, by its number: it must be shipped or delivered. */
export async function exchangeableOrder(
  { db }: Ctx,
  query: unknown,
  view: (db: Db, id: number) => Promise<OrderView>,
): Promise<ExchangeableOrder> {
  const { number } = numberQuery.parse(query);
  const digits = /^\d+$/.test(number) ? `HB-${number}` : number;
  const [order] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.number, digits));
  if (!order) throw new HttpError(404, `There is no order ${digits}.`, { number: [`There is no order ${digits}.`] });
  assertExchangeable(order.status, 'number');
  const full = await view(db, order.id);
  const returned = await returnedSoFar(
    db,
    full.lines.map((line) => line.id),
  );
  return {
    order: full,
    returnable: Object.fromEntries(full.lines.map((line) => [String(line.id), line.quantity - (returned.get(line.id) ?? 0)])),
  };
}

function assertExchangeable(status: number, field: string): void {
  if (!(EXCHANGEABLE_ORDER_STATUSES as readonly number[]).includes(status)) {
    const label = ORDER_STATUS_LABELS[status as OrderStatusCode] ?? String(status);
    throw invalid(field, `Only a shipped or delivered order can be exchanged; this one is ${label.toLowerCase()}.`);
  }
}

/** The returned lines checked against the earlier order (inside the transaction that holds its lock). */
async function checkedReturns(
  db: Db,
  originalOrderId: number,
  returned: { line_id: number; quantity: number }[],
): Promise<{
  credit: number;
  /** What the returned units cost the shop (their lines' recorded purchase cost). */
  cost: number;
  lines: { lineId: number; variantId: number; quantity: number; unitPrice: number; name: string }[];
  errors: Record<string, string[]>;
}> {
  const lineRows = await db.select().from(orderLines).where(eq(orderLines.orderId, originalOrderId));
  const sofar = await returnedSoFar(
    db,
    lineRows.map((line) => line.id),
  );
  const errors: Record<string, string[]> = {};
  const wanted = new Map<number, number>();
  const lines: { lineId: number; variantId: number; quantity: number; unitPrice: number; name: string }[] = [];
  let credit = 0;
  let cost = 0;
  returned.forEach((entry, index) => {
    const field = `returned.${index}.quantity`;
    const line = lineRows.find((row) => row.id === entry.line_id);
    if (!line) {
      errors[`returned.${index}.line_id`] = ['This line is not part of the earlier order.'];
      return;
    }
    const total = (wanted.get(line.id) ?? 0) + entry.quantity;
    wanted.set(line.id, total);
    const left = line.quantity - (sofar.get(line.id) ?? 0);
    const name = line.variantLabel ? `${line.productName} (${line.variantLabel})` : line.productName;
    if (total > left) {
      errors[field] = [left <= 0 ? `${name} has already come back in full.` : `At most ${left} of ${name} can come back.`];
      return;
    }
    lines.push({ lineId: line.id, variantId: line.variantId, quantity: entry.quantity, unitPrice: line.unitPrice, name });
    credit += line.unitPrice * entry.quantity;
    cost += line.purchaseCost * entry.quantity;
  });
  return { credit, cost, lines, errors };
}

// ---- Quote --------------------------------------------------------------------------------------

/**
 * What a staff order would cost as the form stands (`POST /api/admin/order-entry/quote`), worked
 * out exactly as placing or saving it will: line prices, the delivery charge of the place and the
 * parcel's weight, the discount, an exchange's credit. Problems are answered in `errors` (the form
 * shows them beside the fields), not refused, so the preview follows every keystroke.
 */
export async function quoteStaffOrder({ db }: Ctx, body: unknown): Promise<StaffOrderQuote> {
  const input = staffOrderQuoteInput.parse(body);
  let held = new Map<number, HeldLine>();
  let type: string = input.type;
  let keptCredit = 0;
  if (input.order_id) {
    const [order] = await db
      .select({ type: orders.type, exchangeCredit: orders.exchangeCredit })
      .from(orders)
      .where(eq(orders.id, input.order_id));
    if (!order) throw notFound('The order');
    type = order.type;
    keptCredit = order.exchangeCredit;
    held = await heldLines(db, input.order_id);
  }
  const priced = await priceStaffLines(db, type, input.lines, held);
  const errors = { ...priced.errors };
  let deliveryCharge = 0;
  try {
    deliveryCharge = (await deliveryQuote(db, { cityId: input.city_id, subCityId: input.sub_city_id, weightGrams: priced.weightGrams }))
      .delivery_charge;
  } catch (error) {
    if (!(error instanceof HttpError) || !error.errors) throw error;
    Object.assign(errors, error.errors);
  }
  let returnedValue = keptCredit;
  if (input.type === 'exchange' && input.exchange_of_order_id) {
    const [original] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, input.exchange_of_order_id));
    if (!original) errors.exchange_of_order_id = ['The earlier order was not found.'];
    else {
      const checked = await checkedReturns(db, input.exchange_of_order_id, input.returned);
      Object.assign(errors, checked.errors);
      returnedValue = checked.credit;
    }
  }
  return totals(
    priced.subtotal,
    deliveryCharge,
    input.discount,
    returnedValue,
    input.advance_paid,
    priced.lines,
    errors,
    await currencySymbol(db),
  );
}

/** The money of a staff order, with the same rules as placing it (discount and advance within what it costs). */
function totals(
  subtotal: number,
  deliveryCharge: number,
  discount: number,
  returnedValue: number,
  advancePaid: number,
  lines: QuotedLine[],
  errors: Record<string, string[]>,
  symbol: string,
): StaffOrderQuote {
  if (discount > subtotal + deliveryCharge) {
    errors.discount = [`The discount cannot be more than the order costs, ${money(subtotal + deliveryCharge, symbol)}.`];
  }
  const beforeCredit = Math.max(0, subtotal + deliveryCharge - discount);
  const credit = Math.min(returnedValue, beforeCredit);
  const total = beforeCredit - credit;
  if (advancePaid > total) errors.advance_paid = [`The advance cannot be more than the order total, ${money(total, symbol)}.`];
  return {
    lines,
    subtotal,
    delivery_charge: deliveryCharge,
    discount,
    exchange_credit: credit,
    price_difference: subtotal - returnedValue,
    refund_due: returnedValue - credit,
    advance_paid: advancePaid,
    total,
    due: Math.max(0, total - advancePaid),
    errors,
  };
}

/** What an order holds per variant now. */
export async function heldLines(db: Db, orderId: number): Promise<Map<number, HeldLine>> {
  const rows = await db
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity, unitPrice: orderLines.unitPrice })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const held = new Map<number, HeldLine>();
  for (const row of rows) {
    const existing = held.get(row.variantId);
    if (existing) existing.quantity += row.quantity;
    else held.set(row.variantId, { quantity: row.quantity, unitPrice: row.unitPrice });
  }
  return held;
}

// ---- Placing --------------------------------------------------------------------------------------

/**
 * A phone or wholesale order taken by staff (`/admin/add/order`, `/admin/add/wholesale`) through
 * placeOrder: the server prices every line (a wholesale line at its quantity break), reserves the
 * stock, checks the source, the discount and the advance; a repeated submit of the same form
 * (idempotency key) answers the order it made.
 */
export async function placeStaffOrder(ctx: Ctx, type: StaffOrderType, body: unknown): Promise<PlacedOrder> {
  const { db } = ctx;
  const input = staffOrderInput.parse(body);
  const source = await checkedSource(db, input.source);
  const tiers =
    type === 'wholesale'
      ? await wholesaleTiersOf(
          db,
          [
            ...(
              await sellingPrices(
                db,
                input.lines.map((line) => line.variant_id),
              )
            ).values(),
          ].map((price) => price.productId),
        )
      : new Map<number, Tier[]>();
  return placeOrder(
    ctx,
    {
      type,
      customer: { name: input.name, phone: input.phone, address: input.address, cityId: input.city_id, subCityId: input.sub_city_id },
      lines: input.lines.map((line) => ({ variantId: line.variant_id, quantity: line.quantity })),
      manualDiscount: input.discount,
      advancePaid: input.advance_paid,
      paymentMethod: input.payment_method,
      note: input.note,
      source,
      publishedOnly: false,
      couponChannel: 'website',
      idempotency: { scope: `admin:${adminIdOf(ctx)}`, key: input.idempotency_key },
    },
    {
      unitPrice:
        type === 'wholesale'
          ? (price, quantity) => staffUnitPrice('wholesale', price, quantity, tiers.get(price.productId) ?? [])
          : undefined,
    },
  );
}

/**
 * An exchange (`/admin/exchange/order/add`) in one transaction: the earlier order (shipped or
 * delivered) is locked first; the returned lines go back to stock (ledger kind `return`) in the same
 * stock move that takes the new lines out; the new order has type `exchange`, points at the earlier
 * one and takes what came back off its total (capped at what it costs: the rest is a refund due,
 * written in its note); both orders' histories say what happened.
 */
export async function placeExchangeOrder(ctx: Ctx, body: unknown): Promise<PlacedOrder & { refundDue: number }> {
  const { db } = ctx;
  const adminId = adminIdOf(ctx);
  const input = exchangeOrderInput.parse(body);
  if (input.returned.length === 0) throw invalid('returned', 'Choose what the customer sends back.');
  const source = await checkedSource(db, input.source);
  const idempotency = { scope: `admin:${adminId}`, key: input.idempotency_key };
  let original: Pick<OrderRow, 'id' | 'number' | 'status' | 'type' | 'resellerId'> | undefined;
  let returns: Awaited<ReturnType<typeof checkedReturns>> | undefined;
  let refundDue = 0;
  const placed = await placeOrder(
    ctx,
    {
      type: 'exchange',
      customer: { name: input.name, phone: input.phone, address: input.address, cityId: input.city_id, subCityId: input.sub_city_id },
      lines: input.lines.map((line) => ({ variantId: line.variant_id, quantity: line.quantity })),
      manualDiscount: input.discount,
      advancePaid: 0,
      paymentMethod: input.payment_method,
      note: input.note,
      source,
      publishedOnly: false,
      idempotency,
    },
    {
      async prepare(tx) {
        // A repeated submit answers the first exchange; nothing is checked or moved again.
        if (await findIdempotentOrder(tx, idempotency)) return [];
        // The earlier order's row first, before any stock: the order the status moves lock in.
        [original] = await tx
          .select({ id: orders.id, number: orders.number, status: orders.status, type: orders.type, resellerId: orders.resellerId })
          .from(orders)
          .where(eq(orders.id, input.exchange_of_order_id))
          .for('update');
        if (!original) throw invalid('exchange_of_order_id', 'The earlier order was not found.');
        assertExchangeable(original.status, 'exchange_of_order_id');
        returns = await checkedReturns(tx, original.id, input.returned);
        const [first] = Object.values(returns.errors);
        if (first?.[0]) throw new HttpError(422, first[0], returns.errors);
        return [];
      },
      extraStockMoves(orderId) {
        return (returns?.lines ?? []).map(
          (line): StockMove => ({
            variantId: line.variantId,
            quantity: line.quantity,
            kind: 'return',
            reason: `Exchange: came back from ${original?.number ?? 'the earlier order'}`,
            referenceType: 'order',
            referenceId: orderId,
            adminId,
          }),
        );
      },
      async placed(tx, order) {
        if (!original || !returns) return;
        await tx.insert(orderExchangeReturns).values(
          returns.lines.map((line) => ({
            orderId: order.id,
            originalLineId: line.lineId,
            quantity: line.quantity,
            unitPrice: line.unitPrice,
          })),
        );
        const [row] = await tx.select().from(orders).where(eq(orders.id, order.id));
        if (!row) throw new Error('the exchange order was not written');
        const credit = Math.min(returns.credit, row.total);
        refundDue = returns.credit - credit;
        const total = row.total - credit;
        const advancePaid = input.advance_paid;
        if (advancePaid > total) {
          throw invalid('advance_paid', `The advance cannot be more than the order total, ${money(total, await currencySymbol(tx))}.`);
        }
        const symbol = await currencySymbol(tx);
        const refundNote = refundDue > 0 ? `Refund due to the customer: ${money(refundDue, symbol)}.` : '';
        await tx
          .update(orders)
          .set({
            exchangeOfOrderId: original.id,
            exchangeCredit: credit,
            total,
            advancePaid,
            paymentStatus: total === 0 ? 'paid' : advancePaid > 0 ? 'partial' : 'unpaid',
            note: [row.note, refundNote].filter(Boolean).join('\n'),
            refundOwed: refundDue,
          })
          .where(eq(orders.id, order.id));
        // The books (decision 054): the goods back are no longer sold; their value is owed to the customer until used.
        await postExchangePlaced(
          { ...ctx, db: tx },
          {
            orderId: order.id,
            number: order.number,
            originalNumber: original.number,
            channel: orderChannel(original),
            value: returns.credit,
            cost: returns.cost,
          },
        );
        const summary = returns.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
        await tx.insert(orderStatusHistory).values([
          {
            orderId: order.id,
            fromStatus: 1,
            toStatus: 1,
            adminId,
            note: `Exchange of ${original.number}: ${summary} came back (${money(returns.credit, symbol)}).${refundNote ? ` ${refundNote}` : ''}`,
          },
          {
            orderId: original.id,
            fromStatus: original.status,
            toStatus: original.status,
            adminId,
            note: `Exchanged in ${order.number}: ${summary} came back to stock.`,
          },
        ]);
      },
    },
  );
  return { ...placed, refundDue };
}

// ---- Wholesale tiers ------------------------------------------------------------------------------

export async function readWholesaleTiers(ctx: Ctx, productId: number): Promise<WholesaleTiers> {
  const { db } = ctx;
  const product = await productPrices(ctx, productId);
  if (!product) throw notFound('The product');
  return {
    product_id: product.id,
    name: product.name,
    wholesale_price: product.wholesalePrice,
    retail_price: product.retailPrice,
    tiers: (await wholesaleTiersOf(db, [product.id])).get(product.id) ?? [],
  };
}

/** Replaces a product's quantity breaks; a break may not cost more than the wholesale price. */
export async function saveWholesaleTiers(ctx: Ctx, productId: number, body: unknown): Promise<WholesaleTiers> {
  const input = wholesaleTiersInput.parse(body);
  await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const product = await productPrices(txCtx, productId, { lock: true });
    if (!product) throw notFound('The product');
    const errors: Record<string, string[]> = {};
    const symbol = await currencySymbol(tx);
    const sorted = [...input.tiers].sort((a, b) => a.min_quantity - b.min_quantity);
    input.tiers.forEach((tier, index) => {
      if (tier.unit_price > product.wholesalePrice) {
        errors[`tiers.${index}.unit_price`] = [
          `A quantity break cannot cost more than the wholesale price, ${money(product.wholesalePrice, symbol)}.`,
        ];
      }
      const before = sorted.filter((other) => other.min_quantity < tier.min_quantity).at(-1);
      if (before && tier.unit_price > before.unit_price) {
        errors[`tiers.${index}.unit_price`] ??= [
          `Buying more should not cost more: ${before.min_quantity} or more cost ${money(before.unit_price, symbol)} each.`,
        ];
      }
    });
    const [first] = Object.values(errors);
    if (first?.[0]) throw new HttpError(422, first[0], errors);
    const before = (await wholesaleTiersOf(tx, [productId])).get(productId) ?? [];
    await tx.delete(productWholesaleTiers).where(eq(productWholesaleTiers.productId, productId));
    if (sorted.length) {
      await tx
        .insert(productWholesaleTiers)
        .values(sorted.map((tier) => ({ productId, minQuantity: tier.min_quantity, unitPrice: tier.unit_price })));
    }
    const after = sorted.map((tier) => ({ min_quantity: tier.min_quantity, unit_price: tier.unit_price }));
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await recordAudit(txCtx, {
        action: 'wholesale_tiers.update',
        entity: 'product',
        entityId: productId,
        changes: { wholesale_tiers: { before, after } },
      });
    }
  });
  return readWholesaleTiers(ctx, productId);
}

/**
 * Units of orders' lines that already came back in exchanges: order id → variant id → units, in one
 * query. When such an order is later returned (4/5 → 6), only `line quantity − this` goes back to
 * stock: the rest was put back by the exchange.
 */
export async function unitsReturnedByExchange(db: Db, orderIds: number[]): Promise<Map<number, Map<number, number>>> {
  const byOrder = new Map<number, Map<number, number>>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderLines.orderId,
      variantId: orderLines.variantId,
      n: sql<number>`sum(${orderExchangeReturns.quantity})::int`.mapWith(Number),
    })
    .from(orderExchangeReturns)
    .innerJoin(orderLines, eq(orderLines.id, orderExchangeReturns.originalLineId))
    .where(inArray(orderLines.orderId, orderIds))
    .groupBy(orderLines.orderId, orderLines.variantId);
  for (const row of rows) {
    const units = byOrder.get(row.orderId) ?? new Map<number, number>();
    units.set(row.variantId, row.n);
    byOrder.set(row.orderId, units);
  }
  return byOrder;
}
