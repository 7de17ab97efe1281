import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { categories } from '../catalog/category.table';
import { products } from '../products/product.table';

/** A percentage or an amount off chosen products and categories, between two times. */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    discountType: text('discount_type', { enum: ['percent', 'amount'] }).notNull(),
    percentOff: smallint('percent_off'),
    amountOff: money('amount_off'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** 1 active, 0 switched off. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // "Which offers run now": active ones by their end.
    index('offers_running_idx').on(table.status, table.endsAt),
    check(
      'offers_discount_check',
      sql`(${table.discountType} = 'percent' and ${table.percentOff} between 1 and 100) or (${table.discountType} = 'amount' and ${table.amountOff} > 0)`,
    ),
    check('offers_window_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** The products an offer names; a product that is removed leaves its offers. */
export const offerProducts = pgTable(
  'offer_products',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.productId] }), index('offer_products_product_idx').on(table.productId)],
);

/** The categories (any level) an offer names: it applies to every product filed under them. */
export const offerCategories = pgTable(
  'offer_categories',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.categoryId] }), index('offer_categories_category_idx').on(table.categoryId)],
);
