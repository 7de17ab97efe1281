import type { ProductCard } from '@haat/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productRatings } from '../content';
import { PriceBook, type PricedRow, pricedColumns } from '../marketing';
import { productImages, products } from '../products';
import type { StorefrontContext } from './catalogue-snapshot';

/** The product columns a card needs. */
export const cardColumns = { ...pricedColumns, name: products.name, slug: products.slug, stock: products.stock };

export interface CardRow extends PricedRow {
  name: string;
  slug: string;
  stock: number;
}

/** Published products only: the storefront never shows anything else. */
export const published = eq(products.status, 1);

/** The product column holding a category of this level (1 category, 2 subcategory, 3 sub-subcategory). */
export function categoryColumn(level: number) {
  return level === 1 ? products.categoryId : level === 2 ? products.subcategoryId : products.subSubcategoryId;
}

/** Each product's main picture (or its first), in one query. */
export async function mainPictures(db: Db, productIds: number[]) {
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

/** Cards for product rows, in their order: pictures, prices and ratings in a handful of queries. */
export async function productCards(ctx: StorefrontContext, rows: CardRow[]): Promise<ProductCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const pictures = await mainPictures(ctx.db, ids);
  const ratings = await productRatings(ctx.db, ids);
  const book = await PriceBook.load(ctx.db, rows, ctx.now, ctx.freshness);
  return rows.map((row) => {
    const quote = book.quote(row);
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      thumbnail: pictures.get(row.id)?.thumbnail ?? null,
      price: quote.price,
      retail_price: quote.retail_price,
      discount_percent: quote.discount_percent,
      in_stock: row.stock > 0,
      rating: ratings.get(row.id) ?? { average: 0, count: 0 },
    };
  });
}
