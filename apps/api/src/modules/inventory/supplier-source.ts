import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { createDraftPurchase, lastSupplierOfVariants } from '../purchasing';

/** What the stock analysis needs of purchasing (decision 034's exports): each variant's last supplier and cost. */
export function lastSuppliers(
  db: Db,
  variantIds: number[],
): Promise<Map<number, { supplierId: number; supplierName: string; unitCost: number }>> {
  return lastSupplierOfVariants(db, variantIds);
}

/** A draft purchase made by purchasing (validated like its form, audited). */
export function draftPurchase(
  ctx: Ctx,
  input: { supplierId: number; lines: { variantId: number; quantity: number; unitCost: number }[]; note?: string },
): Promise<{ id: number }> {
  return createDraftPurchase(ctx, input);
}
