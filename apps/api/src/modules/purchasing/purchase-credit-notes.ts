import type { PurchaseCreditNoteView } from '@haat/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { adminNames } from '../staff';
import { purchaseCreditNoteLines, purchaseCreditNotes } from './purchase.table';

/** Reading a purchase's supplier credit notes (decision 044); recording one is purchase-credit-note.service.ts. */

/**
 * What each line of a purchase has been credited and still holds (paisa), by line id: its credit notes less
 * the shares that returned units took back with them.
 */
export async function creditedByLine(db: Db, purchaseId: number): Promise<Map<number, number>> {
  const result = await db.execute(sql`
    select e.line_id, sum(e.amount)::bigint as amount from (
      select l.line_id, l.amount
        from purchase_credit_note_lines l join purchase_credit_notes c on c.id = l.credit_note_id
       where c.purchase_id = ${purchaseId}
      union all
      select l.line_id, -l.credit_share
        from purchase_return_lines l join purchase_returns r on r.id = l.return_id
       where r.purchase_id = ${purchaseId} and l.credit_share <> 0
    ) e group by e.line_id`);
  return new Map(rowsOf<{ line_id: number; amount: number }>(result).map((row) => [Number(row.line_id), Number(row.amount)]));
}

/** The part of a line's credit that `quantity` of its kept units take back when they are returned. */
export const creditShareOf = (line: { receivedQuantity: number; returnedQuantity: number }, credited: number, quantity: number) => {
  const kept = line.receivedQuantity - line.returnedQuantity;
  return kept > 0 && credited > 0 ? Math.round((credited * Math.min(quantity, kept)) / kept) : 0;
};

/**
 * What a new credit note may still take off a line: its received units less returned ones at the
 * landed cost, less what earlier credit notes took (never below 0).
 */
export const creditable = (line: { receivedQuantity: number; returnedQuantity: number; landedUnitCost: number }, credited: number) =>
  Math.max(0, (line.receivedQuantity - line.returnedQuantity) * line.landedUnitCost - credited);

/** A purchase's credit notes, oldest first, with their lines (the purchase view). */
export async function creditNotesOf(db: Db, purchaseId: number): Promise<PurchaseCreditNoteView[]> {
  const notes = await db
    .select()
    .from(purchaseCreditNotes)
    .where(eq(purchaseCreditNotes.purchaseId, purchaseId))
    .orderBy(asc(purchaseCreditNotes.creditedOn), asc(purchaseCreditNotes.id));
  if (notes.length === 0) return [];
  const lines = await db
    .select()
    .from(purchaseCreditNoteLines)
    .where(
      inArray(
        purchaseCreditNoteLines.creditNoteId,
        notes.map((note) => note.id),
      ),
    )
    .orderBy(asc(purchaseCreditNoteLines.id));
  const names = await adminNames(
    db,
    notes.map((note) => note.adminId),
  );
  return notes.map((note) => ({
    id: note.id,
    credited_on: note.creditedOn,
    reference: note.reference,
    reason: note.reason,
    amount: note.amount,
    stock_value_amount: note.stockValueAmount,
    sold_amount: note.soldAmount,
    by: note.adminId === null ? null : (names.get(note.adminId) ?? null),
    created_at: note.createdAt.toISOString(),
    lines: lines
      .filter((line) => line.creditNoteId === note.id)
      .map((line) => ({
        line_id: line.lineId,
        amount: line.amount,
        stock_value_amount: line.stockValueAmount,
        sold_amount: line.soldAmount,
        units_on_hand: line.unitsOnHand,
        average_cost_before: line.averageCostBefore,
        average_cost_after: line.averageCostAfter,
      })),
  }));
}
