import {
  type PurchaseDetail,
  type PurchaseEventView,
  type PurchaseInput,
  type PurchaseLineView,
  type PurchaseReceiveInput,
  type PurchaseReturnInput,
  type PurchaseStatus,
  type PurchaseView,
  purchaseInput,
  purchaseReceiveInput,
  purchaseReturnInput,
} from '@haat/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import { postEntry } from '../accounts';
import { recordAudit } from '../audit';
import { moveStock, sellableVariants, updateAverageCosts } from '../products';
import { readSetting, SETTING_GROUPS } from '../settings';
import { adminNames } from '../staff';
import {
  purchaseCreditNotes,
  purchaseLines,
  purchaseReceiptLines,
  purchaseReceipts,
  purchaseReturnLines,
  purchaseReturns,
  purchases,
  supplierPayments,
} from './purchase.table';
import { creditable, creditedByLine, creditNotesOf, creditShareOf } from './purchase-credit-notes';
import { lockSupplier, recordSupplierPayment } from './supplier-payment.service';

type Purchase = typeof purchases.$inferSelect;
type Line = typeof purchaseLines.$inferSelect;
type ParsedPurchase = z.output<typeof purchaseInput>;

/** "PO-000042": how a purchase is named on screens and paper. */
export const purchaseNumber = (id: number) => `PO-${String(id).padStart(6, '0')}`;

/** Today in the shop's time zone (a purchase's, a receipt's or a payment's day when none is given). */
export async function shopToday(ctx: Ctx): Promise<string> {
  const { time_zone: timeZone } = await readSetting(ctx.db, SETTING_GROUPS.general);
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ctx.now);
}

/**
 * Each line's landed unit cost: its unit cost plus its share of (shipping − discount), shared by the
 * lines' values; the shares are whole paisa that add up to the difference exactly (largest remainder).
 * Lines already received keep the cost they were received at (`frozen`).
 */
export function landedUnitCosts(
  lines: readonly { quantity: number; unitCost: number; frozen?: number | null }[],
  discount: number,
  shipping: number,
): number[] {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitCost, 0);
  const extra = shipping - discount;
  if (subtotal === 0 || extra === 0) return lines.map((line) => line.frozen ?? line.unitCost);
  const exact = lines.map((line) => (extra * line.quantity * line.unitCost) / subtotal);
  const shares = exact.map((value) => Math.floor(value));
  let left = extra - shares.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return lines.map(
    (line, index) => line.frozen ?? Math.max(0, Math.round((line.quantity * line.unitCost + (shares[index] ?? 0)) / line.quantity)),
  );
}

/** Where a purchase stands from its units: chosen (draft/ordered) until something arrives. */
function statusOf(chosen: PurchaseStatus, units: number, received: number, returned: number): PurchaseStatus {
  if (received === 0) return chosen === 'draft' ? 'draft' : 'ordered';
  if (returned === received) return 'returned';
  return received < units ? 'partly_received' : 'received';
}

/**
 * Locks a purchase's row after its supplier's (decision 034's order: suppliers by id, then the purchase)
 * and reads it; 404 when missing. `otherSupplierId` is a supplier an edit moves the purchase to.
 */
export async function lockPurchase(ctx: Ctx, purchaseId: number, otherSupplierId?: number): Promise<Purchase> {
  const [found] = await ctx.db.select({ supplierId: purchases.supplierId }).from(purchases).where(eq(purchases.id, purchaseId));
  if (!found) throw notFound('The purchase');
  const supplierIds = [...new Set([found.supplierId, ...(otherSupplierId ? [otherSupplierId] : [])])].sort((a, b) => a - b);
  for (const supplierId of supplierIds) await lockSupplier(ctx, supplierId, supplierId === otherSupplierId ? 'supplier_id' : undefined);
  const [row] = await ctx.db.select().from(purchases).where(eq(purchases.id, purchaseId)).for('update');
  if (!row) throw notFound('The purchase');
  if (row.supplierId !== found.supplierId) return lockPurchase(ctx, purchaseId, otherSupplierId);
  return row;
}

/**
 * Inserts many rows in one statement with one parameter (a JSON array, read with jsonb_to_recordset in
 * array order): a purchase of hundreds of lines is planned once, not bound as thousands of parameters.
 * `columns` names each key with its SQL type; the rows' keys are the table's column names.
 */
