import { ASSIGNMENT_MODES, ASSIGNMENT_REASONS, type OrderType } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from '../staff/admin.table';
import { orders } from './order.table';

/**
 * The order assignment's settings and its round-robin cursor: ONE row (id 1). A batch of orders takes
 * its turns with one `update … set next_turn = next_turn + n returning` — the row lock makes
 * concurrent batches take consecutive turns (decision 057).
 */
export const orderAssignmentSettings = pgTable(
  'order_assignment_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    mode: text('mode', { enum: ASSIGNMENT_MODES }).notNull().default('round_robin'),
    /** The staff who take orders, in the order of their turns. */
    adminIds: integer('admin_ids').array().notNull().default(sql`'{}'::integer[]`),
    orderTypes: text('order_types').array().$type<OrderType[]>().notNull().default(sql`'{website,landing,reseller}'::text[]`),
    staffOrdersToCreator: boolean('staff_orders_to_creator').notNull().default(true),
    /** How many turns were given: the next order in turn goes to admin_ids[next_turn mod count]. */
    nextTurn: bigint('next_turn', { mode: 'number' }).notNull().default(0),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (table) => [check('order_assignment_settings_one_row', sql`${table.id} = 1`)],
);

/**
 * Sticky by phone: who a phone's orders go to. Written with `insert … on conflict` in the order's
 * transaction, so two orders from one new phone placed at once still meet one person.
 */
export const orderPhoneOwners = pgTable(
  'order_phone_owners',
  {
    phone: text('phone').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('order_phone_owners_admin_idx').on(table.adminId)],
);

/** Every change of an order's assignee: at placement (round-robin, sticky, its creator) and by hand. */
export const orderAssignmentHistory = pgTable(
  'order_assignment_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromAdminId: integer('from_admin_id'),
    toAdminId: integer('to_admin_id'),
    reason: text('reason', { enum: ASSIGNMENT_REASONS }).notNull(),
    /** Who reassigned it; null at placement. */
    byAdminId: integer('by_admin_id'),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('order_assignment_history_order_idx').on(table.orderId, table.id)],
);
