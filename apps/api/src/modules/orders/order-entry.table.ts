import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { products } from '../products/product.table';
import { orderLines, orders } from './order.table';

/**
 * A product's wholesale quantity breaks: buying `min_quantity` or more costs `unit_price` each.
 * Below the first break a wholesale order pays the product's wholesale price.
 */
export const productWholesaleTiers = pgTable(
  'product_wholesale_tiers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('product_wholesale_tiers_unique').on(table.productId, table.minQuantity),
    check('product_wholesale_tiers_check', sql`${table.minQuantity} >= 2 and ${table.unitPrice} >= 0`),
  ],
);

/**
 * What came back in an exchange: a line of the earlier order, how many units, and what they were
 * worth then. The exchange order (`orders.exchange_of_order_id`) is what went out instead.
 */
export const orderExchangeReturns = pgTable(
  'order_exchange_returns',
  {
    id: serial('id').primaryKey(),
    /** The exchange order. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    originalLineId: integer('original_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_exchange_returns_order_idx').on(table.orderId),
    index('order_exchange_returns_line_idx').on(table.originalLineId),
    check('order_exchange_returns_quantity_check', sql`${table.quantity} > 0`),
  ],
);
