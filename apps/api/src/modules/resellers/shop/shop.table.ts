import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * A reseller's own coupon (`/dropshipper/coupon`), taken at checkout in their shop only: an amount
 * (paisa) or a percent off the items, from a minimum order, between dates, up to a number of uses.
 * The discount comes out of the reseller's profit.
 */
export const resellerShopCoupons = pgTable(
  'reseller_shop_coupons',
  {
    id: serial('id').primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['amount', 'percent'] }).notNull(),
    /** Paisa for an amount, 1–100 for a percent. */
    value: bigint('value', { mode: 'number' }).notNull(),
    minimumOrder: bigint('minimum_order', { mode: 'number' }).notNull().default(0),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('reseller_shop_coupons_code_unique').on(table.resellerId, table.code),
    check('reseller_shop_coupons_value_check', sql`${table.value} > 0 and (${table.kind} = 'amount' or ${table.value} <= 100)`),
    check(
      'reseller_shop_coupons_used_check',
      sql`${table.usedCount} >= 0 and (${table.usageLimit} is null or ${table.usedCount} <= ${table.usageLimit})`,
    ),
  ],
);

/** A slide of a reseller's shop home page (`/dropshipper/slider`): an uploaded picture, a link, an order. */
export const resellerShopSliders = pgTable(
  'reseller_shop_sliders',
  {
    id: serial('id').primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    title: text('title').notNull().default(''),
    link: text('link').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('reseller_shop_sliders_reseller_idx').on(table.resellerId, table.sortOrder)],
);
