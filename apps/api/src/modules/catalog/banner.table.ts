import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

export const BANNER_POSITIONS = ['home_top', 'home_middle', 'home_bottom', 'offer', 'category_page'] as const;

/** Offer and slider banners of the storefront (seed §3: slider_banner, offer_banner). */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    image: text('image').notNull(),
    link: text('link').notNull().default(''),
    position: text('position', { enum: BANNER_POSITIONS }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('banners_position_idx').on(table.position, table.sortOrder)],
);

/** The home page's rotating sliders. */
export const sliders = pgTable('sliders', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  image: text('image').notNull(),
  link: text('link').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
