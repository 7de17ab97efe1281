import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../../orders/order.table';
import { ledgerColumns, ledgerConstraints, payeeColumn, payoutAccountColumns, withdrawalColumns } from '../../payouts/ledger.table';
import { resellers } from '../reseller.table';

/** Where a reseller wants withdrawals paid: a bank account or a bKash / Nagad / Rocket number. */
export const resellerPayoutAccounts = pgTable(
  'reseller_payout_accounts',
  {
    ...payoutAccountColumns(),
    resellerId: payeeColumn('reseller_id', () => resellers.id, 'cascade'),
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
    ...withdrawalColumns(() => resellerPayoutAccounts.id),
    resellerId: payeeColumn('reseller_id', () => resellers.id),
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
    resellerId: payeeColumn('reseller_id', () => resellers.id),
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
