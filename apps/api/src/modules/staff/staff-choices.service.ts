import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likeContains } from '../../http/resource';
import { admins } from './admin.table';

/**
 * Staff to pick from (a complaint's owner): active admins by name, id and name only, so a screen
 * can offer them to staff who may not see the staff list itself. `ids` reads chosen ones, active or not.
 */
export async function staffChoices(db: Db, options: { q?: string; ids?: number[]; limit?: number } = {}) {
  const where = options.ids
    ? inArray(admins.id, options.ids.length ? options.ids : [0])
    : and(eq(admins.status, 'active'), options.q ? ilike(admins.name, likeContains(options.q)) : undefined);
  return db
    .select({ id: admins.id, name: admins.name })
    .from(admins)
    .where(where)
    .orderBy(asc(admins.name), asc(admins.id))
    .limit(options.limit ?? 100);
}
