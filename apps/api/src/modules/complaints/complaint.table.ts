import { COMPLAINT_KINDS, COMPLAINT_STATUSES } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/**
 * A complaint or return case (decision 061): about a phone, and an order when it names one. The
 * phone and name are copied from the order when it is opened from one, so the case reads the same
 * after the order changes. `order_id` and `owner_id` are ids of other modules' rows (orders, admins),
 * not foreign keys across modules (STYLE.md: modules talk through their index).
 */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: COMPLAINT_KINDS }).notNull().default('complaint'),
    subject: text('subject').notNull(),
    phone: text('phone').notNull(),
    customerName: text('customer_name').notNull().default(''),
    orderId: integer('order_id'),
    orderNumber: text('order_number').notNull().default(''),
    ownerId: integer('owner_id'),
    status: text('status', { enum: COMPLAINT_STATUSES }).notNull().default('open'),
    dueOn: date('due_on', { mode: 'string' }),
    description: text('description').notNull().default(''),
    openedBy: integer('opened_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('complaints_status_idx').on(table.status, table.id),
    index('complaints_owner_idx').on(table.ownerId, table.status, table.id),
    index('complaints_phone_idx').on(table.phone, table.id),
    index('complaints_order_idx').on(table.orderId),
    check('complaints_subject_check', sql`length(${table.subject}) between 1 and 160`),
  ],
);

/** The thread of a case: what was said and done, by whom, in order. Notes are never edited. */
export const complaintNotes = pgTable(
  'complaint_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id'),
    body: text('body').notNull(),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index('complaint_notes_complaint_idx').on(table.complaintId, table.id)],
);
