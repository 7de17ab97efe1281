import { asc, desc, ilike, inArray, or } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { likeEscape } from '../../http/resource';
import { products } from './product.table';
import { mainThumbnails } from './product-picture.service';
import { nameMatches } from './product-search';

/**
 * What other modules show of a product beside their own rows — name, slug, SKU, description,
 * prices, stock, status, categories — as a subquery named `alias` to join on `id`, so their list
 * stays one statement while it shows, sorts or filters by these.
 */
export function productSubquery(alias: string) {
  return new QueryBuilder()
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      sku: products.sku,
      description: products.description,
      retailPrice: products.retailPrice,
      wholesalePrice: products.wholesalePrice,
      stock: products.stock,
      status: products.status,
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      subSubcategoryId: products.subSubcategoryId,
    })
    .from(products)
    .as(alias);
}

/** Some products by id (the ones that exist): name, SKU, retail and wholesale prices, stock, status. */
export async function productSummaries(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      retailPrice: products.retailPrice,
      wholesalePrice: products.wholesalePrice,
      stock: products.stock,
      status: products.status,
    })
    .from(products)
    .where(inArray(products.id, ids));
}

/**
 * Products to choose from in a form: the chosen `ids` (by id, up to 500), else the newest
 * `perPage` whose name contains `q` or whose SKU starts with it (all when `q` is empty); each with
 * its main thumbnail.
 */
export async function productChoices(db: Db, query: { q: string; ids: number[]; perPage: number }) {
  const condition = query.ids.length
    ? inArray(products.id, query.ids)
    : query.q
      ? or(nameMatches(query.q), ilike(products.sku, `${likeEscape(query.q)}%`))
      : undefined;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      retail_price: products.retailPrice,
      wholesale_price: products.wholesalePrice,
      status: products.status,
      stock: products.stock,
    })
    .from(products)
    .where(condition)
    .orderBy(query.ids.length ? asc(products.id) : desc(products.id))
    .limit(query.ids.length ? 500 : query.perPage);
  const thumbnails = await mainThumbnails(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, thumbnail: thumbnails.get(row.id) ?? null }));
}
