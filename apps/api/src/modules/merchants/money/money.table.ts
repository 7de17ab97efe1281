import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../../db/columns';
import { orderLines, orders } from '../../orders/order.table';
import { ledgerColumns, ledgerConstraints, payeeColumn, payoutAccountColumns, withdrawalColumns } from '../../payouts/ledger.table';
import { products } from '../../products/product.table';
import { merchants } from '../merchant.table';

/** Where a merchant wants withdrawals paid: a bank account or a bKash / Nagad / Rocket number (the reseller's columns). */
export const merchantPayoutAccounts = pgTable(
  'merchant_payout_accounts',
  {
    ...payoutAccountColumns(),
    merchantId: payeeColumn('merchant_id', () => merchants.id, 'cascade'),
  },
  (table) => [
    index('merchant_payout_accounts_merchant_idx').on(table.merchantId, table.id),
    uniqueIndex('merchant_payout_accounts_unique').on(table.merchantId, table.provider, table.accountNumber),
  ],
);

/** A merchant's withdraw request and what became of it; the payout account is copied in. */
export const merchantWithdrawals = pgTable(
  'merchant_withdrawals',
  {
    ...withdrawalColumns(() => merchantPayoutAccounts.id),
    merchantId: payeeColumn('merchant_id', () => merchants.id),
  },
  (table) => [
    index('merchant_withdrawals_merchant_idx').on(table.merchantId, table.id),
    index('merchant_withdrawals_status_idx').on(table.status, table.id),
    check('merchant_withdrawals_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * The merchant's journal (decision 037, like the reseller cashbook of decision 014): each row moves
 * `amount` (> 0) from `debit_account` to `credit_account`. The merchant's accounts are
 * `merchant.balance` and `merchant.withdrawal.pending`; the shop's side is `shop.merchant_cost` and
 * `shop.payout.<method>`. Earnings are per order line: a line's net credit is the sum of its
 * `earning` and `earning_reversal` rows, so a line delivered, moved back and delivered again nets
 * one credit. The columns every payee's journal has are payouts' (decision 042, "Ledgers").
 */
export const merchantLedger = pgTable(
  'merchant_ledger',
  {
    merchantId: payeeColumn('merchant_id', () => merchants.id),
    ...ledgerColumns({
      kinds: ['earning', 'earning_reversal', 'withdrawal', 'withdrawal_rejected', 'withdrawal_paid'],
      orders: () => orders.id,
      withdrawals: () => merchantWithdrawals.id,
    }),
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'restrict' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'restrict' }),
    /** Units and the merchant's price per unit an earning row was worked out from. */
    quantity: integer('quantity'),
    unitPrice: money('unit_price'),
  },
  (table) => [
    ...ledgerConstraints('merchant_ledger', table),
    index('merchant_ledger_merchant_idx').on(table.merchantId, table.at),
    index('merchant_ledger_order_idx').on(table.orderId, table.orderLineId),
    index('merchant_ledger_product_idx').on(table.productId),
  ],
);

/** SMS password-reset codes of merchants (the shared reset-code mechanism of the auth module). */
export const merchantPasswordResets = pgTable(
  'merchant_password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tokenHash: text('token_hash'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('merchant_password_resets_phone_idx').on(table.phone, table.createdAt)],
);
