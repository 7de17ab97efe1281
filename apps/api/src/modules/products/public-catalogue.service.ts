import type { PublicProductImage } from '@haat/contracts';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { categoryColumn, type ProductRow } from './product.service';
import { productImages, products, productVariantValues } from './product.table';
import { type ProductPriceRow, productPriceColumns } from './product-prices.service';
import { variantChoices } from './variant-choice.service';

// What the storefront reads of products: published ones only, as cards, a product page's pictures
// and variants, and sitemap addresses.

/** Published products only: the storefront never shows anything else. */
export const published = eq(products.status, 1);

/** The product columns a card needs: those marketing's pricing reads (PricedRow), then name, slug and stock. */
export const cardColumns = {
  ...productPriceColumns,
  name: products.name,
  nameBn: products.nameBn,
  slug: products.slug,
  stock: products.stock,
};

export interface ProductCardRow extends ProductPriceRow {
  name: string;
  nameBn: string | null;
  slug: string;
  stock: number;
}

/**
 * A number per product kept by a module above this one (the storefront's popularity), handed in to
 * sort by: left-joined on the product, a product without a row counts 0.
 */
export interface ProductRanking {
  table: PgTable;
  productId: PgColumn;
  score: PgColumn;
}

/** Highest score first, then the newest. */
export function rankingOrder(ranking: ProductRanking): SQL[] {
  return [sql`coalesce(${ranking.score}, 0) desc`, desc(products.id)];
}

/** A published product by id (digits) or slug, the id first; `reference` is already trimmed. */
export async function publishedProductByReference(db: Db, reference: string): Promise<ProductRow | undefined> {
  const byId = /^\d{1,9}$/.test(reference);
  const [row] = await db
    .select()
    .from(products)
    .where(and(published, byId ? or(eq(products.id, Number(reference)), eq(products.slug, reference)) : eq(products.slug, reference)))
    .orderBy(byId ? sql`${products.id} = ${Number(reference)} desc` : asc(products.id))
    .limit(1);
  return row;
}

/** A product's pictures in order; the first is main when none is marked. */
export async function productPictures(db: Db, productId: number): Promise<PublicProductImage[]> {
  const rows = await db
    .select({
      path: productImages.path,
      thumbnail: productImages.thumbnail,
      isMain: productImages.isMain,
      attributeValueId: productImages.attributeValueId,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder), asc(productImages.id));
  const hasMain = rows.some((row) => row.isMain);
  return rows.map((row, index) => ({
    path: row.path,
    thumbnail: row.thumbnail,
    is_main: hasMain ? row.isMain : index === 0,
    attribute_value_id: row.attributeValueId,
  }));
}

/** A product's variants in order, and the attribute values each holds (a second query, when there are variants). */
export async function productVariantChoices(db: Db, productId: number) {
  const variants = await variantChoices(db, productId);
  const links = variants.length
    ? await db
        .select({ variantId: productVariantValues.variantId, valueId: productVariantValues.attributeValueId })
        .from(productVariantValues)
        .where(
          inArray(
            productVariantValues.variantId,
            variants.map((variant) => variant.id),
          ),
        )
    : [];
  return { variants, links };
}

/**
 * Published products of the same category as this one, those sharing its subcategory and
 * sub-subcategory first, then the newest; none (and no query) when it has no category.
 */
export async function relatedProductCards(
  db: Db,
  product: Pick<ProductRow, 'id' | 'categoryId' | 'subcategoryId' | 'subSubcategoryId'>,
  limit: number,
): Promise<ProductCardRow[]> {
  if (!product.categoryId) return [];
  return db
    .select(cardColumns)
    .from(products)
    .where(and(published, eq(products.categoryId, product.categoryId), ne(products.id, product.id)))
    .orderBy(
      sql`(${products.subSubcategoryId} is not distinct from ${product.subSubcategoryId}) desc`,
      sql`(${products.subcategoryId} is not distinct from ${product.subcategoryId}) desc`,
      desc(products.id),
    )
    .limit(limit);
}

/** Published best sellers, the highest ranked first. */
export async function bestSellerCards(db: Db, ranking: ProductRanking, limit: number): Promise<ProductCardRow[]> {
  return db
    .select(cardColumns)
    .from(products)
    .leftJoin(ranking.table, eq(ranking.productId, products.id))
    .where(and(published, eq(products.isBestSeller, true)))
    .orderBy(...rankingOrder(ranking))
    .limit(limit);
}

/** The published ones of some products, newest first; none (and no query) for no ids. */
export async function publishedProductCards(db: Db, productIds: number[]): Promise<ProductCardRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select(cardColumns)
    .from(products)
    .where(and(published, inArray(products.id, productIds)))
    .orderBy(desc(products.id));
}

/** Published products of a category of any level, those marked for the home page first, then the newest. */
export async function homeCategoryCards(db: Db, category: { level: number; id: number }, limit: number): Promise<ProductCardRow[]> {
  return db
    .select(cardColumns)
    .from(products)
    .where(and(published, eq(categoryColumn(category.level), category.id)))
    .orderBy(desc(products.showOnHome), desc(products.id))
    .limit(limit);
}

/** Published featured products, newest first. */
export async function featuredProductCards(db: Db, limit: number): Promise<ProductCardRow[]> {
  return db
    .select(cardColumns)
    .from(products)
    .where(and(published, eq(products.isFeatured, true)))
    .orderBy(desc(products.id))
    .limit(limit);
}

/** How many products are published. */
export async function publishedProductCount(db: Db): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(products).where(published);
  return counted?.n ?? 0;
}

/** Slugs and last changes of published products by id, all of them or one page. */
export async function publishedProductAddresses(db: Db, page?: { limit: number; offset: number }) {
  const query = db.select({ slug: products.slug, updatedAt: products.updatedAt }).from(products).where(published).orderBy(asc(products.id));
  return page ? await query.limit(page.limit).offset(page.offset) : await query;
}