async function insertRows(ctx: Ctx, table: PgTable, rows: Record<string, number | string | null>[], columns: string) {
  if (rows.length === 0) return;
  const names = sql.raw(
    columns
      .split(',')
      .map((column) => column.trim().split(/\s+/)[0])
      .join(', '),
  );
  await ctx.db.execute(
    sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(columns)})`,
  );
}

export async function linesOf(db: Db, purchaseId: number): Promise<Line[]> {
  return db
    .select()
    .from(purchaseLines)
    .where(eq(purchaseLines.purchaseId, purchaseId))
    .orderBy(asc(purchaseLines.sortOrder), asc(purchaseLines.id));
}

/** Recomputes a purchase's kept figures and status from its lines, receipts, returns, credit notes and payments. */
export async function refreshTotals(ctx: Ctx, purchase: Purchase, chosen?: PurchaseStatus): Promise<Purchase> {
  const lines = await linesOf(ctx.db, purchase.id);
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitCost, 0);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const received = lines.reduce((sum, line) => sum + line.receivedQuantity, 0);
  const returned = lines.reduce((sum, line) => sum + line.returnedQuantity, 0);
  const [money] = await ctx.db
    .select({
      received:
        sql<number>`(select coalesce(sum(${purchaseReceipts.value}), 0) from ${purchaseReceipts} where ${purchaseReceipts.purchaseId} = ${purchase.id})`.mapWith(
          Number,
        ),
      returned:
        sql<number>`(select coalesce(sum(${purchaseReturns.value}), 0) from ${purchaseReturns} where ${purchaseReturns.purchaseId} = ${purchase.id})`.mapWith(
          Number,
        ),
      credited:
        sql<number>`(select coalesce(sum(${purchaseCreditNotes.amount}), 0) from ${purchaseCreditNotes} where ${purchaseCreditNotes.purchaseId} = ${purchase.id})`.mapWith(
          Number,
        ),
      paid: sql<number>`(select coalesce(sum(${supplierPayments.amount}), 0) from ${supplierPayments} where ${supplierPayments.purchaseId} = ${purchase.id})`.mapWith(
        Number,
      ),
    })
    .from(sql`(select 1) as one`);
  const base = chosen ?? (purchase.status === 'draft' ? 'draft' : 'ordered');
  const [row] = await ctx.db
    .update(purchases)
    .set({
      subtotal,
      total: subtotal - purchase.discount + purchase.shippingCost,
      units,
      receivedUnits: received,
      returnedUnits: returned,
      receivedValue: money?.received ?? 0,
      returnedValue: money?.returned ?? 0,
      creditedValue: money?.credited ?? 0,
      paid: money?.paid ?? 0,
      status: statusOf(base, units, received, returned),
      updatedAt: ctx.now,
    })
    .where(eq(purchases.id, purchase.id))
    .returning();
  if (!row) throw notFound('The purchase');
  return row;
}

/** Every variant must exist; answers the field of the first that does not. */
async function checkVariants(db: Db, lines: ParsedPurchase['lines']) {
  const found = new Set(
    (
      await sellableVariants(
        db,
        lines.map((line) => line.variant_id),
      )
    ).map((variant) => variant.variantId),
  );
  lines.forEach((line, index) => {
    if (!found.has(line.variant_id)) throw invalid(`lines.${index}.variant_id`, 'This product variant no longer exists.');
  });
}

/**
 * Creates a purchase, or edits one (decision 034). Before anything is received everything may change.
 * Once units have arrived the price terms are history: the supplier, the discount, the shipping and the
 * unit cost of a received line stay; a received line cannot be removed or ordered below what arrived
 * (send units back with a return instead). New lines and more units may be added. Paid now is a payment
 * against this purchase. One transaction: supplier, purchase, then stock locks; audited.
 */
export async function savePurchase(ctx: Ctx, body: PurchaseInput | unknown, purchaseId: number | null): Promise<PurchaseDetail> {
  const input = purchaseInput.parse(body);
  const id = await inTransaction(ctx, async (tx) => {
    await checkVariants(tx.db, input.lines);
    let purchase: Purchase;
    let before: Record<string, unknown> | null = null;
    let existing: Line[] = [];
    if (purchaseId === null) {
      await lockSupplier(tx, input.supplier_id, 'supplier_id');
      const [row] = await tx.db
        .insert(purchases)
        .values({
          supplierId: input.supplier_id,
          purchasedOn: input.purchased_on,
          reference: input.reference,
          status: input.status,
          note: input.note,
          discount: input.discount,
          shippingCost: input.shipping_cost,
          createdBy: adminIdOf(tx),
        })
        .returning();
      if (!row) throw new Error('the purchase was not written');
      purchase = row;
    } else {
      purchase = await lockPurchase(tx, purchaseId, input.supplier_id);
      existing = await linesOf(tx.db, purchaseId);
      before = auditShape(purchase, existing);
      const received = purchase.receivedUnits > 0;
      if (received) {
        if (input.supplier_id !== purchase.supplierId)
          throw invalid('supplier_id', 'Goods of this purchase have arrived: its supplier cannot change.');
        if (input.discount !== purchase.discount)
          throw invalid('discount', 'Goods of this purchase have arrived: the discount is fixed. Post a return to correct it.');
        if (input.shipping_cost !== purchase.shippingCost)
          throw invalid('shipping_cost', 'Goods of this purchase have arrived: the shipping cost is fixed.');
      }
      const byId = new Map(existing.map((line) => [line.id, line]));
      const kept = new Set<number>();
      input.lines.forEach((line, index) => {
        if (!line.id) return;
        const old = byId.get(line.id);
        if (!old) throw invalid(`lines.${index}.id`, 'This line is not on this purchase.');
        kept.add(old.id);
        if (old.variantId !== line.variant_id && old.receivedQuantity > 0)
          throw invalid(`lines.${index}.variant_id`, 'Units of this line have arrived: its product cannot change.');
        if (line.quantity < old.receivedQuantity)
          throw invalid(
            `lines.${index}.quantity`,
            `${old.receivedQuantity} units of this line have arrived: order at least that many, or return the rest.`,
          );
        if (old.receivedQuantity > 0 && line.unit_cost !== old.unitCost)
          throw invalid(`lines.${index}.unit_cost`, 'Units of this line have arrived at this cost: it cannot change now.');
      });
      for (const old of existing) {
        if (!kept.has(old.id) && old.receivedQuantity > 0)
          throw invalid('lines', `Units of ${old.variantId} have arrived: the line cannot be removed. Return the units instead.`);
      }
      const removed = existing.filter((old) => !kept.has(old.id)).map((old) => old.id);
      if (removed.length) await tx.db.delete(purchaseLines).where(inArray(purchaseLines.id, removed));
      const [row] = await tx.db
        .update(purchases)
        .set({
          supplierId: input.supplier_id,
          purchasedOn: input.purchased_on,
          reference: input.reference,
          note: input.note,
          discount: input.discount,
          shippingCost: input.shipping_cost,
          updatedAt: tx.now,
        })
        .where(eq(purchases.id, purchase.id))
        .returning();
      if (!row) throw notFound('The purchase');
      purchase = row;
    }
    const oldById = new Map(existing.map((line) => [line.id, line]));
    const frozen = input.lines.map((line) => {
      const old = line.id ? oldById.get(line.id) : undefined;
      return old && old.receivedQuantity > 0 ? old.landedUnitCost : null;
    });
    const landed = landedUnitCosts(
      input.lines.map((line, index) => ({ quantity: line.quantity, unitCost: line.unit_cost, frozen: frozen[index] })),
      input.discount,
      input.shipping_cost,
    );
    for (const { line, index } of input.lines.map((line, index) => ({ line, index })).filter(({ line }) => line.id)) {
      await tx.db
        .update(purchaseLines)
        .set({
          variantId: line.variant_id,
          quantity: line.quantity,
          unitCost: line.unit_cost,
          landedUnitCost: landed[index] ?? line.unit_cost,
          sortOrder: index,
        })
        .where(eq(purchaseLines.id, line.id as number));
    }
    const inserts = input.lines.map((line, index) => ({ line, index })).filter(({ line }) => !line.id);
    if (inserts.length) {
      await insertRows(
        tx,
        purchaseLines,
        inserts.map(({ line, index }) => ({
          purchase_id: purchase.id,
          variant_id: line.variant_id,
          quantity: line.quantity,
          unit_cost: line.unit_cost,
          landed_unit_cost: landed[index] ?? line.unit_cost,
          sort_order: index,
        })),
        'purchase_id int, variant_id int, quantity int, unit_cost bigint, landed_unit_cost bigint, sort_order int',
      );
    }
    const chosen: PurchaseStatus = purchase.receivedUnits > 0 ? 'ordered' : input.status;
    purchase = await refreshTotals(tx, purchase, chosen);
    if (input.paid_now > 0) {
      await recordSupplierPayment(
        tx,
        purchase.supplierId,
        {
          amount: input.paid_now,
          method: input.payment_method,
          reference: input.payment_reference,
          note: `Paid with ${purchaseNumber(purchase.id)}`,
          paid_on: input.purchased_on,
          purchase_id: purchase.id,
        },
        'paid_now',
      );
      purchase = await refreshTotals(tx, purchase, chosen);
    }
    const after = auditShape(purchase, await linesOf(tx.db, purchase.id));
    await recordAudit(tx, {
      action: before ? 'update' : 'create',
      entity: 'purchase',
      entityId: purchase.id,
      changes: Object.fromEntries(
        Object.keys(after)
          .filter((key) => JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after[key]))
          .map((key) => [key, { before: before?.[key] ?? null, after: after[key] }]),
      ),
    });
    return purchase.id;
  });
  return purchaseDetail(ctx, id);
}

function auditShape(purchase: Purchase, lines: Line[]): Record<string, unknown> {
  return {
    supplier_id: purchase.supplierId,
    purchased_on: purchase.purchasedOn,
    reference: purchase.reference,
    status: purchase.status,
    note: purchase.note,
    discount: purchase.discount,
    shipping_cost: purchase.shippingCost,
    total: purchase.total,
    paid: purchase.paid,
    lines: lines.map((line) => `${line.variantId}×${line.quantity}@${line.unitCost}`).join(', '),
  };
}

/**
 * A draft purchase for other modules (stock analysis's reorder suggestions): today's date, no discount,
 * no shipping, nothing paid. Validated like the form; audited.
 */
export async function createDraftPurchase(
  ctx: Ctx,
  draft: { supplierId: number; lines: { variantId: number; quantity: number; unitCost: number }[]; note?: string },
): Promise<{ id: number }> {
  const detail = await savePurchase(
    ctx,
    {
      supplier_id: draft.supplierId,
      purchased_on: await shopToday(ctx),
      status: 'draft',
      note: draft.note ?? '',
      lines: draft.lines.map((line) => ({ variant_id: line.variantId, quantity: line.quantity, unit_cost: line.unitCost })),
    },
    null,
  );
  return { id: detail.id };
}

/** Each line's quantity from a receipt or return input, with the field to name (lines.i.quantity). */
function wanted(lines: readonly { line_id: number; quantity: number }[]) {
  const out = new Map<number, { quantity: number; field: string }>();
  lines.forEach((line, index) => {
    if (line.quantity <= 0) return;
    const had = out.get(line.line_id);
    out.set(line.line_id, { quantity: (had?.quantity ?? 0) + line.quantity, field: had?.field ?? `lines.${index}.quantity` });
  });
  return out;
}

/**
 * Receives units of a purchase, all that is still to come or the lines given (a goods-received note):
 * raises stock through the ledger (kind `purchase`, referencing the purchase), moves each variant's
 * moving-average cost at the line's landed cost, and adds the units' value to what the shop owes the
 * supplier (the whole total once every unit has arrived). The purchase row is locked first, so two
 * receipts of the same purchase wait for each other and never receive a unit twice.
 */
export async function receivePurchase(ctx: Ctx, purchaseId: number, body: PurchaseReceiveInput | unknown): Promise<PurchaseDetail> {
  const input = purchaseReceiveInput.parse(body);
  await inTransaction(ctx, async (tx) => {
    let purchase = await lockPurchase(tx, purchaseId);
    const lines = await linesOf(tx.db, purchaseId);
    const byId = new Map(lines.map((line) => [line.id, line]));
    const taking: { line: Line; quantity: number }[] = [];
    if (input.all) {
      for (const line of lines)
        if (line.quantity > line.receivedQuantity) taking.push({ line, quantity: line.quantity - line.receivedQuantity });
      if (taking.length === 0) throw new HttpError(409, 'Everything on this purchase has arrived already.');
    } else {
      for (const [lineId, { quantity, field }] of wanted(input.lines)) {
        const line = byId.get(lineId);
        if (!line) throw invalid(field.replace(/quantity$/, 'line_id'), 'This line is not on this purchase.');
        const open = line.quantity - line.receivedQuantity;
        if (quantity > open)
          throw invalid(
            field,
            open === 0 ? 'Every unit of this line has arrived already.' : `Only ${open} units of this line are still to come.`,
          );
        taking.push({ line, quantity });
      }
    }
    const units = taking.reduce((sum, each) => sum + each.quantity, 0);
    const allIn = lines.every(
      (line) => line.quantity === line.receivedQuantity + (taking.find((each) => each.line.id === line.id)?.quantity ?? 0),
    );
    const atCost = taking.reduce((sum, each) => sum + each.quantity * each.line.landedUnitCost, 0);
    // Once every unit is in, the receipts add up to the purchase's total exactly (the shares' paisa).
    const value = allIn ? Math.max(0, purchase.total - purchase.receivedValue) : atCost;
    const receivedOn = input.received_on ?? (await shopToday(tx));
    const [receipt] = await tx.db
      .insert(purchaseReceipts)
      .values({ purchaseId, receivedOn, value, units, note: input.note, adminId: adminIdOf(tx) })
      .returning({ id: purchaseReceipts.id });
    if (!receipt) throw new Error('the receipt was not written');
    await insertRows(
      tx,
      purchaseReceiptLines,
      taking.map((each) => ({
        receipt_id: receipt.id,
        line_id: each.line.id,
        quantity: each.quantity,
        landed_unit_cost: each.line.landedUnitCost,
      })),
      'receipt_id int, line_id int, quantity int, landed_unit_cost bigint',
    );
    await bumpLines(tx, 'received_quantity', taking);
    // The costs are computed under the locks and written with the stock: one update of the variants.
    const costs = await updateAverageCosts(
      tx,
      taking.map((each) => ({ variantId: each.line.variantId, quantity: each.quantity, unitCost: each.line.landedUnitCost })),
      { write: false },
    );
    const indexOf = new Map(lines.map((line, index) => [line.id, index]));
    await moveStock(
      tx,
      taking.map((each) => ({
        variantId: each.line.variantId,
        quantity: each.quantity,
        kind: 'purchase' as const,
        reason: `Received ${purchaseNumber(purchaseId)}`,
        referenceType: 'purchase',
        referenceId: purchaseId,
        field: `lines.${indexOf.get(each.line.id)}.quantity`,
      })),
      { averageCosts: new Map(costs.map((cost) => [cost.variantId, cost.after])) },
    );
    purchase = await refreshTotals(tx, purchase);
    if (value > 0) {
      await postEntry(tx, {
        date: receivedOn,
        source: 'purchase.received',
        sourceType: 'purchase',
        sourceId: purchaseId,
        memo: `Received ${purchaseNumber(purchaseId)}`,
        lines: [
          { account: 'inventory', debit: value },
          { account: 'supplier_payable', credit: value },
        ],
      });
    }
    await recordAudit(tx, {
      action: 'purchase.receive',
      entity: 'purchase',
      entityId: purchaseId,
      changes: {
        receipt_id: { before: null, after: receipt.id },
        units: { before: null, after: units },
        value: { before: null, after: value },
        status: { before: null, after: purchase.status },
        average_cost: { before: null, after: costs.map((cost) => `${cost.variantId}: ${cost.before}→${cost.after}`).join(', ') },
      },
    });
  });
  return purchaseDetail(ctx, purchaseId);
}

async function bumpLines(ctx: Ctx, column: 'received_quantity' | 'returned_quantity', taking: { line: Line; quantity: number }[]) {
  const ids = `{${taking.map((each) => each.line.id).join(',')}}`;
  const quantities = `{${taking.map((each) => each.quantity).join(',')}}`;
  await ctx.db.execute(
    sql`update purchase_lines as l set ${sql.identifier(column)} = l.${sql.identifier(column)} + d.n
        from unnest(${ids}::int[], ${quantities}::int[]) as d(id, n) where l.id = d.id`,
  );
}

/**
 * Sends received units back to the supplier: lowers stock (ledger kind `return`, referencing the
 * purchase; never below zero → 422), takes their landed value (less their share of the line's credit
 * notes, decision 044) off what the shop owes, and undoes their part of the moving-average cost. Only units that arrived and were not returned already go back.
 */
export async function returnToSupplier(ctx: Ctx, purchaseId: number, body: PurchaseReturnInput | unknown): Promise<PurchaseDetail> {
  const input = purchaseReturnInput.parse(body);
  await inTransaction(ctx, async (tx) => {
    let purchase = await lockPurchase(tx, purchaseId);
    const lines = await linesOf(tx.db, purchaseId);
    const byId = new Map(lines.map((line) => [line.id, line]));
    const taking: { line: Line; quantity: number; field: string }[] = [];
    for (const [lineId, { quantity, field }] of wanted(input.lines)) {
      const line = byId.get(lineId);
      if (!line) throw invalid(field.replace(/quantity$/, 'line_id'), 'This line is not on this purchase.');
      const held = line.receivedQuantity - line.returnedQuantity;
      if (quantity > held)
        throw invalid(
          field,
          held === 0 ? 'No units of this line are here to return.' : `Only ${held} received units of this line can go back.`,
        );
      taking.push({ line, quantity, field });
    }
    // Units of a credited line take their share of its credit back: they go back at what they cost after it (decision 044).
    const credited = await creditedByLine(tx.db, purchaseId);
    const shares = taking.map((each) => creditShareOf(each.line, credited.get(each.line.id) ?? 0, each.quantity));
    const units = taking.reduce((sum, each) => sum + each.quantity, 0);
    const value = taking.reduce((sum, each, index) => sum + each.quantity * each.line.landedUnitCost - (shares[index] ?? 0), 0);
    const returnedOn = input.returned_on ?? (await shopToday(tx));
    const [row] = await tx.db
      .insert(purchaseReturns)
      .values({
        purchaseId,
        returnedOn,
        value,
        units,
        reason: input.reason,
        adminId: adminIdOf(tx),
      })
      .returning({ id: purchaseReturns.id });
    if (!row) throw new Error('the return was not written');
    await tx.db.insert(purchaseReturnLines).values(
      taking.map((each, index) => ({
        returnId: row.id,
        lineId: each.line.id,
        quantity: each.quantity,
        landedUnitCost: each.line.landedUnitCost,
        creditShare: shares[index] ?? 0,
      })),
    );
    await bumpLines(tx, 'returned_quantity', taking);
    const costs = await updateAverageCosts(
      tx,
      taking.map((each, index) => ({
        variantId: each.line.variantId,
        quantity: -each.quantity,
        unitCost: each.line.landedUnitCost - (shares[index] ?? 0) / each.quantity,
      })),
      { write: false },
    );
    await moveStock(
      tx,
      taking.map((each) => ({
        variantId: each.line.variantId,
        quantity: -each.quantity,
        kind: 'return' as const,
        reason: `Returned to the supplier: ${purchaseNumber(purchaseId)}`,
        referenceType: 'purchase_return',
        referenceId: purchaseId,
        field: each.field,
      })),
      { averageCosts: new Map(costs.map((cost) => [cost.variantId, cost.after])) },
    );
    purchase = await refreshTotals(tx, purchase);
    if (value > 0) {
      await postEntry(tx, {
        date: returnedOn,
        source: 'purchase.returned',
        sourceType: 'purchase',
        sourceId: purchaseId,
        memo: `Returned to the supplier: ${purchaseNumber(purchaseId)}`,
        lines: [
          { account: 'supplier_payable', debit: value },
          { account: 'inventory', credit: value },
        ],
      });
    }
    await recordAudit(tx, {
      action: 'purchase.return',
      entity: 'purchase',
      entityId: purchaseId,
      changes: {
        return_id: { before: null, after: row.id },
        units: { before: null, after: units },
        value: { before: null, after: value },
        reason: { before: null, after: input.reason },
        status: { before: null, after: purchase.status },
        average_cost: { before: null, after: costs.map((cost) => `${cost.variantId}: ${cost.before}→${cost.after}`).join(', ') },
      },
    });
  });
  return purchaseDetail(ctx, purchaseId);
}

/** Deletes a purchase nothing has happened to yet (no unit received, nothing paid); otherwise 409. */
export async function deletePurchase(ctx: Ctx, purchaseId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const purchase = await lockPurchase(tx, purchaseId);
    if (purchase.receivedUnits > 0)
      throw new HttpError(409, 'Goods of this purchase have arrived: it cannot be deleted. Return them instead.');
    if (purchase.paid > 0) throw new HttpError(409, 'This purchase has payments: it cannot be deleted.');
    const lines = await linesOf(tx.db, purchaseId);
    await tx.db.delete(purchases).where(eq(purchases.id, purchaseId));
    await recordAudit(tx, {
      action: 'delete',
      entity: 'purchase',
      entityId: purchaseId,
      changes: Object.fromEntries(Object.entries(auditShape(purchase, lines)).map(([key, value]) => [key, { before: value, after: null }])),
    });
  });
}

// ---- Reading ------------------------------------------------------------------------------------

/** Purchase rows as the list and the detail answer them (one statement for the suppliers). */
export async function purchaseViews(db: Db, rows: Purchase[]): Promise<PurchaseView[]> {
  if (rows.length === 0) return [];
  const supplierIds = [...new Set(rows.map((row) => row.supplierId))];
  const result = await db.execute(
    sql`select id, name, company, phone, address from suppliers where id in (${sql.join(
      supplierIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const named = new Map(
    rowsOf<{ id: number; name: string; company: string; phone: string; address: string }>(result).map((row) => [Number(row.id), row]),
  );
  const counts = new Map(
    (
      await db
        .select({ id: purchaseLines.purchaseId, n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(purchaseLines)
        .where(
          inArray(
            purchaseLines.purchaseId,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(purchaseLines.purchaseId)
    ).map((row) => [row.id, row.n]),
  );
  return rows.map((row) => {
    const supplier = named.get(row.supplierId);
    return {
      id: row.id,
      number: purchaseNumber(row.id),
      supplier_id: row.supplierId,
      supplier_name: supplier?.name ?? '',
      supplier_company: supplier?.company ?? '',
      supplier_phone: supplier?.phone ?? '',
      supplier_address: supplier?.address ?? '',
      purchased_on: row.purchasedOn,
      reference: row.reference,
      status: row.status,
      note: row.note,
      subtotal: row.subtotal,
      discount: row.discount,
      shipping_cost: row.shippingCost,
      total: row.total,
      received_value: row.receivedValue,
      returned_value: row.returnedValue,
      credited_value: row.creditedValue,
      paid: row.paid,
      due: row.total - row.returnedValue - row.creditedValue - row.paid,
      units: row.units,
      received_units: row.receivedUnits,
      returned_units: row.returnedUnits,
      lines_count: counts.get(row.id) ?? 0,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

/** A purchase with its lines (product, SKU, stock now), its receipts, returns, credit notes and payments in order, and what each line may still be credited. */
export async function purchaseDetail(ctx: Ctx, purchaseId: number): Promise<PurchaseDetail> {
  const { db } = ctx;
  const [row] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
  if (!row) throw notFound('The purchase');
  const [view] = await purchaseViews(db, [row]);
  const lines = await linesOf(db, purchaseId);
  const variants = new Map(
    (
      await sellableVariants(
        db,
        lines.map((line) => line.variantId),
      )
    ).map((variant) => [variant.variantId, variant]),
  );
  const lineViews: PurchaseLineView[] = lines.map((line) => {
    const variant = variants.get(line.variantId);
    return {
      id: line.id,
      variant_id: line.variantId,
      product_id: variant?.productId ?? 0,
      product_name: variant?.productName ?? '',
      variant_label: variant?.variantLabel ?? '',
      sku: variant?.sku ?? '',
      barcode: variant?.barcode ?? null,
      quantity: line.quantity,
      unit_cost: line.unitCost,
      landed_unit_cost: line.landedUnitCost,
      received_quantity: line.receivedQuantity,
      returned_quantity: line.returnedQuantity,
      stock: variant?.stock ?? 0,
    };
  });
  const [receipts, receiptLines, returns, returnLines, payments] = [
    await db.select().from(purchaseReceipts).where(eq(purchaseReceipts.purchaseId, purchaseId)).orderBy(asc(purchaseReceipts.id)),
    await db
      .select({ receiptId: purchaseReceiptLines.receiptId, lineId: purchaseReceiptLines.lineId, quantity: purchaseReceiptLines.quantity })
      .from(purchaseReceiptLines)
      .innerJoin(purchaseReceipts, eq(purchaseReceipts.id, purchaseReceiptLines.receiptId))
      .where(eq(purchaseReceipts.purchaseId, purchaseId)),
    await db.select().from(purchaseReturns).where(eq(purchaseReturns.purchaseId, purchaseId)).orderBy(asc(purchaseReturns.id)),
    await db
      .select({ returnId: purchaseReturnLines.returnId, lineId: purchaseReturnLines.lineId, quantity: purchaseReturnLines.quantity })
      .from(purchaseReturnLines)
      .innerJoin(purchaseReturns, eq(purchaseReturns.id, purchaseReturnLines.returnId))
      .where(eq(purchaseReturns.purchaseId, purchaseId)),
    await db.select().from(supplierPayments).where(eq(supplierPayments.purchaseId, purchaseId)).orderBy(asc(supplierPayments.id)),
  ];
  const [creditNotes, credited] = [await creditNotesOf(db, purchaseId), await creditedByLine(db, purchaseId)];
  const names = await adminNames(db, [
    ...receipts.map((each) => each.adminId),
    ...returns.map((each) => each.adminId),
    ...payments.map((each) => each.adminId),
  ]);
  const by = (adminId: number | null) => (adminId === null ? null : (names.get(adminId) ?? null));
  const events: PurchaseEventView[] = [
    ...receipts.map((each) => ({
      kind: 'receipt' as const,
      id: each.id,
      on: each.receivedOn,
      amount: each.value,
      units: each.units,
      note: each.note,
      by: by(each.adminId),
      lines: receiptLines.filter((line) => line.receiptId === each.id).map((line) => ({ line_id: line.lineId, quantity: line.quantity })),
      at: each.createdAt.getTime(),
    })),
    ...returns.map((each) => ({
      kind: 'return' as const,
      id: each.id,
      on: each.returnedOn,
      amount: each.value,
      units: each.units,
      note: each.reason,
      by: by(each.adminId),
      lines: returnLines.filter((line) => line.returnId === each.id).map((line) => ({ line_id: line.lineId, quantity: line.quantity })),
      at: each.createdAt.getTime(),
    })),
    ...creditNotes.map((each) => ({
      kind: 'credit_note' as const,
      id: each.id,
      on: each.credited_on,
      amount: each.amount,
      units: 0,
      note: each.reason,
      reference: each.reference,
      by: each.by,
      at: Date.parse(each.created_at),
    })),
    ...payments.map((each) => ({
      kind: 'payment' as const,
      id: each.id,
      on: each.paidOn,
      amount: each.amount,
      units: 0,
      note: each.note,
      method: each.method,
      reference: each.reference,
      by: by(each.adminId),
      at: each.createdAt.getTime(),
    })),
  ]
    .sort((a, b) => a.on.localeCompare(b.on) || a.at - b.at)
    .map(({ at: _, ...event }) => event);
  if (!view) throw notFound('The purchase');
  return {
    ...view,
    lines: lineViews,
    events,
    credit_notes: creditNotes,
    creditable: lines.map((line) => ({ line_id: line.id, amount: creditable(line, credited.get(line.id) ?? 0) })),
    has_receipts: row.receivedUnits > 0,
  };
}

/**
 * Who last supplied each variant and at what unit cost (the newest purchase that is not a draft):
 * for reorder suggestions and a new purchase's default cost.
 */
export async function lastSupplierOfVariants(
  db: Db,
  variantIds: readonly number[],
): Promise<Map<number, { supplierId: number; supplierName: string; unitCost: number }>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    select distinct on (l.variant_id) l.variant_id, p.supplier_id, s.name as supplier_name, l.unit_cost
      from purchase_lines l
      join purchases p on p.id = l.purchase_id
      join suppliers s on s.id = p.supplier_id
     where l.variant_id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )}) and p.status <> 'draft'
     order by l.variant_id, p.purchased_on desc, p.id desc`);
  return new Map(
    rowsOf<{ variant_id: number; supplier_id: number; supplier_name: string; unit_cost: number }>(result).map((row) => [
      Number(row.variant_id),
      { supplierId: Number(row.supplier_id), supplierName: String(row.supplier_name), unitCost: Number(row.unit_cost) },
    ]),
  );
}
