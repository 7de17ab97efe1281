import { PRODUCT_REVIEW_STATUSES } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { customers } from '../customers/customer.table';
import { products } from '../products/product.table';

/** A shopper's review of a product; shown on the storefront once approved. */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null when the shop entered the review (taken by phone) or the account is gone. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: PRODUCT_REVIEW_STATUSES }).notNull().default('pending'),
    answer: text('answer').notNull().default(''),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by'),
    moderatedBy: integer('moderated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('product_reviews_product_idx').on(table.productId, table.status),
    index('product_reviews_status_idx').on(table.status, table.createdAt),
    // One review per customer and product; they edit it rather than add another.
    uniqueIndex('product_reviews_customer_product_unique')
      .on(table.customerId, table.productId)
      .where(sql`${table.customerId} is not null`),
    check('product_reviews_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);
