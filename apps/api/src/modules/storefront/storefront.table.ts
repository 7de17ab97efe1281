import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { products } from '../products/product.table';

/**
 * One row counting changes to anything the storefront's public calls read (products, categories,
 * brands, sliders, banners, attributes, combos, offers, campaigns, settings, pages, reviews).
 * Statement triggers bump it and NOTIFY `haat_catalog`; the public answer cache compares against it.
 */
export const catalogEpoch = pgTable('catalog_epoch', {
  id: integer('id').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/**
 * Storefront views of each product since it was first seen, kept beside the per-day rows of the
 * product view report so the listing's "popular" sort reads one indexed number per product.
 */
export const productPopularity = pgTable(
  'product_popularity',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
  },
  (table) => [index('product_popularity_views_idx').on(sql`${table.views} desc`, sql`${table.productId} desc`)],
);
