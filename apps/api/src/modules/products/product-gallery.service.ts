import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productImages } from './product.table';

/** A product's pictures, the main one first, then in their order. */
export async function productGallery(db: Db, productId: number) {
  return db
    .select({ path: productImages.path, thumbnail: productImages.thumbnail, is_main: productImages.isMain })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(sql`${productImages.isMain} desc`, asc(productImages.sortOrder), asc(productImages.id));
}
