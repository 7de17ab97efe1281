import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/**
 * The three-level category tree: level 1 categories, level 2 subcategories, level 3
 * sub-subcategories, each (but the first) under a parent of the level above.
 */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    level: smallint('level').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** The name in Bengali, shown instead of `name` on Bengali pages; optional. */
    nameBn: text('name_bn'),
    slug: text('slug').notNull(),
    image: text('image'),
    icon: text('icon'),
    sortOrder: integer('sort_order').notNull().default(0),
    showOnHome: boolean('show_on_home').notNull().default(false),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('categories_slug_unique').on(table.slug),
    index('categories_parent_idx').on(table.parentId),
    index('categories_level_idx').on(table.level, table.sortOrder),
    check('categories_level_check', sql`${table.level} between 1 and 3`),
    check('categories_parent_check', sql`(${table.level} = 1) = (${table.parentId} is null)`),
  ],
);
