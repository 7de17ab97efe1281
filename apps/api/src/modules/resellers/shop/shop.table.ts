import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../../db/columns';
import { categories } from '../../catalog/category.table';
import { resellers } from '../reseller.table';

/**
 * The categories a reseller's shop shows (`/dropshipper/categories`). No rows: every category
 * shows; otherwise only these, in the menu and in the shop's product lists.
 */
export const resellerShopCategories = pgTable(
  'reseller_shop_categories',
  {
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.resellerId, table.categoryId] })],
);

/** A reseller's own page (about us, return policy…), shown at `/shop/{slug}/page/{page}`. */
export const resellerShopPages = pgTable(
  'reseller_shop_pages',
  {
    id: serial('id').primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('reseller_shop_pages_slug_unique').on(table.resellerId, table.slug),
    index('reseller_shop_pages_reseller_idx').on(table.resellerId),
  ],
);
