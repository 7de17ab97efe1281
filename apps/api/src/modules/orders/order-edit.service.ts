import {
  EDITABLE_ORDER_STATUSES,
  formatMoney,
  ORDER_STATUS_LABELS,
  type OrderStatusCode,
  type OrderView,
  orderEditInput,
} from '@haat/contracts';
import { asc, eq } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import { diffChanges, recordAudit } from '../audit';
import { findOrCreateCustomerByPhone } from '../customers';
import { deliveryQuote, placeNames } from '../locations';
import { moveStock, type StockMove, variantStocks } from '../products';
import { readSetting, SETTING_GROUPS } from '../settings';
import { orderView } from './order.service';
import { orderLines, orderStatusHistory, orders } from './order.table';
import { heldLines, priceStaffLines } from './order-entry.service';

/** Why an order in this status cannot be edited, or null when it can. */
export function editRefusal(status: number): string | null {
  if ((EDITABLE_ORDER_STATUSES as readonly number[]).includes(status)) return null;
  const label = (ORDER_STATUS_LABELS[status as OrderStatusCode] ?? String(status)).toLowerCase();
  return `This order is ${label}: only pending, confirmed or on-hold orders can be edited.`;
}

/**
 * Edits an order's lines and customer (`PUT /api/admin/orders/{id}`, `/admin/orderEdit/{id}`) in
 * one transaction: the order row is locked first (as the status moves lock it), so an order cannot
 * be shipped half-edited; only pending, confirmed and on-hold orders may change. Lines kept keep
 * their agreed price (a wholesale line whose quantity changed takes its new quantity break), new
 * lines are priced now; stock moves by the difference only (more units reserved, fewer released);
 * the delivery charge and totals are recomputed; the history says what changed and why, and the
 * audit row (by the ctx's actor) the changed fields and lines before → after.
 */
