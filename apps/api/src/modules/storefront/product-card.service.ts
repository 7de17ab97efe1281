import type { ProductCard } from '@haat/contracts';
import { productRatings } from '../content';
import { PriceBook, type PricedRow } from '../marketing';
import { mainPictures } from '../products';
import type { StorefrontContext } from './catalogue-snapshot';

/** A card's product row (products' ProductCardRow): what pricing reads, then name, slug and stock. */
export interface CardRow extends PricedRow {
  name: string;
  nameBn?: string | null;
  slug: string;
  stock: number;
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
      name_bn: row.nameBn ?? null,
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
