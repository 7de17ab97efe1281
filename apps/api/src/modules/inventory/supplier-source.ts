import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';

/**
 * What the stock analysis needs of purchasing (engineer P's exports on branch b-purchasing): each
 * variant's last supplier and cost, and a draft purchase. Until that branch is merged these stand in.
 */
export async function lastSuppliers(
  _db: Db,
  _variantIds: number[],
): Promise<Map<number, { supplierId: number; supplierName: string; unitCost: number }>> {
  return new Map();
}

export async function draftPurchase(
  _ctx: Ctx,
  _input: { supplierId: number; lines: { variantId: number; quantity: number; unitCost: number }[]; note?: string },
): Promise<{ id: number }> {
  throw new HttpError(503, 'Purchases are not available yet.');
}
