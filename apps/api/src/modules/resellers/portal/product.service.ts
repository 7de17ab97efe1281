import { formatMoney, idSchema, type Paginator, type ResellerProduct, resellerProductPriceInput } from '@haat/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../../context';
import type { Db } from '../../../db/client';
import { invalid, notFound } from '../../../http/errors';
import { pageUrl, paginate } from '../../../http/pagination';
import { publishedCategories } from '../../catalog';
import { isPublishedProduct, listedProductSubquery, mainThumbnails, publishedProductIdPage, variantsOfProducts } from '../../products';
import { readSetting, SETTING_GROUPS } from '../../settings';
import { resellerProductPrices } from './portal.table';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
  category_id: z.preprocess((value) => (value === '' ? undefined : value), idSchema.optional()),
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
  const { ids, total } = await publishedProductIdPage(
    db,
    { q: parsed.q, categoryId: parsed.category_id },
    { limit: parsed.per_page, offset: (parsed.page - 1) * parsed.per_page },
  );
  const rows = await productRows(db, resellerId, ids);
  return paginate(rows, total, { page: parsed.page, perPage: parsed.per_page }, (page) => pageUrl('/api/reseller/products', query, page))
    .plain;
}

/** The rows of these products, in the order of `ids`. */
async function productRows(db: Db, resellerId: number, ids: number[]): Promise<ResellerProduct[]> {
  if (ids.length === 0) return [];
  const product = listedProductSubquery(db, { ids });
  const rows = await db
    .select({
      id: product.id,
      name: product.name,
      nameBn: product.nameBn,
      sku: product.sku,
      categoryId: product.categoryId,
      categoryName: product.categoryName,
      wholesalePrice: product.wholesalePrice,
      retailPrice: product.retailPrice,
      stock: product.stock,
      myPrice: resellerProductPrices.price,
      myDescription: resellerProductPrices.description,
    })
    .from(product)
    .leftJoin(
      resellerProductPrices,
      and(eq(resellerProductPrices.productId, product.id), eq(resellerProductPrices.resellerId, resellerId)),
    );
  const variants = await variantsOfProducts(db, ids);
  const thumbnails = await mainThumbnails(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        name: row.name,
        name_bn: row.nameBn,
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
  const [product] = (await isPublishedProduct(db, productId)) ? await productRows(db, resellerId, [productId]) : [];
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
  const rows = await publishedCategories(db);
  return rows.map((row) => ({ id: row.id, name: row.name, level: row.level, parent_id: row.parentId }));
}
