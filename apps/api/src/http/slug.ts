import { slugify } from '@haat/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** The slug typed, or one made from the name and numbered until it is free (summer-kurti-2). */
export async function chooseSlug(
  db: Db,
  target: { table: PgTable; id: PgColumn; slug: PgColumn },
  typed: string,
  name: string,
  currentId: number | null,
): Promise<string> {
  if (typed) return typed;
  const base = slugify(name) || 'item';
  for (let attempt = 1; attempt < 1000; attempt++) {
    const candidate = attempt === 1 ? base : `${base}-${attempt}`;
    const [taken] = await db
      .select({ id: target.id })
      .from(target.table)
      .where(and(eq(target.slug, candidate), currentId ? ne(target.id, currentId) : undefined))
      .limit(1);
    if (!taken) return candidate;
  }
  return `${base}-${Date.now()}`;
}
