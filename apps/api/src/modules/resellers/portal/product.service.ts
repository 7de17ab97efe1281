import { formatMoney, type Paginator, type ResellerProduct, resellerProductPriceInput } from '@haat/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../../context';
import { type Db, rowsOf } from '../../../db/client';
import { invalid, notFound } from '../../../http/errors';
import { pageUrl, paginate } from '../../../http/pagination';
import { categories } from '../../catalog';
import { inCategory, mainThumbnails, productSearch, products, productVariants } from '../../products';
import { readSetting, SETTING_GROUPS } from '../../settings';
import { resellerProductPrices } from './portal.table';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
  category_id: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().positive().optional()),
});

/**
 * `/dropshipper/products/show`: the published catalogue with the wholesale price, the suggested
 * retail price, the stock and the reseller's own price. Like the admin list, every condition has
 * an index (status+id, the name trigram, the SKU pattern, the category columns) and the ids of a
 * page are found first, so 100,000 products stay fast; the total is counted only when the page is full.
 */
export async function resellerProducts(
  { db }: Ctx,
  resellerId: number,
  query: Record<string, unknown>,
): Promise<Paginator<ResellerProduct>> {
  const parsed = listQuery.parse(query);
  const conditions: (SQL | undefined)[] = [eq(products.status, 1)];
  if (parsed.q) conditions.push(productSearch(parsed.q));
  if (parsed.category_id) conditions.push(await inCategory(db, parsed.category_id));
  const where = and(...conditions);
  const offset = (parsed.page - 1) * parsed.per_page;
  let ids: number[];
  let total: number;
  if (parsed.q) {
    // The matches first (materialized: PostgreSQL would otherwise walk the whole id index testing each
    // name), through the trigram and SKU indexes; the page and the total then come from that one set.
    const found = rowsOf<{ id: number; total: number | string }>(
      await db.execute(sql`with matches as materialized (select ${products.id} as id from ${products} where ${where})
        select id, count(*) over () as total from matches order by id desc limit ${parsed.per_page} offset ${offset}`),
    );
    ids = found.map((row) => Number(row.id));
    total = found[0] ? Number(found[0].total) : offset > 0 ? await countOf(db, where) : 0;
  } else {
    // Otherwise the page walks the status index; the total is counted only when the page is full.
    ids = (
      await db.select({ id: products.id }).from(products).where(where).orderBy(desc(products.id)).limit(parsed.per_page).offset(offset)
    ).map((row) => row.id);
    total = offset + ids.length;
    if (ids.length === parsed.per_page || (ids.length === 0 && offset > 0)) total = await countOf(db, where);
  }
  const rows = await productRows(db, resellerId, ids);
  return paginate(rows, total, { page: parsed.page, perPage: parsed.per_page }, (page) => pageUrl('/api/reseller/products', query, page))
    .plain;
}

async function countOf(db: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(products).where(where);
  return counted?.n ?? 0;
}

/** The rows of these products, in the order of `ids`. */
async function productRows(db: Db, resellerId: number, ids: number[]): Promise<ResellerProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      categoryId: products.categoryId,
      categoryName: categories.name,
      wholesalePrice: products.wholesalePrice,
      retailPrice: products.retailPrice,
      stock: products.stock,
      myPrice: resellerProductPrices.price,
      myDescription: resellerProductPrices.description,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(
      resellerProductPrices,
      and(eq(resellerProductPrices.productId, products.id), eq(resellerProductPrices.resellerId, resellerId)),
    )
    .where(inArray(products.id, ids));
  const variants = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      label: productVariants.label,
      sku: productVariants.sku,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.productId), asc(productVariants.sortOrder), asc(productVariants.id));
  const thumbnails = await mainThumbnails(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        name: row.name,
        sku: row.sku,
        thumbnail: thumbnails.get(row.id) ?? null,
        category_id: row.categoryId,
        category_name: row.categoryName,
        wholesale_price: row.wholesalePrice,
        suggested_price: row.retailPrice,
        stock: row.stock,
        my_price: row.myPrice,
        my_description: row.myDescription ?? '',
        variants: variants
          .filter((variant) => variant.productId === id)
          .map((variant) => ({ id: variant.id, label: variant.label, sku: variant.sku, stock: variant.stock })),
      },
    ];
  });
}

/** One published product as the reseller sees it; a hidden or missing one is not found. */
export async function resellerProduct({ db }: Ctx, resellerId: number, productId: number): Promise<ResellerProduct> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, 1)));
  const [product] = row ? await productRows(db, resellerId, [row.id]) : [];
  if (!product) throw notFound('The product');
  return product;
}

/** `/dropshipper/products/edit/{id}`: the reseller's selling price (never below wholesale) and description. */
export async function saveResellerPrice(ctx: Ctx, resellerId: number, productId: number, body: unknown): Promise<ResellerProduct> {
  const { db, now } = ctx;
  const input = resellerProductPriceInput.parse(body);
  const product = await resellerProduct(ctx, resellerId, productId);
  if (input.price < product.wholesale_price) {
    const { currency_symbol: symbol } = await readSetting(db, SETTING_GROUPS.general);
    throw invalid('price', `Your price cannot be below the wholesale price, ${formatMoney(product.wholesale_price, symbol)}.`);
  }
  await db
    .insert(resellerProductPrices)
    .values({ resellerId, productId, price: input.price, description: input.description, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [resellerProductPrices.resellerId, resellerProductPrices.productId],
      set: { price: input.price, description: input.description, updatedAt: now },
    });
  return resellerProduct(ctx, resellerId, productId);
}

/** Categories for the list's filter: the published ones, each level under its parent. */
export async function resellerCategories({ db }: Ctx): Promise<{ id: number; name: string; level: number; parent_id: number | null }[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, level: categories.level, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.status, 1))
    .orderBy(asc(categories.level), asc(categories.sortOrder), asc(categories.name));
  return rows.map((row) => ({ id: row.id, name: row.name, level: row.level, parent_id: row.parentId }));
}
