import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/** A customer testimonial shown on the storefront (the seed's "comment"). */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    text: text('text').notNull(),
    rating: smallint('rating').notNull(),
    image: text('image'),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('comments_status_idx').on(table.status, table.sortOrder),
    check('comments_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);
