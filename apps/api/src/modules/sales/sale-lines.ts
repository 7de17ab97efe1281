import type { Ctx } from '../../context';
import { invalid } from '../../http/errors';
import { moveStock, sellableVariants } from '../products';
import { counterSaleLines } from './sale.table';

/** A line as the contracts parse it (`counterSaleLineInput`). */
export interface SaleLineInput {
  variant_id: number;
  quantity: number;
  unit_price: number;
  discount: number;
}

/**
 * Sends a sale's lines out of stock and writes them, inside the caller's transaction: every line
 * through the stock ledger (`moveStock` locks in the stable order of decision 006 and refuses a
 * shortfall with a 422 naming `lines.N.quantity`), the names as sold, and each unit's cost read
 * after the stock moved, under the variants' locks (decision 038). Returns the lines' cost.
 * Shared by the counter sale's way of selling (decision 036) and company sales (decision 039).
 */
export async function sellSaleLines(
  tx: Ctx,
  saleId: number,
  input: readonly SaleLineInput[],
  stock: { reason: string; referenceType: string },
): Promise<{ cost: number; lines: number }> {
  const ids = [...new Set(input.map((line) => line.variant_id))];
  const variants = new Map((await sellableVariants(tx.db, ids)).map((variant) => [variant.variantId, variant]));
  input.forEach((line, index) => {
    if (!variants.has(line.variant_id)) throw invalid(`lines.${index}.variant_id`, 'This product no longer exists');
  });
  await moveStock(
    tx,
    input.map((line, index) => ({
      variantId: line.variant_id,
      quantity: -line.quantity,
      kind: 'sale' as const,
      reason: stock.reason,
      referenceType: stock.referenceType,
      referenceId: saleId,
      field: `lines.${index}.quantity`,
    })),
  );
  const costs = new Map((await sellableVariants(tx.db, ids)).map((variant) => [variant.variantId, variant.unitCost]));
  const lines = input.map((line) => {
    const variant = variants.get(line.variant_id);
    if (!variant) throw new Error('unreachable');
    return {
      saleId,
      variantId: line.variant_id,
      productName: variant.productName,
      variantLabel: variant.variantLabel,
      sku: variant.sku,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      discount: line.discount,
      unitCost: costs.get(line.variant_id) ?? variant.unitCost,
      lineTotal: line.quantity * line.unit_price - line.discount,
    };
  });
  await tx.db.insert(counterSaleLines).values(lines);
  return { cost: lines.reduce((sum, line) => sum + line.unitCost * line.quantity, 0), lines: lines.length };
}

/**
 * A sale-wide discount spread over the sale's lines in proportion to their values (decision 040),
 * in whole paisa: each share is rounded down and the remainder goes to the largest line, so the
 * shares add up to exactly the discount (never more than the lines are worth).
 */
export function spreadDiscount(discount: number, values: readonly number[]): number[] {
  const whole = values.reduce((sum, value) => sum + value, 0);
  if (discount <= 0 || whole <= 0) return values.map(() => 0);
  const cut = BigInt(Math.min(discount, whole));
  const shares = values.map((value) => Number((cut * BigInt(Math.max(0, value))) / BigInt(whole)));
  const largest = values.reduce((best, value, index) => (value > (values[best] ?? 0) ? index : best), 0);
  shares[largest] = (shares[largest] ?? 0) + Number(cut) - shares.reduce((sum, share) => sum + share, 0);
  return shares;
}
