import { eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { products, productVariants } from './product.table';

/** The product columns marketing's price rule reads: retail price, own discount and its dates, categories. */
export const productPriceColumns = {
  id: products.id,
  retailPrice: products.retailPrice,
  discountPrice: products.discountPrice,
  discountStartsAt: products.discountStartsAt,
  discountEndsAt: products.discountEndsAt,
  categoryId: products.categoryId,
  subcategoryId: products.subcategoryId,
  subSubcategoryId: products.subSubcategoryId,
};

/** A product's price columns as read (what marketing's price rule takes). */
export interface ProductPriceRow {
  id: number;
  retailPrice: number;
  discountPrice: number | null;
  discountStartsAt: Date | null;
  discountEndsAt: Date | null;
  categoryId: number | null;
  subcategoryId: number | null;
  subSubcategoryId: number | null;
}

/** Some products' price columns (productPriceColumns), by id; missing products are left out. */
export async function productPriceRows(db: Db, productIds: number[]) {
  return db.select(productPriceColumns).from(products).where(inArray(products.id, productIds));
}

/**
 * Some variants with their product's price columns, their own price and the product's status, in
 * one query; variants that do not exist are left out.
 */
export async function variantPriceRows(db: Db, variantIds: number[]) {
  return db
    .select({
      ...productPriceColumns,
      variantId: productVariants.id,
      priceOverride: productVariants.priceOverride,
      status: products.status,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, variantIds));
}

/** The next moment any product's own discount starts or ends. */
export async function nextOwnDiscountChange(db: Db, now: Date): Promise<Date | null> {
  const at = now.toISOString();
  const [row] = rowsOf<{ next: string | Date | null }>(
    await db.execute(sql`select least(
      (select min(${products.discountStartsAt}) from ${products} where ${products.discountStartsAt} > ${at}::timestamptz),
      (select min(${products.discountEndsAt}) from ${products} where ${products.discountEndsAt} > ${at}::timestamptz)
    ) as next`),
  );
  return row?.next ? new Date(row.next) : null;
}

/** A product's price after its own discount (within its dates), as SQL over `products` to filter and sort by. */
export function ownDiscountPriceSql(now: Date) {
  const at = now.toISOString();
  return sql<number>`(case when ${products.discountPrice} is not null
    and (${products.discountStartsAt} is null or ${products.discountStartsAt} <= ${at}::timestamptz)
    and (${products.discountEndsAt} is null or ${products.discountEndsAt} > ${at}::timestamptz)
    then least(${products.discountPrice}, ${products.retailPrice}) else ${products.retailPrice} end)`;
}
