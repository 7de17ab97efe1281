import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../products/product.table';
import { productWholesaleTiers } from './order-entry.table';
import { seedOrderSources } from './order-source.resource';

/**
 * The order sources every shop starts with and, in the demo shop, quantity breaks on a few products
 * so the wholesale order screen shows them: 5% off the wholesale price from 10 units, 10% from 50.
 */
export async function seedOrderEntry(db: Db, { demo }: { demo: boolean }): Promise<void> {
  await seedOrderSources(db);
  if (!demo) return;
  const [tiers] = await db.select({ n: count() }).from(productWholesaleTiers);
  if ((tiers?.n ?? 0) > 0) return;
  const picked = await db
    .select({ id: products.id, wholesalePrice: products.wholesalePrice })
    .from(products)
    .where(eq(products.status, 1))
    .orderBy(asc(products.id))
    .limit(8);
  const roundTaka = (paisa: number) => Math.round(paisa / 100) * 100;
  const rows = picked.flatMap((product) => [
    { productId: product.id, minQuantity: 10, unitPrice: roundTaka(product.wholesalePrice * 0.95) },
    { productId: product.id, minQuantity: 50, unitPrice: roundTaka(product.wholesalePrice * 0.9) },
  ]);
  if (rows.length) await db.insert(productWholesaleTiers).values(rows);
}
