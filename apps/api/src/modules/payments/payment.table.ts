import { GATEWAY_CODES, PAYMENT_PURPOSES, PAYMENT_REFUND_STATES, PAYMENT_STATES, RECONCILIATION_FLAGS } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { journalEntries } from '../accounts/ledger.table';
import { orders } from '../orders/order.table';

/**
 * One online payment attempt of an order (decision 062): the gateway, what is paid for (the whole order or
 * its delivery charge), the amount the server computed, the gateway's ids and answers, and a state kept apart
 * from the order's status. An order has at most one paid attempt (a unique index): it can never be paid twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    gateway: text('gateway', { enum: GATEWAY_CODES }).notNull(),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    /** Ours, unique: bKash merchantInvoiceNumber, Nagad orderId, SSLCommerz tran_id. */
    invoice: text('invoice').notNull(),
    /** Paisa, computed by the server when the attempt started. */
    amount: money('amount').notNull(),
    state: text('state', { enum: PAYMENT_STATES }).notNull().default('initiated'),
    /** bKash paymentID, Nagad paymentReferenceId, SSLCommerz sessionkey. */
    providerRef: text('provider_ref'),
    /** bKash trxID, Nagad issuerPaymentRefNo, SSLCommerz bank_tran_id. */
    trxId: text('trx_id'),
    /** What the gateway confirmed (paisa); 0 until paid. */
    paidAmount: money('paid_amount').notNull().default(0),
    /** What the gateway keeps of it (paisa), booked as bank charges. */
    fee: money('fee').notNull().default(0),
    refundedAmount: money('refunded_amount').notNull().default(0),
    /** The gateway's words for the last failure or cancel, for the shopper's page and staff. */
    message: text('message').notNull().default(''),
    /** Fields later calls need (SSLCommerz val_id), and the answers kept for support. */
    extra: jsonb('extra').$type<Record<string, string>>().notNull().default({}),
    /** The entry that booked the payment (customer advance, gateway balance, fee). */
    entryId: integer('entry_id').references(() => journalEntries.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payments_invoice_unique').on(table.invoice),
    uniqueIndex('payments_one_paid_per_order').on(table.orderId).where(sql`${table.state} in ('paid', 'refunded', 'partly_refunded')`),
    index('payments_order_idx').on(table.orderId, table.id),
    index('payments_provider_ref_idx').on(table.gateway, table.providerRef),
    index('payments_state_created_idx').on(table.state, table.createdAt),
    index('payments_created_idx').on(table.createdAt, table.id),
    check(
      'payments_money_check',
      sql`${table.amount} > 0 and ${table.paidAmount} >= 0 and ${table.fee} >= 0 and ${table.refundedAmount} >= 0`,
    ),
  ],
);

/** Every call to a gateway, secrets masked (decision 062): what was asked and answered, for support. */
export const paymentCalls = pgTable(
  'payment_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    gateway: text('gateway', { enum: GATEWAY_CODES }).notNull(),
    operation: text('operation').notNull(),
    method: text('method').notNull(),
    url: text('url').notNull(),
    request: jsonb('request'),
    status: integer('status'),
    response: jsonb('response'),
    ms: integer('ms').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('payment_calls_payment_idx').on(table.paymentId, table.id), index('payment_calls_created_idx').on(table.createdAt)],
);

/** A refund through the gateway (full or part), with the reason; `refused` keeps the gateway's answer. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    /** Ours, unique: the gateway refunds once per reference. */
    reference: text('reference').notNull(),
    state: text('state', { enum: PAYMENT_REFUND_STATES }).notNull().default('pending'),
    refundId: text('refund_id'),
    message: text('message').notNull().default(''),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('payment_refunds_reference_unique').on(table.reference),
    index('payment_refunds_payment_idx').on(table.paymentId),
    check('payment_refunds_amount_check', sql`${table.amount} > 0`),
  ],
);

/** One reconciliation of a gateway's records with ours over some days, by its query API or an uploaded settlement report. */
export const paymentReconciliations = pgTable(
  'payment_reconciliations',
  {
    id: serial('id').primaryKey(),
    gateway: text('gateway', { enum: GATEWAY_CODES }).notNull(),
    /** `query` (the daily job or a click) or `report` (an uploaded settlement file). */
    source: text('source', { enum: ['query', 'report'] }).notNull(),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    checked: integer('checked').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    flagged: integer('flagged').notNull().default(0),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (table) => [index('payment_reconciliations_created_idx').on(table.createdAt, table.id)],
);

/** A difference a reconciliation found; a person resolves it with a note. */
export const paymentReconciliationItems = pgTable(
  'payment_reconciliation_items',
  {
    id: serial('id').primaryKey(),
    reconciliationId: integer('reconciliation_id')
      .notNull()
      .references(() => paymentReconciliations.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    flag: text('flag', { enum: RECONCILIATION_FLAGS }).notNull(),
    /** The gateway's transaction id or our invoice, whichever identifies the line. */
    reference: text('reference').notNull(),
    ourAmount: money('our_amount'),
    theirAmount: money('their_amount'),
    ourState: text('our_state'),
    theirState: text('their_state'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
    note: text('note').notNull().default(''),
  },
  (table) => [
    index('payment_reconciliation_items_run_idx').on(table.reconciliationId, table.id),
    index('payment_reconciliation_items_open_idx').on(table.resolvedAt, table.id),
  ],
);
