import { ORDER_TYPES } from '@haat/contracts';
import { bigint, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * How many orders there are of each type in each status, for the status tabs of the back office,
 * so they answer without counting a million orders. Kept by triggers on `orders` (migration
 * `order_status_count_triggers`) in the same transaction as every placement, move and delete.
 * Each (type, status) has up to 8 slot rows — the writer's backend id modulo 8 — so concurrent
 * placements do not all wait on one row; a count is the sum of its slots.
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    type: text('type', { enum: ORDER_TYPES }).notNull(),
    status: smallint('status').notNull(),
    slot: smallint('slot').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.type, table.status, table.slot] })],
);
