import type { ProductPaymentRule } from '@haat/contracts';
import type { Db } from '../../db/client';
import { variantPricesOf } from '../marketing';
import { mainThumbnails, sellableVariants } from '../products';

/** A variant as an order or a cart sells it now: what it is, what is left, what one costs. */
export interface SellingPrice {
  variantId: number;
  productId: number;
  productName: string;
  slug: string;
  variantLabel: string;
  sku: string;
  /** The product is published (status 1): only then may it be sold on the storefront. */
  published: boolean;
  stock: number;
  /** The variant's own price, or the product's retail price. */
  regularPrice: number;
  /** What one costs now (see variantPrices). */
  unitPrice: number;
  wholesalePrice: number;
  /** The product's purchase cost now (what the product form shows). */
  purchaseCost: number;
  /**
   * What one unit costs the shop now: the variant's moving-average cost, or the product's purchase
   * cost before any purchase was received (products' variantCostSql). An order line records it.
   */
  unitCost: number;
  weightGrams: number;
  /** How the product may be paid (decision 062): any way, at least the delivery charge online, or only in full online. */
  paymentRule: ProductPaymentRule;
  thumbnail: string | null;
}

/**
 * Each variant as the cart and every order channel sell it at `now`: what it is, what is left and
 * what one costs. The price is marketing's one rule (variantPrices: the lowest of the regular
 * price, the running discount price, the best running offer and the lowest running campaign
 * price), so the checkout charges exactly what the product page shows. Variants that do not exist
 * are left out of the map.
 */
export async function sellingPrices(
  db: Db,
  variantIds: number[],
  { now = new Date(), thumbnails = false }: { now?: Date; thumbnails?: boolean } = {},
): Promise<Map<number, SellingPrice>> {
  const result = new Map<number, SellingPrice>();
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return result;
  const rows = await sellableVariants(db, ids);
  if (rows.length === 0) return result;
  // One after the other: inside a transaction there is one connection. The variants' price
  // columns came with them: the price rule reads only the running offers and campaigns.
  const prices = await variantPricesOf(db, rows, now);
  const pictures = thumbnails ? await mainThumbnails(db, [...new Set(rows.map((row) => row.productId))]) : new Map<number, string>();
  for (const row of rows) {
    const price = prices.get(row.variantId);
    if (!price) continue;
    result.set(row.variantId, {
      variantId: row.variantId,
      productId: row.productId,
      productName: row.productName,
      slug: row.slug,
      variantLabel: row.variantLabel,
      sku: row.sku,
      published: row.status === 1,
      stock: row.stock,
      regularPrice: price.retail_price,
      unitPrice: price.price,
      wholesalePrice: row.wholesalePrice,
      purchaseCost: row.purchaseCost,
      unitCost: row.unitCost,
      weightGrams: row.weightGrams,
      paymentRule: row.paymentRule,
      thumbnail: pictures.get(row.productId) ?? null,
    });
  }
  return result;
}

/** "Plain Kurti (M / Red)", or the name alone for a product without options. */
export function lineName(price: Pick<SellingPrice, 'productName' | 'variantLabel'>): string {
  return price.variantLabel ? `${price.productName} (${price.variantLabel})` : price.productName;
}
