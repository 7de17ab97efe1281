import { asc, eq, inArray } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { categories } from './category.table';

/** A category's level (1, 2 or 3), or null when there is no such category. */
export async function categoryLevel(db: Db, categoryId: number): Promise<number | null> {
  const [category] = await db.select({ level: categories.level }).from(categories).where(eq(categories.id, categoryId));
  return category?.level ?? null;
}

/** Some categories by id with their place in the tree: level, parent and name. */
export async function categoriesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: categories.id, level: categories.level, parentId: categories.parentId, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, ids));
}

/** The whole tree in one read, with slugs (a product import finds categories by slug or name path). */
export async function categoryTree(db: Db) {
  return db
    .select({ id: categories.id, level: categories.level, parentId: categories.parentId, name: categories.name, slug: categories.slug })
    .from(categories);
}

/** Every category with its path ("Women › Saree › Jamdani Saree"), by path: for choosing any level. */
export async function categoryPaths(db: Db) {
  const rows = await db
    .select({ id: categories.id, name: categories.name, level: categories.level, parentId: categories.parentId })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pathOf = (row: (typeof rows)[number]): string => {
    const parent = row.parentId ? byId.get(row.parentId) : undefined;
    return parent ? `${pathOf(parent)} › ${row.name}` : row.name;
  };
  const data = rows.map((row) => ({ id: row.id, name: row.name, level: row.level, path: pathOf(row) }));
  return data.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * A category's id, name, level and parent as a subquery named `alias`, for another module to join
 * on `id` when its list shows, sorts or filters by a category's name (one statement).
 */
export function categorySubquery(alias: string) {
  return new QueryBuilder()
    .select({ id: categories.id, name: categories.name, level: categories.level, parentId: categories.parentId })
    .from(categories)
    .as(alias);
}
