import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productVariants } from './product.table';

/** A product's variant ids in their sort order. */
export async function variantIdsOf(db: Db, productId: number): Promise<number[]> {
  const rows = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
  return rows.map((row) => row.id);
}

/** The variants of these products (label, SKU, stock), product by product, each in its sort order. */
export async function variantsOfProducts(
  db: Db,
  productIds: number[],
): Promise<{ id: number; productId: number; label: string; sku: string; stock: number }[]> {
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      label: productVariants.label,
      sku: productVariants.sku,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.sortOrder), asc(productVariants.id));
}
