import { BILL_RECURRENCES } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { journalEntries, ledgerAccounts, reversalColumns } from '../accounts/ledger.table';

/** A recurring bill (rent, electricity, internet…): booked as an expense of `purpose_account_id` (decision 051). */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    payee: text('payee').notNull().default(''),
    purposeAccountId: integer('purpose_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    usualAmount: money('usual_amount').notNull().default(0),
    recurrence: text('recurrence', { enum: BILL_RECURRENCES }).notNull().default('monthly'),
    dueDay: smallint('due_day').notNull().default(10),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    /** 1 active, 0 stopped. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('bills_name_idx').on(table.name),
    check('bills_figures_check', sql`${table.usualAmount} >= 0 and ${table.dueDay} between 1 and 31 and ${table.status} in (0, 1)`),
  ],
);

/** One period's bill (`2026-10`): recorded with its amount (posted as an expense and due), paid by payments. */
export const billPeriods = pgTable(
  'bill_periods',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'restrict' }),
    period: text('period').notNull(),
    amount: money('amount').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The date its entry is booked on (its due date, or the day it was recorded when that is earlier); a correction reverses on it. */
    bookedOn: date('booked_on', { mode: 'string' }),
    /** What payments have covered, kept under the period's row lock; never above `amount`. */
    paid: money('paid').notNull().default(0),
    note: text('note').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    ...reversalColumns(),
    createdAt: createdAt(),
  },
  (table) => [
    // A reversed month's bill frees its month: the right one is recorded again.
    uniqueIndex('bill_periods_bill_period_live_idx').on(table.billId, table.period).where(sql`reversed_at is null`),
    index('bill_periods_due_idx').on(table.dueDate),
    check('bill_periods_paid_check', sql`${table.amount} > 0 and ${table.paid} >= 0 and ${table.paid} <= ${table.amount}`),
  ],
);

/** A payment of a period's bill out of a balance. */
export const billPayments = pgTable(
  'bill_payments',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'restrict' }),
    periodId: integer('period_id')
      .notNull()
      .references(() => billPeriods.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    balanceAccountId: integer('balance_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
    reference: text('reference').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    ...reversalColumns(),
    createdAt: createdAt(),
  },
  (table) => [index('bill_payments_period_idx').on(table.periodId), check('bill_payments_amount_check', sql`${table.amount} > 0`)],
);
