import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands } from './brand.table';

/** Some brands' names by id (the ones that exist). */
export async function brandsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.id, ids));
}

/** Every brand's id, name and slug in one read (a product import finds brands by either). */
export async function allBrands(db: Db) {
  return db.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands);
}
