import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns';
import { journalEntries } from './ledger.table';

/**
 * The shop's opening balances (`/admin/account/opening`, decision 051): one row (id 1), the figures as
 * last saved and the entry in force. `balance_lines` keeps what this entry added to each balance's
 * opening balance, beyond what the balance's own form had posted, so a new save can take it back.
 */
export const openingBalances = pgTable(
  'opening_balances',
  {
    id: integer('id').primaryKey(),
    date: date('date', { mode: 'string' }),
    balanceLines: jsonb('balance_lines').$type<{ balance_id: number; amount: number; added: number }[]>().notNull().default([]),
    courierReceivable: money('courier_receivable').notNull().default(0),
    companyReceivable: money('company_receivable').notNull().default(0),
    inventory: money('inventory').notNull().default(0),
    loanReceivable: money('loan_receivable').notNull().default(0),
    supplierPayable: money('supplier_payable').notNull().default(0),
    loanPayable: money('loan_payable').notNull().default(0),
    note: text('note').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    saves: integer('saves').notNull().default(0),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    savedBy: text('saved_by'),
  },
  (table) => [check('opening_balances_one_row_check', sql`${table.id} = 1`)],
);
