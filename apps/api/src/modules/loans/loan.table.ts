import { LOAN_DIRECTIONS, LOAN_INTEREST_METHODS } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { journalEntries, ledgerAccounts, reversalColumns } from '../accounts/ledger.table';

/** A lender (a bank, a person) or a borrower (a person, a business) the shop has loans with (decision 051). */
export const loaners = pgTable(
  'loaners',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    nationalId: text('national_id').notNull().default(''),
    organisation: text('organisation').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('loaners_name_idx').on(table.name)],
);

/**
 * A loan taken or given: its principal moved into (taken) or out of (given) a balance on `date`,
 * posted as `entry_id`. Interest `rate_bp` hundredths of a percent a year, flat (on the whole principal)
 * or on the reducing balance (`interest_method`). Its schedule is `loan_instalments`, its repayments
 * `loan_repayments`. A correction reverses `entry_id` and posts the new one; a reversed loan has no schedule.
 */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    direction: text('direction', { enum: LOAN_DIRECTIONS }).notNull(),
    loanerId: integer('loaner_id')
      .notNull()
      .references(() => loaners.id, { onDelete: 'restrict' }),
    principal: money('principal').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    balanceAccountId: integer('balance_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    rateBp: integer('rate_bp').notNull().default(0),
    interestMethod: text('interest_method', { enum: LOAN_INTEREST_METHODS }).notNull().default('flat'),
    termMonths: integer('term_months').notNull(),
    firstDueDate: date('first_due_date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    ...reversalColumns(),
    createdAt: createdAt(),
  },
  (table) => [
    index('loans_loaner_idx').on(table.loanerId),
    index('loans_date_idx').on(table.date, table.id),
    check('loans_figures_check', sql`${table.principal} > 0 and ${table.rateBp} >= 0 and ${table.termMonths} between 1 and 360`),
  ],
);

/** One instalment of a loan's schedule; `paid` grows with repayments (interest first), never above `total`. */
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    paid: money('paid').notNull().default(0),
  },
  (table) => [
    uniqueIndex('loan_instalments_loan_number_idx').on(table.loanId, table.number),
    check('loan_instalments_paid_check', sql`${table.paid} >= 0 and ${table.paid} <= ${table.principal} + ${table.interest}`),
  ],
);

/** A repayment, part or whole, split into interest and principal; its entry moves the balance. */
export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    balanceAccountId: integer('balance_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
    interestPart: money('interest_part').notNull(),
    principalPart: money('principal_part').notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    ...reversalColumns(),
    createdAt: createdAt(),
  },
  (table) => [
    index('loan_repayments_loan_idx').on(table.loanId, table.date),
    check(
      'loan_repayments_amount_check',
      sql`${table.amount} > 0 and ${table.interestPart} >= 0 and ${table.principalPart} >= 0 and ${table.interestPart} + ${table.principalPart} = ${table.amount}`,
    ),
  ],
);
