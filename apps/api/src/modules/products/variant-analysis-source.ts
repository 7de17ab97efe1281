import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categoryNameSql } from '../catalog';
import { inCategory, productSearch } from './product.service';
import { products, productVariants } from './product.table';
import { variantCostSql } from './variant-lookup.service';

/**
 * Every variant with what the stock analysis shows of it (inventory module), as a subquery for one
 * statement: variant_id, product_id, name, variant, sku, category_id, category_name, stock,
 * unit_cost (variantCostSql). Narrowed by a search (product name, SKU), a category at any level, and ids.
 */
export async function variantAnalysisSql(
  db: Db,
  filter: { q?: string; categoryId?: number; variantIds?: readonly number[] },
): Promise<SQL> {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(productSearch(filter.q));
  if (filter.categoryId) conditions.push(await inCategory(db, filter.categoryId));
  if (filter.variantIds) conditions.push(sql`${productVariants.id} = any(${`{${filter.variantIds.join(',')}}`}::int[])`);
  const where = and(...conditions);
  return sql`(select ${productVariants.id} as variant_id, ${products.id} as product_id, ${products.name} as name,
      ${productVariants.label} as variant, ${productVariants.sku} as sku, ${products.categoryId} as category_id,
      ${categoryNameSql(products.categoryId)} as category_name,
      ${productVariants.stock} as stock, ${variantCostSql()} as unit_cost
    from ${productVariants} join ${products} on ${products.id} = ${productVariants.productId}
    ${where ? sql`where ${where}` : sql``})`;
}
