import { REMITTANCE_LINE_STATUSES, REMITTANCE_METHODS, REMITTANCE_SOURCES } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../../db/columns';
import { orders } from '../../orders/order.table';
import { admins } from '../../staff/admin.table';
import { couriers } from '../courier.table';

/**
 * A courier's payment of what it collected on delivered cash-on-delivery orders (decision 049):
 * collected − delivery fees − COD charges withheld = net received into a balance. Totals are the
 * sums of its lines, written once; a remittance is never edited.
 */
export const courierRemittances = pgTable(
  'courier_remittances',
  {
    id: serial('id').primaryKey(),
    courierId: integer('courier_id')
      .notNull()
      .references(() => couriers.id, { onDelete: 'restrict' }),
    paidOn: date('paid_on').notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    method: text('method', { enum: REMITTANCE_METHODS }).notNull().default('bank'),
    /** The balance (cash, bank or wallet account of the books) the money went into; null until the books name one. */
    balanceAccountId: integer('balance_account_id'),
    collected: money('collected').notNull(),
    deliveryFees: money('delivery_fees').notNull(),
    codCharges: money('cod_charges').notNull(),
    netReceived: money('net_received').notNull(),
    source: text('source', { enum: REMITTANCE_SOURCES }).notNull().default('manual'),
    /** The courier's own id of the payment, for a remittance read from its API: recorded once per courier. */
    courierPaymentId: text('courier_payment_id'),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('courier_remittances_courier_idx').on(table.courierId, table.paidOn),
    index('courier_remittances_paid_on_idx').on(table.paidOn, table.id),
    uniqueIndex('courier_remittances_payment_unique')
      .on(table.courierId, table.courierPaymentId)
      .where(sql`${table.courierPaymentId} is not null`),
    check(
      'courier_remittances_amounts',
      sql`${table.collected} >= 0 and ${table.deliveryFees} >= 0 and ${table.codCharges} >= 0 and ${table.netReceived} >= 0`,
    ),
  ],
);

/**
 * One order a remittance covers. An order is covered by at most one remittance (the unique index
 * decides it, under the order's row lock), so two imports of one sheet never pay an order twice.
 * `mismatch`: the courier collected another amount than the order was to collect; the order stays
 * unpaid until a person accepts it (`accepted`, with a note).
 */
export const courierRemittanceLines = pgTable(
  'courier_remittance_lines',
  {
    id: serial('id').primaryKey(),
    remittanceId: integer('remittance_id')
      .notNull()
      .references(() => courierRemittances.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** What the order was to collect when the remittance was recorded. */
    toCollect: money('to_collect').notNull(),
    collected: money('collected').notNull(),
    deliveryFee: money('delivery_fee').notNull(),
    codCharge: money('cod_charge').notNull(),
    status: text('status', { enum: REMITTANCE_LINE_STATUSES }).notNull(),
    note: text('note').notNull().default(''),
  },
  (table) => [
    uniqueIndex('courier_remittance_lines_order_unique').on(table.orderId),
    index('courier_remittance_lines_remittance_idx').on(table.remittanceId, table.id),
    index('courier_remittance_lines_mismatch_idx').on(table.status).where(sql`${table.status} = 'mismatch'`),
  ],
);
