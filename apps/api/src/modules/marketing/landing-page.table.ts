import type { LandingSection } from '@haat/contracts';
import { index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { products } from '../products/product.table';

/** A one-product landing page at `/landing/{slug}`: headline, ordered sections, order-form settings. */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    // "no action", not "restrict": a refused delete then reads as the row being in use (23503).
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'no action' }),
    headline: text('headline').notNull(),
    /** In display order: `{type, title, content}` each. */
    sections: jsonb('sections').$type<LandingSection[]>().notNull().default([]),
    buttonText: text('button_text').notNull().default('Order now'),
    deliveryNote: text('delivery_note').notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('landing_pages_slug_unique').on(table.slug), index('landing_pages_product_idx').on(table.productId)],
);
