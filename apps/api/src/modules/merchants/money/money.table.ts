import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../../db/columns';
import { orderLines, orders } from '../../orders/order.table';
import { ledgerColumns, ledgerConstraints, ledgerPayee } from '../../payouts/ledger.table';
import { products } from '../../products/product.table';
import { admins } from '../../staff/admin.table';
import { merchants } from '../merchant.table';

/** Where a merchant wants withdrawals paid: a bank account or a bKash / Nagad / Rocket number (the reseller's columns). */
export const merchantPayoutAccounts = pgTable(
  'merchant_payout_accounts',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['bank', 'mobile'] }).notNull(),
    provider: text('provider').notNull(),
    accountName: text('account_name').notNull().default(''),
    accountNumber: text('account_number').notNull(),
    bankName: text('bank_name').notNull().default(''),
    branchName: text('branch_name').notNull().default(''),
    routingNumber: text('routing_number').notNull().default(''),
    accountType: text('account_type').notNull().default(''),
    createdAt: createdAt(),
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
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'rejected'] })
      .notNull()
      .default('pending'),
    payoutAccountId: integer('payout_account_id').references(() => merchantPayoutAccounts.id, { onDelete: 'set null' }),
    payoutProvider: text('payout_provider').notNull(),
    payoutLabel: text('payout_label').notNull(),
    payoutAccountName: text('payout_account_name').notNull().default(''),
    payoutAccountNumber: text('payout_account_number').notNull(),
    note: text('note').notNull().default(''),
    paidMethod: text('paid_method'),
    transactionId: text('transaction_id'),
    rejectReason: text('reject_reason'),
    overrideReason: text('override_reason'),
    decidedBy: integer('decided_by').references(() => admins.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).defaultNow().notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
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
    merchantId: ledgerPayee('merchant_id', () => merchants.id),
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
