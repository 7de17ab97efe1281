import type { ProductCard } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import { productRatings } from '../content';
import { PriceBook, type PricedRow, pricedColumns } from '../marketing';
import { mainPictures, products } from '../products';
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

/** Each product's main picture (or its first), in one query: the products module's. */
export { mainPictures };

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
