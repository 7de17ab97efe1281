import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigserial, check, integer, type PgColumn, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { admins } from '../staff/admin.table';

/**
 * A payee's id column on its journal, withdraw requests (kept while they are: restrict) or saved
 * payout accounts (gone with the payee: cascade), e.g. `merchantId: payeeColumn('merchant_id', () => merchants.id)`.
 */
export const payeeColumn = (name: string, payees: () => AnyPgColumn, onDelete: 'restrict' | 'cascade' = 'restrict') =>
  integer(name).notNull().references(payees, { onDelete });

/**
 * The columns every payee's journal has besides its payee (the reseller cashbook, decision 014; the
 * merchant ledger, decision 037): each row moves `amount` (> 0) from `debit_account` to
 * `credit_account`, both sides named; it may name the order and the withdraw request it came from,
 * the admin who caused it and a note. A payee's own columns (an order line, an SMS campaign) are
 * added beside these. Only the names differ between payees, so the SQL tables are the ones the
 * migrations made.
 */
export function ledgerColumns<Kind extends string, Kinds extends readonly [Kind, ...Kind[]]>(config: {
  kinds: Kinds;
  orders: () => AnyPgColumn;
  withdrawals: () => AnyPgColumn;
}) {
  return {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: config.kinds }).notNull(),
    debitAccount: text('debit_account').notNull(),
    creditAccount: text('credit_account').notNull(),
    amount: money('amount').notNull(),
    orderId: integer('order_id').references(config.orders, { onDelete: 'restrict' }),
    withdrawalId: integer('withdrawal_id').references(config.withdrawals, { onDelete: 'restrict' }),
    note: text('note').notNull().default(''),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
  };
}

/**
 * The constraints every payee's journal has, named after its table: one row of a kind per withdraw
 * request (a retried request, payment or rejection writes nothing), amounts above zero, and two
 * different accounts on a row.
 */
export function ledgerConstraints(
  name: string,
  table: { amount: PgColumn; debitAccount: PgColumn; creditAccount: PgColumn; withdrawalId: PgColumn; kind: PgColumn },
) {
  return [
    uniqueIndex(`${name}_withdrawal_kind_unique`).on(table.withdrawalId, table.kind).where(sql`${table.withdrawalId} is not null`),
    check(`${name}_amount_check`, sql`${table.amount} > 0`),
    check(`${name}_accounts_check`, sql`${table.debitAccount} <> ${table.creditAccount}`),
  ];
}

/**
 * The columns of a payee's saved payout account besides its payee (`payout-account.ts`'s
 * `PayoutAccountRow`): a bank account or a bKash / Nagad / Rocket number.
 */
export function payoutAccountColumns() {
  return {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['bank', 'mobile'] }).notNull(),
    /** `bank`, or the mobile-banking service: bkash, nagad, rocket. */
    provider: text('provider').notNull(),
    accountName: text('account_name').notNull().default(''),
    accountNumber: text('account_number').notNull(),
    bankName: text('bank_name').notNull().default(''),
    branchName: text('branch_name').notNull().default(''),
    routingNumber: text('routing_number').notNull().default(''),
    /** Mobile banking: personal or agent. */
    accountType: text('account_type').notNull().default(''),
    createdAt: createdAt(),
  };
}

/**
 * The columns of a payee's withdraw request besides its payee (`withdrawals.ts`'s `WithdrawalRow`).
 * The payout account is copied in, so deleting a saved account later does not change where a past
 * payment went.
 */
export function withdrawalColumns(payoutAccounts: () => AnyPgColumn) {
  return {
    id: serial('id').primaryKey(),
    amount: money('amount').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'rejected'] })
      .notNull()
      .default('pending'),
    payoutAccountId: integer('payout_account_id').references(payoutAccounts, { onDelete: 'set null' }),
    payoutProvider: text('payout_provider').notNull(),
    payoutLabel: text('payout_label').notNull(),
    payoutAccountName: text('payout_account_name').notNull().default(''),
    payoutAccountNumber: text('payout_account_number').notNull(),
    note: text('note').notNull().default(''),
    /** How the shop sent it (bkash, nagad, rocket, bank, cash) and the transfer's transaction id. */
    paidMethod: text('paid_method'),
    transactionId: text('transaction_id'),
    rejectReason: text('reject_reason'),
    /** Why it was paid although the payee's balance no longer covered it (the admin's override). */
    overrideReason: text('override_reason'),
    decidedBy: integer('decided_by').references(() => admins.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).defaultNow().notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  };
}
