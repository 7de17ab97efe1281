import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { resellerShopSliders } from './shop.table';

/** The shown slides of a shop, for its home page. */
export async function publicShopSliders(db: Db, resellerId: number) {
  return db
    .select({
      id: resellerShopSliders.id,
      image: resellerShopSliders.image,
      title: resellerShopSliders.title,
      link: resellerShopSliders.link,
    })
    .from(resellerShopSliders)
    .where(and(eq(resellerShopSliders.resellerId, resellerId), eq(resellerShopSliders.status, 1)))
    .orderBy(asc(resellerShopSliders.sortOrder), asc(resellerShopSliders.id));
}
