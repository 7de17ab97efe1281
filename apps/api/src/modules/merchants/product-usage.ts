import type { Db } from '../../db/client';

/** How many products each of some merchants supplies: merchant id → count. */
export type MerchantProductCounts = (db: Db, merchantIds: readonly number[]) => Promise<Map<number, number>>;

let counts: MerchantProductCounts | null = null;

/**
 * The products module counts its products per merchant (the list shows it; a delete is refused while
 * any remain). Products depends on merchants, so the app factory passes its function at start-up.
 */
export function countMerchantProductsWith(next: MerchantProductCounts): void {
  counts = next;
}

export async function productCountsOf(db: Db, merchantIds: readonly number[]): Promise<Map<number, number>> {
  if (merchantIds.length === 0) return new Map();
  if (!counts) throw new Error('The merchants cannot count their products: call countMerchantProductsWith at start-up.');
  return counts(db, merchantIds);
}
