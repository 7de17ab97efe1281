import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productVariants } from './product.table';

/** A product's variants in their order: SKU, label, own price (null: the product's) and stock. */
export async function variantChoices(db: Db, productId: number) {
  return db
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      label: productVariants.label,
      priceOverride: productVariants.priceOverride,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
}