export async function editOrder(ctx: Ctx, orderId: number, body: unknown): Promise<OrderView> {
  const input = orderEditInput.parse(body);
  if (input.lines.length === 0) throw invalid('lines', 'An order needs at least one product: cancel it instead of removing everything.');
  await inTransaction(ctx, async (txCtx) => {
    const { db: tx, now } = txCtx;
    const adminId = adminIdOf(txCtx);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('The order');
    const refusal = editRefusal(order.status);
    if (refusal) throw new HttpError(409, refusal, { status: [refusal] });

    const held = await heldLines(tx, orderId);
    const priced = await priceStaffLines(tx, order.type, input.lines, held);
    const missing = Object.entries(priced.errors).filter(([, messages]) =>
      messages.some((message) => message.includes('no longer exists')),
    );
    if (missing.length) throw new HttpError(422, missing[0]?.[1][0] ?? 'A product no longer exists.', Object.fromEntries(missing));

    const delivery = await deliveryQuote(tx, { cityId: input.city_id, subCityId: input.sub_city_id, weightGrams: priced.weightGrams });
    const deliveryCharge = delivery.delivery_charge;
    const { currency_symbol: symbol } = await readSetting(tx, SETTING_GROUPS.general);
    if (input.discount > priced.subtotal + deliveryCharge) {
      throw invalid(
        'discount',
        `The discount cannot be more than the order costs, ${formatMoney(priced.subtotal + deliveryCharge, symbol)}.`,
      );
    }
    const beforeCredit = priced.subtotal + deliveryCharge - input.discount;
    const credit = Math.min(order.exchangeCredit, beforeCredit);
    const total = beforeCredit - credit;
    if (input.advance_paid > total) {
      throw invalid('advance_paid', `The advance cannot be more than the order total, ${formatMoney(total, symbol)}.`);
    }

    // Stock moves by the difference per variant: more units are reserved, fewer are released.
    const wanted = new Map(priced.lines.map((line) => [line.variant_id, line]));
    const fieldOf = new Map<number, string>();
    input.lines.forEach((line, index) => {
      if (!fieldOf.has(line.variant_id)) fieldOf.set(line.variant_id, `lines.${index}.quantity`);
    });
    const moves: StockMove[] = [];
    for (const variantId of new Set([...held.keys(), ...wanted.keys()])) {
      const delta = (wanted.get(variantId)?.quantity ?? 0) - (held.get(variantId)?.quantity ?? 0);
      if (delta === 0) continue;
      moves.push({
        variantId,
        quantity: -delta,
        kind: delta > 0 ? 'reservation' : 'release',
        reason: `Order ${order.number} edited`,
        referenceType: 'order',
        referenceId: orderId,
        field: fieldOf.get(variantId) ?? 'lines',
      });
    }
    try {
      await moveStock(txCtx, moves);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) throw error;
      throw await reworded(tx, error, moves, wanted, held);
    }

    // The lines: kept ones updated in place, removed ones deleted, new ones written; a new or changed
    // line records today's unit cost (read with the prices above), an unchanged one keeps its own.
    const costOf = (variantId: number) => priced.prices.get(variantId)?.unitCost ?? 0;
    const existing = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
    const seen = new Set<number>();
    for (const row of existing) {
      const line = wanted.get(row.variantId);
      if (!line || seen.has(row.variantId)) {
        await tx.delete(orderLines).where(eq(orderLines.id, row.id));
        continue;
      }
      seen.add(row.variantId);
      if (row.quantity !== line.quantity || row.unitPrice !== line.unit_price) {
        await tx
          .update(orderLines)
          .set({ quantity: line.quantity, unitPrice: line.unit_price, purchaseCost: costOf(row.variantId) })
          .where(eq(orderLines.id, row.id));
      }
    }
    const added = priced.lines.filter((line) => !seen.has(line.variant_id));
    if (added.length) {
      await tx.insert(orderLines).values(
        added.map((line) => ({
          orderId,
          productId: line.product_id,
          variantId: line.variant_id,
          productName: line.name,
          variantLabel: line.variant_label,
          sku: line.sku,
          quantity: line.quantity,
          unitPrice: line.unit_price,
          wholesalePrice: priced.prices.get(line.variant_id)?.wholesalePrice ?? 0,
          purchaseCost: costOf(line.variant_id),
        })),
      );
    }

    // The customer: a changed phone points the order at that phone's customer.
    let customerId = order.customerId;
    if (input.phone !== order.customerPhone) {
      customerId = (await findOrCreateCustomerByPhone(tx, { name: input.name, phone: input.phone })).id;
    }

    const paymentStatus =
      order.paymentStatus === 'unpaid' || order.paymentStatus === 'partial'
        ? input.advance_paid > 0
          ? 'partial'
          : 'unpaid'
        : order.paymentStatus;
    const [edited] = await tx
      .update(orders)
      .set({
        customerId,
        customerName: input.name,
        customerPhone: input.phone,
        customerAddress: input.address,
        cityId: input.city_id,
        subCityId: input.sub_city_id,
        subtotal: priced.subtotal,
        deliveryCharge,
        discount: input.discount,
        exchangeCredit: credit,
        // An exchange's credit the edited order no longer uses is owed to the customer (decision 054).
        refundOwed: order.refundOwed + (order.exchangeCredit - credit),
        total,
        advancePaid: input.advance_paid,
        paymentMethod: input.payment_method,
        paymentStatus,
        note: input.note,
        updatedAt: now,
      })
      .where(eq(orders.id, orderId))
      .returning();

    const changes = await describeChanges(tx, order, existing, input, held, priced.lines, total, symbol);
    const note = [`Edited: ${changes.length ? changes.join('; ') : 'nothing changed'}.`, input.reason ? `Reason: ${input.reason}` : '']
      .filter(Boolean)
      .join(' ');
    await tx.insert(orderStatusHistory).values({ orderId, fromStatus: order.status, toStatus: order.status, adminId, note, at: now });
    const linesAfter = new Map(priced.lines.map((line) => [line.variant_id, { quantity: line.quantity, unitPrice: line.unit_price }]));
    await recordAudit(txCtx, {
      action: 'update',
      entity: 'order',
      entityId: orderId,
      changes: {
        ...diffChanges(editedFields(order), edited ? editedFields(edited) : null),
        ...diffChanges({ lines: linesOf(held) }, { lines: linesOf(linesAfter) }),
        ...(input.reason ? { reason: { before: null, after: input.reason } } : {}),
      },
    });
  });
  return orderView(ctx.db, orderId);
}

/** What an edit may change of an order, as the audit log compares it. */
function editedFields(order: typeof orders.$inferSelect): Record<string, unknown> {
  return {
    customer_id: order.customerId,
    customer_name: order.customerName,
    customer_phone: order.customerPhone,
    customer_address: order.customerAddress,
    city_id: order.cityId,
    sub_city_id: order.subCityId,
    subtotal: order.subtotal,
    delivery_charge: order.deliveryCharge,
    discount: order.discount,
    exchange_credit: order.exchangeCredit,
    total: order.total,
    advance_paid: order.advancePaid,
    payment_method: order.paymentMethod,
    payment_status: order.paymentStatus,
    note: order.note,
  };
}

