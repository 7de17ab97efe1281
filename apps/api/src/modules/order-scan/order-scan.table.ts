import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { orders } from '../orders/order.table';

/**
 * Returned parcels received back at the shop (the returns check-in, decision 059). A courier's
 * tracking may mark an order returned (6) days before the parcel is on the shelf; this row says
 * when it arrived and who scanned it. One row an order: the primary key makes a second scan
 * "already received" in one atomic insert.
 */
export const orderReturnReceipts = pgTable('order_return_receipts', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  adminId: integer('admin_id'),
});
