import type { Ctx } from '../../context';
import type { Db } from '../../db/client';

/** The catalog rows products point at. */
export type CatalogRowKind = 'category' | 'subcategory' | 'subsubcategory' | 'brand' | 'attribute_value';

/** How many products use each of some catalog rows (variants, for an attribute value): id → count. */
export type CatalogProductCounts = (db: Db, kind: CatalogRowKind, ids: readonly number[]) => Promise<Map<number, number>>;

let counts: CatalogProductCounts | null = null;

/**
 * The products module counts its uses of catalog rows (the lists show them; a delete is refused
 * while any remain). Products depends on the catalog, so the app factory passes its function here
 * at start-up instead of the catalog importing products.
 */
export function countCatalogUsesWith(next: CatalogProductCounts): void {
  counts = next;
}

export async function productUsesOf(db: Db, kind: CatalogRowKind, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  if (!counts) throw new Error('The catalog cannot count the products using its rows: call countCatalogUsesWith at start-up.');
  return counts(db, kind, ids);
}

/** A resource's usage check ("It is used by 3 products.") over productUsesOf. */
export function usedByProducts(kind: CatalogRowKind, label: string) {
  return { label, count: async ({ db }: Ctx, id: number) => (await productUsesOf(db, kind, [id])).get(id) ?? 0 };
}
