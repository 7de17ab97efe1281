import { formatMoney, ORDER_STATUS_LABELS, type OrderStatusCode, resellerOrderInput } from '@haat/contracts';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import { diffChanges, recordAudit } from '../audit';
import { findOrCreateCustomerByPhone } from '../customers';
import { deliveryChargeFor } from '../locations';
import { moveStock, type StockMove } from '../products';
import { readSetting, SETTING_GROUPS } from '../settings';
import { orderLineRow, stockMessage } from './order.service';
import { orderLines, orders } from './order.table';
import { lineName, type SellingPrice, sellingPrices } from './pricing.service';
import { isResellerOrder } from './reseller-order.service';

/**
 * A reseller's prices on an order never go below the wholesale price: the check the portal's
 * placing runs inside placeOrder, and the reseller's edit of a pending order.
 */

const statusLabel = (status: number) => ORDER_STATUS_LABELS[status as OrderStatusCode] ?? String(status);

/** "the wholesale price, ৳700.00" with the shop's currency symbol. */
async function moneyText(db: Db, paisa: number): Promise<string> {
  const { currency_symbol: symbol } = await readSetting(db, SETTING_GROUPS.general);
  return formatMoney(paisa, symbol);
}

/**
 * Each line's price against its wholesale price (`wholesale` says which: today's, or the one a line
 * was placed at), all lines at once, with the field of each refused line.
 */
export async function assertAtLeastWholesale(
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
 * A reseller's edit of their order (`/dropshipper/order/edit/{id}`): while the order is still
 * pending (status 1), the reseller may change the customer, the place, the lines (their prices
 * never below wholesale) and the advance. In one transaction with the order row locked: the stock
 * of changed quantities is reserved or released through the ledger, the delivery charge and totals
 * worked out again. Another reseller's order: 404; not pending: 409.
 */
export async function editResellerOrder(ctx: Ctx, resellerId: number, orderId: number, body: unknown): Promise<void> {
  const { db, now } = ctx;
  const input: z.output<typeof resellerOrderInput> = resellerOrderInput.parse(body);
  if (!(await isResellerOrder(db, resellerId, orderId))) throw notFound('The order');
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
      const price = prices.get(line.variant_id);
      if (old) {
        // A changed line records the unit cost of now (decision 038); an unchanged one keeps its own.
        if (old.quantity !== line.quantity || old.unitPrice !== line.unit_price) {
          await tx
            .update(orderLines)
            .set({ quantity: line.quantity, unitPrice: line.unit_price, purchaseCost: price?.unitCost ?? old.purchaseCost })
            .where(eq(orderLines.id, old.id));
        }
        continue;
      }
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
}
