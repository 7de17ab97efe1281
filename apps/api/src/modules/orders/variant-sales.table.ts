import { date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * Units sold per variant per day (the shop's time zone): lines of orders that are not cancelled,
 * by the day the order was placed. Kept by database triggers on `orders` and `order_lines` in the
 * transaction of every write (placing, editing lines, cancelling, un-cancelling, deleting), so no
 * writer can forget it; the stock analysis sums at most 90 rows per variant instead of the order
 * lines of 90 days (decision 041). `variantSalesMismatches` proves it equals a fresh aggregate.
 */
export const variantSalesDaily = pgTable(
  'variant_sales_daily',
  {
    variantId: integer('variant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    units: integer('units').notNull(),
  },
  (table) => [primaryKey({ columns: [table.variantId, table.day] }), index('variant_sales_daily_day_idx').on(table.day)],
);
