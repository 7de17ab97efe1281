import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likeContains } from '../../http/resource';
import { nameSearchKey, searchKey } from '../../lib/search-key';
import { products } from './product.table';

/**
 * A product's name matches what is typed: the English name contains it, or the search key of both
 * names contains the query's key (lib/search-key.ts: "পাঞ্জাবি" finds "Panjabi", "panjabi" a name
 * only in Bengali). Both through trigram indexes, so PostgreSQL combines them (BitmapOr).
 */
export function nameMatches(q: string): SQL {
  const key = searchKey(q);
  const contains = sql`${products.name} ilike ${likeContains(q)}`;
  // A key under three letters matches too much ("ck" is "k") and cannot use the trigram index.
  return key.length >= 3 ? sql`(${contains} or ${products.searchKey} like ${`%${key}%`})` : contains;
}

/**
 * Gives products written before search keys existed (or by hand, or by a bulk loader) their key,
 * a thousand at a time; run at start-up after the migrations. Names without letters or digits keep
 * an empty key and are looked at again, which costs one index-less read of the table.
 */
export async function fillSearchKeys(db: Db): Promise<number> {
  let filled = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: products.id, name: products.name, nameBn: products.nameBn })
      .from(products)
      .where(and(eq(products.searchKey, ''), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(1000);
    if (rows.length === 0) return filled;
    after = rows[rows.length - 1]?.id ?? after;
    const keyed = rows.map((row) => ({ id: row.id, key: nameSearchKey(row.name, row.nameBn) })).filter((row) => row.key);
    if (keyed.length) {
      const values = sql.join(
        keyed.map((row) => sql`(${row.id}::int, ${row.key}::text)`),
        sql`, `,
      );
      await db.execute(sql`update products as p set search_key = d.key from (values ${values}) as d(id, key) where p.id = d.id`);
      filled += keyed.length;
    }
  }
}
