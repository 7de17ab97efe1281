import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productImages } from './product.table';

/**
 * Each product's main picture — the one marked main, otherwise its first by sort order — in one
 * query: what every list, card, order line and shop shows for a product.
 */
export async function mainPictures(db: Db, productIds: number[]): Promise<Map<number, { path: string; thumbnail: string }>> {
  const pictures = new Map<number, { path: string; thumbnail: string }>();
  if (productIds.length === 0) return pictures;
  const rows = await db
    .selectDistinctOn([productImages.productId], {
      productId: productImages.productId,
      path: productImages.path,
      thumbnail: productImages.thumbnail,
    })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(productImages.productId, sql`${productImages.isMain} desc`, asc(productImages.sortOrder), asc(productImages.id));
  for (const row of rows) pictures.set(row.productId, { path: row.path, thumbnail: row.thumbnail });
  return pictures;
}

/** Each product's main picture's thumbnail. */
export async function mainThumbnails(db: Db, productIds: number[]): Promise<Map<number, string>> {
  return new Map([...(await mainPictures(db, productIds))].map(([id, picture]) => [id, picture.thumbnail]));
}
