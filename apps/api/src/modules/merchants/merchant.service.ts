import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants } from './merchant.table';

/** The id and name of each of some merchants that exist, in one query (products name their merchant). */
export async function merchantNames(db: Db, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(inArray(merchants.id, [...ids]));
}
