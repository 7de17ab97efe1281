import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { journalEntries, ledgerAccounts, reversalColumns } from '../accounts/ledger.table';
import { companies } from './company.table';

/**
 * What the owner's own companies hold and owe their people (issue 19 §4, decision 052): fixed assets
 * with their monthly depreciation, investors and their investments and payouts, directors and their
 * payments. Every money row keeps the journal entry it posted.
 */

export const companyAssets = pgTable(
  'company_assets',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    category: text('category').notNull(),
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    purchaseValue: money('purchase_value').notNull(),
    salvageValue: money('salvage_value').notNull().default(0),
    usefulLifeMonths: integer('useful_life_months').notNull(),
    /** The balance it was paid from; null when bought on credit or already owned (opening balances). */
    balanceId: integer('balance_id').references(() => ledgerAccounts.id),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['in_use', 'disposed'] })
      .notNull()
      .default('in_use'),
    entryId: integer('entry_id').references(() => journalEntries.id),
    disposedOn: date('disposed_on', { mode: 'string' }),
    disposalAmount: money('disposal_amount'),
    disposalBalanceId: integer('disposal_balance_id').references(() => ledgerAccounts.id),
    disposalEntryId: integer('disposal_entry_id').references(() => journalEntries.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('company_assets_company_idx').on(table.companyId, table.purchaseDate),
    check(
      'company_assets_values_check',
      sql`${table.purchaseValue} > 0 and ${table.salvageValue} >= 0 and ${table.salvageValue} < ${table.purchaseValue} and ${table.usefulLifeMonths} between 1 and 600`,
    ),
  ],
);

/** One month's depreciation of one asset: at most one per (asset, month), whoever runs the job. */
export const assetDepreciations = pgTable(
  'asset_depreciations',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => companyAssets.id),
    /** `YYYY-MM`. */
    month: text('month').notNull(),
    amount: money('amount').notNull(),
    entryId: integer('entry_id').references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('asset_depreciations_asset_month_idx').on(table.assetId, table.month),
    check('asset_depreciations_amount_check', sql`${table.amount} > 0 and ${table.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);

export const investors = pgTable(
  'investors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    nationalId: text('national_id').notNull().default(''),
    address: text('address').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('investors_name_idx').on(table.name)],
);

export const investments = pgTable(
  'investments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    investorId: integer('investor_id')
      .notNull()
      .references(() => investors.id),
    amount: money('amount').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    balanceId: integer('balance_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Hundredths of a percent: 1250 = 12.5 %. */
    profitShare: integer('profit_share').notNull().default(0),
    note: text('note').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('investments_investor_idx').on(table.investorId, table.date),
    index('investments_company_idx').on(table.companyId, table.date),
    check('investments_amount_check', sql`${table.amount} > 0 and ${table.profitShare} between 0 and 10000`),
  ],
);

/** Money paid to an investor: a profit share or money returned. */
export const investorPayouts = pgTable(
  'investor_payouts',
  {
    id: serial('id').primaryKey(),
    investorId: integer('investor_id')
      .notNull()
      .references(() => investors.id),
    kind: text('kind', { enum: ['profit', 'capital_return'] }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    balanceId: integer('balance_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    note: text('note').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    ...reversalColumns(),
    createdAt: createdAt(),
  },
  (table) => [
    index('investor_payouts_investor_idx').on(table.investorId, table.date),
    check('investor_payouts_amount_check', sql`${table.amount} > 0`),
  ],
);

export const directors = pgTable(
  'directors',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    designation: text('designation').notNull().default(''),
    phone: text('phone').notNull().default(''),
    nationalId: text('national_id').notNull().default(''),
    /** Hundredths of a percent: 2500 = 25 %. */
    sharePercent: integer('share_percent').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('directors_company_idx').on(table.companyId, table.name),
    check('directors_values_check', sql`${table.sharePercent} between 0 and 10000 and ${table.status} in (0, 1)`),
  ],
);

/** Paid to a director (remuneration, drawing) or brought in by one (capital). */
export const directorPayments = pgTable(
  'director_payments',
  {
    id: serial('id').primaryKey(),
    directorId: integer('director_id')
      .notNull()
      .references(() => directors.id),
    kind: text('kind', { enum: ['remuneration', 'drawing', 'capital_in'] }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    balanceId: integer('balance_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    note: text('note').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    ...reversalColumns(),
    createdAt: createdAt(),
  },
  (table) => [
    index('director_payments_director_idx').on(table.directorId, table.date),
    check('director_payments_amount_check', sql`${table.amount} > 0`),
  ],
);
