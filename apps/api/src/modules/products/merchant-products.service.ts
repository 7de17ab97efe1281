import { and, asc, count, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likeContains } from '../../http/resource';
import { products } from './product.table';
import { mainThumbnails } from './product-picture.service';

/** The merchant and the merchant's price of each of some products that name one: product id → both. */
export async function merchantPricesOf(
  db: Db,
  productIds: readonly number[],
): Promise<Map<number, { merchantId: number; merchantPrice: number }>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, merchantId: products.merchantId, merchantPrice: products.merchantPrice })
    .from(products)
    .where(and(inArray(products.id, [...new Set(productIds)]), isNotNull(products.merchantId)));
  return new Map(
    rows.flatMap((row) =>
      row.merchantId === null ? [] : [[row.id, { merchantId: row.merchantId, merchantPrice: row.merchantPrice ?? 0 }]],
    ),
  );
}

/** The ids of a merchant's products, as a subquery for another module's statement. */
export function merchantProductIdsSql(merchantId: number): SQL {
  return sql`(select ${products.id} from ${products} where ${products.merchantId} = ${merchantId})`;
}

export interface MerchantProductRow {
  id: number;
  name: string;
  name_bn: string | null;
  sku: string;
  thumbnail: string | null;
  retail_price: number;
  merchant_price: number | null;
  stock: number;
  low_stock: boolean;
  status: number;
}

/** A page of one merchant's products (name or SKU search), by name, with their stock. */
export async function merchantProductPage(
  db: Db,
  merchantId: number,
  { page, perPage, q }: { page: number; perPage: number; q: string },
): Promise<{ rows: MerchantProductRow[]; total: number }> {
  const pattern = q ? likeContains(q) : null;
  const where = and(
    eq(products.merchantId, merchantId),
    pattern ? or(sql`${products.name} ilike ${pattern}`, sql`${products.sku} ilike ${pattern}`) : undefined,
  );
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(products).where(where);
  const thumbnails = await mainThumbnails(
    db,
    rows.map((row) => row.id),
  );
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      name_bn: row.nameBn,
      sku: row.sku,
      thumbnail: thumbnails.get(row.id) ?? null,
      retail_price: row.retailPrice,
      merchant_price: row.merchantPrice,
      stock: row.stock,
      low_stock: row.stock <= row.lowStockThreshold,
      status: row.status,
    })),
  };
}

/** How many products a merchant supplies and how many of them are low on stock. */
export async function merchantProductFigures(db: Db, merchantId: number): Promise<{ products: number; lowStock: number }> {
  const [row] = await db
    .select({ n: count(), low: sql<number>`count(*) filter (where ${products.stock} <= ${products.lowStockThreshold})`.mapWith(Number) })
    .from(products)
    .where(eq(products.merchantId, merchantId));
  return { products: row?.n ?? 0, lowStock: row?.low ?? 0 };
}
