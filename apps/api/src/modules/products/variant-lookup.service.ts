import type { ProductPaymentRule } from '@haat/contracts';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { likeEscape } from '../../http/resource';
import { products, productVariants } from './product.table';
import { type ProductPriceRow, productPriceColumns } from './product-prices.service';
import { nameMatches } from './product-search';

/**
 * A variant with the product columns an order or a cart sells it by, and its price columns (the
 * product's, `id` being the product's id, and the variant's own price): what marketing's price rule
 * takes, so selling reads a variant once.
 */
export interface SellableVariant extends ProductPriceRow {
  priceOverride: number | null;
  variantId: number;
  productId: number;
  productName: string;
  slug: string;
  variantLabel: string;
  sku: string;
  barcode: string | null;
  /** The cost of one unit now: the moving-average cost, or the product's purchase cost before any receipt. */
  unitCost: number;
  /** The product's status (1 published). */
  status: number;
  stock: number;
  wholesalePrice: number;
  purchaseCost: number;
  weightGrams: number;
  paymentRule: ProductPaymentRule;
}

/**
 * The cost of one unit of a variant now (paisa), for a statement that joins the variant and its
 * product: a merchant's product costs the shop its merchant price (what the merchant is paid per unit
 * delivered, decision 037); the shop's own, the moving-average cost once a purchase was received, the
 * product's purchase cost before. A sale records it on its line, so profit is figured at the cost of the
 * day it was sold.
 */
export function variantCostSql(): SQL<number> {
  return sql<number>`coalesce(${products.merchantPrice}, ${productVariants.averageCost}, ${products.purchaseCost})`.mapWith(Number);
}

/** The variant whose SKU or barcode is exactly this code (what a scanner types), or null. */
export async function variantIdByCode({ db }: Ctx, code: string): Promise<number | null> {
  const trimmed = code.trim();
  if (!trimmed) return null;
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(or(eq(productVariants.barcode, trimmed), eq(productVariants.sku, trimmed.toUpperCase()), eq(productVariants.sku, trimmed)))
    .orderBy(asc(productVariants.id))
    .limit(1);
  return row?.id ?? null;
}

/** Some variants with their products' columns, in one statement, without locks; ids that are not variants are left out. */
export async function sellableVariants(db: Db, variantIds: readonly number[]): Promise<SellableVariant[]> {
  if (variantIds.length === 0) return [];
  return db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      productName: products.name,
      slug: products.slug,
      variantLabel: productVariants.label,
      sku: productVariants.sku,
      barcode: productVariants.barcode,
      unitCost: variantCostSql(),
      status: products.status,
      stock: productVariants.stock,
      wholesalePrice: products.wholesalePrice,
      purchaseCost: products.purchaseCost,
      weightGrams: products.weightGrams,
      paymentRule: products.paymentRule,
      ...productPriceColumns,
      priceOverride: productVariants.priceOverride,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...variantIds]));
}

/** Each variant's stock now, by id (read in the caller's transaction, under the locks it holds). */
export async function variantStocks(db: Db, variantIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.id, [...variantIds]));
  return new Map(rows.map((row) => [row.id, row.stock]));
}

/** Whether the variant is one of the product's. */
export async function isVariantOf({ db }: Ctx, variantId: number, productId: number): Promise<boolean> {
  const [variant] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
  return Boolean(variant);
}

/**
 * Every variant's stock, label and its product's name and status, as a subquery another module
 * joins in its own statement (by `variantId`); PostgreSQL flattens it into a plain join.
 */
export function variantSaleStates(db: Db) {
  return db
    .select({
      variantId: productVariants.id,
      stock: productVariants.stock,
      variantLabel: productVariants.label,
      productName: products.name,
      status: products.status,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .as('sale_variant');
}

/**
 * Variant ids by product name (contains), SKU of the variant or the product (prefix) or barcode (exact), in stock
 * first, then by product name and the variant's order; all variants when `q` is empty.
 */
export async function searchVariantIds({ db }: Ctx, q: string, limit: number): Promise<number[]> {
  const prefix = `${likeEscape(q.toUpperCase())}%`;
  const rows = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      q
        ? sql`(${nameMatches(q)} or ${productVariants.sku} like ${prefix} or ${products.sku} like ${prefix} or ${productVariants.barcode} = ${q.trim()})`
        : undefined,
    )
    .orderBy(desc(sql`${productVariants.stock} > 0`), asc(products.name), asc(productVariants.sortOrder), asc(productVariants.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A product's variant ids in their sort order. */
export async function variantIdsOf(db: Db, productId: number): Promise<number[]> {
  const rows = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
  return rows.map((row) => row.id);
}

/** The variants of these products (label, SKU, stock), product by product, each in its sort order. */
export async function variantsOfProducts(
  db: Db,
  productIds: number[],
): Promise<{ id: number; productId: number; label: string; sku: string; stock: number }[]> {
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      label: productVariants.label,
      sku: productVariants.sku,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.sortOrder), asc(productVariants.id));
}
