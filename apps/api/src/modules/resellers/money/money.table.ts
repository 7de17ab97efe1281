import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../../db/columns';
import { orders } from '../../orders/order.table';
import { ledgerColumns, ledgerConstraints, ledgerPayee } from '../../payouts/ledger.table';
import { admins } from '../../staff/admin.table';
import { resellers } from '../reseller.table';

/** Where a reseller wants withdrawals paid: a bank account or a bKash / Nagad / Rocket number. */
export const resellerPayoutAccounts = pgTable(
  'reseller_payout_accounts',
  {
    id: serial('id').primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
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
  },
  (table) => [
    index('reseller_payout_accounts_reseller_idx').on(table.resellerId, table.id),
    uniqueIndex('reseller_payout_accounts_unique').on(table.resellerId, table.provider, table.accountNumber),
  ],
);

/**
 * A withdraw request and what became of it. The payout account is copied in, so deleting a saved
 * account later does not change where a past payment went.
 */
export const resellerWithdrawals = pgTable(
  'reseller_withdrawals',
  {
    id: serial('id').primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'rejected'] })
      .notNull()
      .default('pending'),
    payoutAccountId: integer('payout_account_id').references(() => resellerPayoutAccounts.id, { onDelete: 'set null' }),
    payoutProvider: text('payout_provider').notNull(),
    payoutLabel: text('payout_label').notNull(),
    payoutAccountName: text('payout_account_name').notNull().default(''),
    payoutAccountNumber: text('payout_account_number').notNull(),
    note: text('note').notNull().default(''),
    /** How the shop sent it (bkash, nagad, rocket, bank, cash) and the transfer's transaction id. */
    paidMethod: text('paid_method'),
    transactionId: text('transaction_id'),
    rejectReason: text('reject_reason'),
    /** Why it was paid although the reseller's balance no longer covered it (the admin's override). */
    overrideReason: text('override_reason'),
    decidedBy: integer('decided_by').references(() => admins.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).defaultNow().notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('reseller_withdrawals_reseller_idx').on(table.resellerId, table.id),
    index('reseller_withdrawals_status_idx').on(table.status, table.id),
    check('reseller_withdrawals_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * The reseller cashbook as a journal (PRODUCT.md §2): every money movement is one row moving
 * `amount` (> 0) from `debit_account` to `credit_account`, both sides named, so a row is a whole
 * double entry. The reseller's own accounts are `reseller.balance` (what the shop owes them and
 * they may withdraw) and `reseller.withdrawal.pending` (asked for, not yet paid); the shop's side
 * is `shop.reseller_profit`, `shop.return_charges` and `shop.payout.<method>`. Balances are sums
 * over these rows, never a kept total. The columns every payee's journal has are payouts' (decision 042).
 */
export const resellerLedger = pgTable(
  'reseller_ledger',
  {
    resellerId: ledgerPayee('reseller_id', () => resellers.id),
    ...ledgerColumns({
      kinds: [
        'order_profit',
        'order_profit_reversal',
        'return_charge',
        'withdrawal',
        'withdrawal_rejected',
        'withdrawal_paid',
        'sms_charge',
      ],
      orders: () => orders.id,
      withdrawals: () => resellerWithdrawals.id,
    }),
    /** The SMS campaign an `sms_charge` row paid for. */
    smsCampaignId: integer('sms_campaign_id'),
  },
  (table) => [
    ...ledgerConstraints('reseller_ledger', table),
    index('reseller_ledger_reseller_idx').on(table.resellerId, table.id),
    // One row of a kind per order and per SMS campaign: a repeated event writes nothing.
    uniqueIndex('reseller_ledger_order_kind_unique').on(table.orderId, table.kind).where(sql`${table.orderId} is not null`),
    uniqueIndex('reseller_ledger_sms_campaign_kind_unique')
      .on(table.smsCampaignId, table.kind)
      .where(sql`${table.smsCampaignId} is not null`),
  ],
);
