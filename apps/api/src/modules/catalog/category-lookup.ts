import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from './category.table';

/** The name of the category whose id is in `categoryId` (null when none), to embed in another module's query. */
export function categoryNameSql(categoryId: AnyColumn): SQL<string | null> {
  // Nested: in a one-table select drizzle drops the table of top-level columns only, and the
  // subquery's columns must stay qualified to mean the right table.
  return sql<string | null>`(${sql`select ${categories.name} from ${categories} where ${categories.id} = ${categoryId}`})`;
}

/** Every published category, level by level, each level by its sort order and name. */
export async function publishedCategories(db: Db): Promise<{ id: number; name: string; level: number; parentId: number | null }[]> {
  return db
    .select({ id: categories.id, name: categories.name, level: categories.level, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.status, 1))
    .orderBy(asc(categories.level), asc(categories.sortOrder), asc(categories.name));
}

/** The published top-level categories in their sort order; `only` narrows them to these ids. */
export async function publishedTopCategories(db: Db, only?: readonly number[]): Promise<{ id: number; name: string; slug: string }[]> {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(and(eq(categories.level, 1), eq(categories.status, 1), only ? inArray(categories.id, [...only]) : undefined))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}
