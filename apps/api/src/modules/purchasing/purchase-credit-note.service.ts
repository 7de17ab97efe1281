import { type PurchaseCreditNoteInput, type PurchaseDetail, purchaseCreditNoteInput } from '@haat/contracts';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { invalid } from '../../http/errors';
import { type EntryLineInput, postEntry } from '../accounts';
import { recordAudit } from '../audit';
import { creditStockValue } from '../products';
import { linesOf, lockPurchase, purchaseDetail, purchaseNumber, refreshTotals, shopToday } from './purchase.service';
import { purchaseCreditNoteLines, purchaseCreditNotes } from './purchase.table';
import { creditable, creditedByLine } from './purchase-credit-notes';

/**
 * Records a supplier's credit note against a received purchase (decision 044): a price reduction, not
 * goods. It lowers what the shop owes the supplier by its amount, and each line's amount is shared over
 * the line's kept units: the share of those still in stock lowers the variant's moving-average cost,
 * the rest (units sold) is recorded as `sold_amount` and rewrites no sale (decision 038). A line may be
 * credited at most its received value less returns less earlier credits (422 naming `lines.i.amount`).
 * One transaction under decision 034's locks (supplier, purchase, then products and variants), audited.
 */
export async function recordCreditNote(ctx: Ctx, purchaseId: number, body: PurchaseCreditNoteInput | unknown): Promise<PurchaseDetail> {
  const input = purchaseCreditNoteInput.parse(body);
  await inTransaction(ctx, async (tx) => {
    let purchase = await lockPurchase(tx, purchaseId);
    if (purchase.receivedUnits === 0) throw invalid('lines', 'Nothing of this purchase has arrived yet: there is nothing to credit.');
    const lines = await linesOf(tx.db, purchaseId);
    const byId = new Map(lines.map((line) => [line.id, line]));
    const credited = await creditedByLine(tx.db, purchaseId);
    const taking = input.lines.flatMap((each, index) => {
      if (each.amount === 0) return [];
      const line = byId.get(each.line_id);
      if (!line) throw invalid(`lines.${index}.line_id`, 'This line is not on this purchase.');
      const left = creditable(line, credited.get(line.id) ?? 0);
      if (each.amount > left)
        throw invalid(
          `lines.${index}.amount`,
          left === 0
            ? 'Nothing of this line is left to credit: its received value, less returns and earlier credits, is 0.'
            : `At most ${(left / 100).toFixed(2)} can be credited on this line: its received value less returns and earlier credits.`,
        );
      return [{ line, amount: each.amount }];
    });
    const changes = await creditStockValue(
      tx,
      taking.map((each) => ({
        variantId: each.line.variantId,
        amount: each.amount,
        units: each.line.receivedQuantity - each.line.returnedQuantity,
      })),
    );
    const amount = taking.reduce((sum, each) => sum + each.amount, 0);
    const stockValueAmount = changes.reduce((sum, change) => sum + change.stockValueAmount, 0);
    const creditedOn = input.credited_on ?? (await shopToday(tx));
    const [note] = await tx.db
      .insert(purchaseCreditNotes)
      .values({
        purchaseId,
        creditedOn,
        reference: input.reference,
        reason: input.reason,
        amount,
        stockValueAmount,
        soldAmount: amount - stockValueAmount,
        adminId: adminIdOf(tx),
      })
      .returning({ id: purchaseCreditNotes.id });
    if (!note) throw new Error('the credit note was not written');
    await tx.db.insert(purchaseCreditNoteLines).values(
      taking.map((each, index) => {
        const change = changes[index];
        return {
          creditNoteId: note.id,
          lineId: each.line.id,
          amount: each.amount,
          stockValueAmount: change?.stockValueAmount ?? 0,
          soldAmount: change?.soldAmount ?? each.amount,
          unitsOnHand: change?.unitsOnHand ?? 0,
          averageCostBefore: change?.before ?? 0,
          averageCostAfter: change?.after ?? 0,
        };
      }),
    );
    // The books (decision 044): what is still in stock comes off the stock's value, what was sold off the cost of goods.
    if (amount > 0) {
      const lines: EntryLineInput[] = [{ account: 'supplier_payable', debit: amount }];
      if (stockValueAmount > 0) lines.push({ account: 'inventory', credit: stockValueAmount });
      if (amount - stockValueAmount > 0) lines.push({ account: 'cost_of_goods', credit: amount - stockValueAmount });
      await postEntry(tx, {
        date: creditedOn,
        source: 'purchase.credited',
        sourceType: 'purchase',
        sourceId: purchaseId,
        memo: `Credit note on ${purchaseNumber(purchaseId)}`,
        lines,
      });
    }
    const dueBefore = purchase.total - purchase.returnedValue - purchase.creditedValue - purchase.paid;
    purchase = await refreshTotals(tx, purchase);
    await recordAudit(tx, {
      action: 'purchase.credit',
      entity: 'purchase',
      entityId: purchaseId,
      changes: {
        credit_note_id: { before: null, after: note.id },
        reference: { before: null, after: input.reference },
        reason: { before: null, after: input.reason },
        amount: { before: null, after: amount },
        stock_value_amount: { before: null, after: stockValueAmount },
        sold_amount: { before: null, after: amount - stockValueAmount },
        due: { before: dueBefore, after: purchase.total - purchase.returnedValue - purchase.creditedValue - purchase.paid },
        average_cost: { before: null, after: changes.map((change) => `${change.variantId}: ${change.before}→${change.after}`).join(', ') },
      },
    });
  });
  return purchaseDetail(ctx, purchaseId);
}
