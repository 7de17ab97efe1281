import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { products } from './product.table';

/** Whether a product exists (with `published`, only a published one). */
export async function productExists(ctx: Ctx, productId: number, options: { published?: boolean } = {}): Promise<boolean> {
  const [product] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(options.published ? and(eq(products.id, productId), eq(products.status, 1)) : eq(products.id, productId));
  return product !== undefined;
}

/** Products' names by id; none (and no query) for no ids. */
export async function productNames(ctx: Ctx, productIds: readonly number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A subquery of the ids of products whose name matches an ilike pattern, for `column in (…)`. */
export function productIdsNamedLike(pattern: string): SQL {
  return sql`(select ${products.id} from ${products} where ${products.name} ilike ${pattern})`;
}
