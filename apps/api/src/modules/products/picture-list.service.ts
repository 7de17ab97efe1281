import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productImages } from './product.table';

/** A product's pictures' paths, the main one first, then by sort order. */
export async function productPicturePaths(db: Db, productId: number): Promise<string[]> {
  const rows = await db
    .select({ path: productImages.path })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(sql`${productImages.isMain} desc`, asc(productImages.sortOrder), asc(productImages.id));
  return rows.map((row) => row.path);
}
