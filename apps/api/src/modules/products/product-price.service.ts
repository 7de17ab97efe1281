import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { products } from './product.table';

export interface ProductPrices {
  id: number;
  name: string;
  wholesalePrice: number;
  retailPrice: number;
}

/**
 * A product's name and its wholesale and retail prices, or null when there is no such product.
 * `lock` takes its row `FOR UPDATE` in the ctx's transaction (what depends on the prices is being saved).
 */
export async function productPrices(
  { db }: Ctx,
  productId: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<ProductPrices | null> {
  const query = db
    .select({ id: products.id, name: products.name, wholesalePrice: products.wholesalePrice, retailPrice: products.retailPrice })
    .from(products)
    .where(eq(products.id, productId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}
