import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { journalEntries, ledgerAccounts } from '../accounts/ledger.table';

/** People who work for the shop (decision 050); they may have no login. */
export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    designation: text('designation').notNull(),
    phone: text('phone').notNull(),
    nationalId: text('national_id').notNull().default(''),
    joiningDate: date('joining_date', { mode: 'string' }).notNull(),
    monthlySalary: money('monthly_salary').notNull(),
    note: text('note').notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('team_members_name_idx').on(table.name), check('team_members_salary_check', sql`${table.monthlySalary} > 0`)],
);

/**
 * A member's salary for one month (`YYYY-MM`): basic + bonus − deductions is the expense, less the
 * advance recovered is the net to pay; `paid` grows with each payment up to the net. `entry_id` is
 * the accrual in force (Dr salaries / Cr salaries due, Cr advances); a change reverses it and reposts.
 */
export const salaryMonths = pgTable(
  'salary_months',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'restrict' }),
    month: text('month').notNull(),
    basic: money('basic').notNull(),
    bonus: money('bonus').notNull().default(0),
    deductions: money('deductions').notNull().default(0),
    deductionNote: text('deduction_note').notNull().default(''),
    advanceRecovery: money('advance_recovery').notNull().default(0),
    net: money('net').notNull(),
    paid: money('paid').notNull().default(0),
    note: text('note').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('salary_months_member_month_unique').on(table.memberId, table.month),
    check(
      'salary_months_amounts_check',
      sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$' and ${table.basic} >= 0 and ${table.bonus} >= 0 and ${table.deductions} >= 0
        and ${table.advanceRecovery} >= 0 and ${table.net} >= 0
        and ${table.net} = ${table.basic} + ${table.bonus} - ${table.deductions} - ${table.advanceRecovery}
        and ${table.paid} >= 0 and ${table.paid} <= ${table.net}`,
    ),
  ],
);

/** One payment (whole or part) of a salary month from a balance; its entry is Dr salaries due / Cr the balance. */
export const salaryPayments = pgTable(
  'salary_payments',
  {
    id: serial('id').primaryKey(),
    salaryMonthId: integer('salary_month_id')
      .notNull()
      .references(() => salaryMonths.id, { onDelete: 'restrict' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    balanceAccountId: integer('balance_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    reference: text('reference').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (table) => [
    index('salary_payments_month_idx').on(table.salaryMonthId, table.id),
    index('salary_payments_member_idx').on(table.memberId, table.paidOn),
    check('salary_payments_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * An advance given to a member from a balance (Dr advances / Cr the balance), recovered from later
 * months' salaries: `recovered` grows under the advance's row lock, never past the amount.
 */
export const salaryAdvances = pgTable(
  'salary_advances',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
    balanceAccountId: integer('balance_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    instalment: money('instalment').notNull(),
    recovered: money('recovered').notNull().default(0),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (table) => [
    index('salary_advances_member_idx').on(table.memberId, table.givenOn, table.id),
    check(
      'salary_advances_amounts_check',
      sql`${table.amount} > 0 and ${table.instalment} > 0 and ${table.recovered} >= 0 and ${table.recovered} <= ${table.amount}`,
    ),
  ],
);

/** What one salary month recovered from one advance; a month saved again gives these back first. */
export const salaryRecoveries = pgTable(
  'salary_recoveries',
  {
    id: serial('id').primaryKey(),
    salaryMonthId: integer('salary_month_id')
      .notNull()
      .references(() => salaryMonths.id, { onDelete: 'cascade' }),
    advanceId: integer('advance_id')
      .notNull()
      .references(() => salaryAdvances.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
  },
  (table) => [
    uniqueIndex('salary_recoveries_month_advance_unique').on(table.salaryMonthId, table.advanceId),
    index('salary_recoveries_advance_idx').on(table.advanceId),
    check('salary_recoveries_amount_check', sql`${table.amount} > 0`),
  ],
);
