import type { Db } from '../../db/client';

/** The id and name of each of some merchants that exist (a product names its merchant). */
export type MerchantNames = (db: Db, ids: readonly number[]) => Promise<{ id: number; name: string }[]>;

let names: MerchantNames | null = null;

/**
 * The merchants module reads its merchants' names and hands products the function when it loads:
 * merchants depend on products (their products, stock and order lines), so products cannot import them.
 */
export function nameMerchantsWith(next: MerchantNames): void {
  names = next;
}

export async function merchantNames(db: Db, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  if (!names) throw new Error('Products cannot name merchants: the merchants module registers nameMerchantsWith when it loads.');
  return names(db, ids);
}
