import { BALANCE_KINDS, LEDGER_ACCOUNT_ROLES, LEDGER_ACCOUNT_TYPES, SALE_CHANNELS } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';

/**
 * The chart of accounts (decision 048). A `balance` account holds money (cash, bank, wallet) and keeps
 * what it holds in `balance`, changed only by postEntry under the no-overdraft rule; a `purpose` is an
 * income or expense account the shop names; a `system` account is one of the chart's own. Accounts
 * the code posts to by name carry a `system_key`.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: LEDGER_ACCOUNT_TYPES }).notNull(),
    role: text('role', { enum: LEDGER_ACCOUNT_ROLES }).notNull(),
    systemKey: text('system_key'),
    /** Balances only: cash, bank or mobile_wallet. */
    kind: text('kind', { enum: BALANCE_KINDS }),
    provider: text('provider').notNull().default(''),
    accountNumber: text('account_number').notNull().default(''),
    /** Balances only: what it held when the shop started; posted once against opening balances. */
    openingBalance: money('opening_balance').notNull().default(0),
    openingDate: date('opening_date', { mode: 'string' }),
    allowOverdraft: boolean('allow_overdraft').notNull().default(false),
    /** Balances only: debit − credit of all its lines, kept by postEntry in the posting's transaction. */
    balance: money('balance').notNull().default(0),
    note: text('note').notNull().default(''),
    /** 1 active, 0 inactive. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_code_idx').on(table.code),
    uniqueIndex('ledger_accounts_system_key_idx').on(table.systemKey),
    index('ledger_accounts_role_idx').on(table.role, table.code),
    check('ledger_accounts_status_check', sql`${table.status} in (0, 1)`),
    check(
      'ledger_accounts_role_check',
      sql`(${table.role} = 'balance') = (${table.kind} is not null) and (${table.role} <> 'balance' or ${table.type} = 'asset') and (${table.role} <> 'purpose' or ${table.type} in ('income', 'expense'))`,
    ),
    // The last guard of the no-overdraft rule; postEntry decides it first with a conditional update.
    check('ledger_accounts_overdraft_check', sql`${table.allowOverdraft} or ${table.balance} >= 0`),
  ],
);

/** One balanced posting: never edited, corrected by a reversing entry (`reversal_of`). */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: serial('id').primaryKey(),
    /** The accounting date, in the shop's time zone. */
    date: date('date', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** What happened, e.g. `order.delivered`, `fund.transfer`, `balance.opening`, `reversal`. */
    source: text('source').notNull(),
    sourceType: text('source_type'),
    sourceId: integer('source_id'),
    memo: text('memo').notNull().default(''),
    reversalOf: integer('reversal_of').references((): AnyPgColumn => journalEntries.id),
    /** Who posted it, as they were (no key: the ledger sits below staff). */
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (table) => [
    index('journal_entries_date_idx').on(table.date, table.id),
    index('journal_entries_source_idx').on(table.sourceType, table.sourceId),
    uniqueIndex('journal_entries_reversal_of_idx').on(table.reversalOf),
  ],
);

/** One side of an entry: exactly one of debit and credit is above zero. `day` is the entry's date. */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    debit: money('debit').notNull().default(0),
    credit: money('credit').notNull().default(0),
    /** The sale channel the line is about (website, reseller, phone, counter, company); null for the rest (shop-wide). */
    channel: text('channel', { enum: SALE_CHANNELS }),
  },
  (table) => [
    index('journal_lines_entry_idx').on(table.entryId),
    index('journal_lines_account_day_idx').on(table.accountId, table.day, table.id),
    check(
      'journal_lines_amount_check',
      sql`${table.debit} >= 0 and ${table.credit} >= 0 and (${table.debit} = 0) <> (${table.credit} = 0)`,
    ),
  ],
);

/** Each account's debits and credits per day, kept by `haat_post_entry` as it writes the lines (migration 0054). */
export const ledgerDaily = pgTable(
  'ledger_daily',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    debit: money('debit').notNull().default(0),
    credit: money('credit').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.day] }), index('ledger_daily_day_idx').on(table.day)],
);

/**
 * Each account's debits and credits per day and sale channel, for the lines that name a channel: kept
 * like ledger_daily by `haat_post_entry` (migration 0054), so the profit report by channel reads
 * accounts × days × channels, never the lines. Lines without a channel are the rest of ledger_daily.
 */
export const ledgerChannelDaily = pgTable(
  'ledger_channel_daily',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel', { enum: SALE_CHANNELS }).notNull(),
    debit: money('debit').notNull().default(0),
    credit: money('credit').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.day, table.channel] }), index('ledger_channel_daily_day_idx').on(table.day)],
);

/** Money moved between two balances (`/admin/found/transfer`); its entry says it in the books. */
export const fundTransfers = pgTable(
  'fund_transfers',
  {
    id: serial('id').primaryKey(),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    toAccountId: integer('to_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
    /** What the bank or wallet charged, out of the sending balance. */
    fee: money('fee').notNull().default(0),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (table) => [
    index('fund_transfers_date_idx').on(table.date, table.id),
    index('fund_transfers_from_idx').on(table.fromAccountId),
    index('fund_transfers_to_idx').on(table.toAccountId),
    check('fund_transfers_amount_check', sql`${table.amount} > 0 and ${table.fee} >= 0 and ${table.fromAccountId} <> ${table.toAccountId}`),
  ],
);

/**
 * Money in (`direction` in: `/admin/credit`) and money out (out: `/admin/debit`) with a purpose. Its
 * entry is `entry_id`; an edit reverses that entry and posts a new one, so earlier entries stay in
 * the books with `source_type` credit/debit and this row's id.
 */
export const moneyMovements = pgTable(
  'money_movements',
  {
    id: serial('id').primaryKey(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    purposeAccountId: integer('purpose_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    balanceAccountId: integer('balance_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
    party: text('party').notNull().default(''),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('money_movements_direction_date_idx').on(table.direction, table.date, table.id),
    index('money_movements_purpose_idx').on(table.purposeAccountId),
    index('money_movements_balance_idx').on(table.balanceAccountId),
    check('money_movements_amount_check', sql`${table.amount} > 0 and ${table.direction} in ('in', 'out')`),
  ],
);

/**
 * Who reversed a money row, when, why, and the entry that reversed it (decisions 051 and 052, corrections), for any
 * module's money rows: a reversed row stays, shown as reversed, and counts in no balance or due.
 */
export const reversalColumns = () => ({
  reversedAt: timestamp('reversed_at', { withTimezone: true }),
  reversalReason: text('reversal_reason'),
  reversalEntryId: integer('reversal_entry_id').references(() => journalEntries.id),
  reversedBy: text('reversed_by'),
});
