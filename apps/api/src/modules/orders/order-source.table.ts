import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/**
 * Where orders come from (Website, Facebook, Phone…), chosen on the staff's order forms. An order
 * keeps the source's name in `orders.source`, so renaming or removing a source leaves old orders as
 * they were recorded.
 */
export const orderSources = pgTable(
  'order_sources',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** 1 offered on the order forms, 0 kept for old orders only. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('order_sources_name_unique').on(sql`lower(${table.name})`)],
);
