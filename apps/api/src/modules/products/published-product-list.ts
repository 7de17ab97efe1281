import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { categoryNameSql } from '../catalog';
import { inCategory, productSearch } from './product.service';
import { products } from './product.table';

/**
 * The published catalogue as other modules list it (a reseller's portal and shop): which products
 * match, a page of their ids, and the products as a subquery to join one's own rows to.
 */

export interface PublishedProductFilter {
  /** Name, SKU or a variant's SKU (productSearch). */
  q?: string;
  /** A category of any level. */
  categoryId?: number;
  /** Without `categoryId`: only products of these top-level categories (all when empty). */
  topCategoryIds?: readonly number[];
}

/** The condition of published products matching the filter (reads the category's level when one is given). */
async function publishedWhere(db: Db, filter: PublishedProductFilter): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [eq(products.status, 1)];
  if (filter.q) conditions.push(productSearch(filter.q));
  if (filter.categoryId) conditions.push(await inCategory(db, filter.categoryId));
  else if (filter.topCategoryIds?.length) conditions.push(inArray(products.categoryId, [...filter.topCategoryIds]));
  return and(...conditions);
}

async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(products).where(where);
  return counted?.n ?? 0;
}

/** A page of the matching products' ids, newest first, and how many match (always counted). */
export async function publishedProductIds(
  db: Db,
  filter: PublishedProductFilter,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const where = await publishedWhere(db, filter);
  const ids = (
    await db.select({ id: products.id }).from(products).where(where).orderBy(desc(products.id)).limit(page.limit).offset(page.offset)
  ).map((row) => row.id);
  return { ids, total: await countWhere(db, where) };
}

/**
 * The same for a catalogue of 100,000 products: every condition has an index (status+id, the name
 * trigram, the SKU pattern, the category columns), and the total is counted only when the page
 * cannot tell it.
 */
export async function publishedProductIdPage(
  db: Db,
  filter: PublishedProductFilter,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const where = await publishedWhere(db, filter);
  const { limit, offset } = page;
  if (filter.q) {
    // The matches first (materialized: PostgreSQL would otherwise walk the whole id index testing each
    // name), through the trigram and SKU indexes; the page and the total then come from that one set.
    const found = rowsOf<{ id: number; total: number | string }>(
      await db.execute(sql`with matches as materialized (select ${products.id} as id from ${products} where ${where})
        select id, count(*) over () as total from matches order by id desc limit ${limit} offset ${offset}`),
    );
    const ids = found.map((row) => Number(row.id));
    return { ids, total: found[0] ? Number(found[0].total) : offset > 0 ? await countWhere(db, where) : 0 };
  }
  // Otherwise the page walks the status index; the total is counted only when the page is full.
  const ids = (await db.select({ id: products.id }).from(products).where(where).orderBy(desc(products.id)).limit(limit).offset(offset)).map(
    (row) => row.id,
  );
  const total = ids.length === limit || (ids.length === 0 && offset > 0) ? await countWhere(db, where) : offset + ids.length;
  return { ids, total };
}

/** Whether the product exists and is published. */
export async function isPublishedProduct(db: Db, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, 1)));
  return row !== undefined;
}

/**
 * These products (by id, or the published one with this slug) as a subquery `product`, so another
 * module joins its own rows to them in one statement (a reseller's prices); PostgreSQL flattens it.
 */
export function listedProductSubquery(db: Db, pick: { ids: readonly number[] } | { publishedSlug: string }) {
  return db
    .select({
      id: products.id,
      name: products.name,
      nameBn: products.nameBn,
      slug: products.slug,
      sku: products.sku,
      description: products.description,
      categoryId: products.categoryId,
      categoryName: categoryNameSql(products.categoryId).as('category_name'),
      wholesalePrice: products.wholesalePrice,
      retailPrice: products.retailPrice,
      stock: products.stock,
    })
    .from(products)
    .where('ids' in pick ? inArray(products.id, [...pick.ids]) : and(eq(products.slug, pick.publishedSlug), eq(products.status, 1)))
    .as('product');
}
