import { and, asc, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productImages, products, productVariants } from './product.table';
import { type ProductPriceRow, productPriceColumns } from './product-prices.service';
import { published } from './public-catalogue.service';

export interface FeedProduct extends ProductPriceRow {
  name: string;
  slug: string;
  description: string;
  brandId: number | null;
  /** In stock variants only, in the product's order. */
  variants: { id: number; sku: string; label: string; priceOverride: number | null; stock: number; barcode: string | null }[];
  /** Stored picture paths, the main one first. */
  pictures: string[];
  /** How many variants the product has in all (a group of variants in the feeds when more than one). */
  variantCount: number;
}

/**
 * A page of the published catalogue for the product feeds (storefront feed.service), by id after
 * `afterId`: each product with its in-stock variants and its pictures, in three statements a page.
 * Products with no variant in stock are left out.
 */
export async function feedProductPage(db: Db, afterId: number, limit: number): Promise<{ products: FeedProduct[]; lastId: number | null }> {
  const rows = await db
    .select({
      ...productPriceColumns,
      name: products.name,
      slug: products.slug,
      description: products.description,
      brandId: products.brandId,
    })
    .from(products)
    .where(and(published, gt(products.id, afterId)))
    .orderBy(asc(products.id))
    .limit(limit);
  if (rows.length === 0) return { products: [], lastId: null };
  const ids = rows.map((row) => row.id);
  const variants = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
      label: productVariants.label,
      priceOverride: productVariants.priceOverride,
      stock: productVariants.stock,
      barcode: productVariants.barcode,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.productId), asc(productVariants.sortOrder), asc(productVariants.id));
  const pictures = await db
    .select({ productId: productImages.productId, path: productImages.path, isMain: productImages.isMain })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.sortOrder), asc(productImages.id));
  const variantsOf = new Map<number, typeof variants>();
  for (const variant of variants) variantsOf.set(variant.productId, [...(variantsOf.get(variant.productId) ?? []), variant]);
  const picturesOf = new Map<number, typeof pictures>();
  for (const picture of pictures) picturesOf.set(picture.productId, [...(picturesOf.get(picture.productId) ?? []), picture]);
  const page: FeedProduct[] = [];
  for (const row of rows) {
    const all = variantsOf.get(row.id) ?? [];
    const inStock = all.filter((variant) => variant.stock > 0).map(({ productId: _, ...variant }) => variant);
    if (inStock.length === 0) continue;
    const own = picturesOf.get(row.id) ?? [];
    const main = own.find((picture) => picture.isMain) ?? own[0];
    page.push({
      ...row,
      variants: inStock,
      variantCount: all.length,
      pictures: main ? [main.path, ...own.filter((picture) => picture !== main).map((picture) => picture.path)] : [],
    });
  }
  return { products: page, lastId: rows[rows.length - 1]?.id ?? null };
}