/** An order's lines for the audit log: variant id → quantity × unit price, in variant order. */
function linesOf(held: Map<number, { quantity: number; unitPrice: number }>): Record<string, { quantity: number; unit_price: number }> {
  return Object.fromEntries(
    [...held.entries()]
      .sort(([a], [b]) => a - b)
      .map(([variantId, line]) => [String(variantId), { quantity: line.quantity, unit_price: line.unitPrice }]),
  );
}

/** A stock refusal said per line with what is available to this order (its own units included). */
async function reworded(
  tx: Db,
  error: HttpError,
  moves: StockMove[],
  wanted: Map<number, { name: string; variant_label: string; quantity: number }>,
  held: Map<number, { quantity: number }>,
): Promise<HttpError> {
  const ids = moves.map((move) => move.variantId);
  const stock = await variantStocks(tx, ids);
  const errors: Record<string, string[]> = {};
  for (const move of moves) {
    const field = move.field ?? 'lines';
    const line = wanted.get(move.variantId);
    if (!error.errors?.[field] || !line) continue;
    const available = (stock.get(move.variantId) ?? 0) + (held.get(move.variantId)?.quantity ?? 0);
    const name = line.variant_label ? `${line.name} (${line.variant_label})` : line.name;
    errors[field] = [
      available <= 0
        ? `${name} is out of stock.`
        : `Only ${available} of ${name} ${available === 1 ? 'is' : 'are'} available; the order asks for ${line.quantity}.`,
    ];
  }
  const [first] = Object.values(errors);
  return first?.[0] ? new HttpError(422, first[0], errors) : error;
}

/** What an edit changed, in words for the order's history. */
async function describeChanges(
  tx: Db,
  before: typeof orders.$inferSelect,
  oldLines: { variantId: number; productName: string; variantLabel: string }[],
  input: ReturnType<typeof orderEditInput.parse>,
  held: Map<number, { quantity: number }>,
  lines: { variant_id: number; name: string; variant_label: string; quantity: number }[],
  total: number,
  symbol: string,
): Promise<string[]> {
  const changes: string[] = [];
  const names = new Map<number, string>();
  for (const line of oldLines)
    names.set(line.variantId, line.variantLabel ? `${line.productName} (${line.variantLabel})` : line.productName);
  for (const line of lines) names.set(line.variant_id, line.variant_label ? `${line.name} (${line.variant_label})` : line.name);
  const wanted = new Map(lines.map((line) => [line.variant_id, line.quantity]));
  for (const [variantId, { quantity }] of held) {
    const now = wanted.get(variantId);
    if (now === undefined) changes.push(`removed ${quantity} × ${names.get(variantId) ?? `variant ${variantId}`}`);
    else if (now !== quantity) changes.push(`${names.get(variantId) ?? `variant ${variantId}`} ${quantity} → ${now}`);
  }
  for (const [variantId, quantity] of wanted) {
    if (!held.has(variantId)) changes.push(`added ${quantity} × ${names.get(variantId) ?? `variant ${variantId}`}`);
  }
  if (input.name !== before.customerName) changes.push(`name ${before.customerName} → ${input.name}`);
  if (input.phone !== before.customerPhone) changes.push(`phone ${before.customerPhone} → ${input.phone}`);
  if (input.address !== before.customerAddress) changes.push('address changed');
  if (input.city_id !== before.cityId || (input.sub_city_id ?? null) !== before.subCityId) {
    const places = await placeNames(tx, [input.city_id], input.sub_city_id ? [input.sub_city_id] : []);
    const where = [input.sub_city_id ? places.subCities.get(input.sub_city_id)?.name : null, places.cities.get(input.city_id)?.name]
      .filter(Boolean)
      .join(', ');
    changes.push(`delivery to ${where}`);
  }
  if (input.discount !== before.discount)
    changes.push(`discount ${formatMoney(before.discount, symbol)} → ${formatMoney(input.discount, symbol)}`);
  if (input.advance_paid !== before.advancePaid) {
    changes.push(`advance ${formatMoney(before.advancePaid, symbol)} → ${formatMoney(input.advance_paid, symbol)}`);
  }
  if (total !== before.total) changes.push(`total ${formatMoney(before.total, symbol)} → ${formatMoney(total, symbol)}`);
  return changes;
}
