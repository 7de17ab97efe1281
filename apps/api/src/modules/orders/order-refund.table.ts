import { ORDER_REFUND_DECISIONS } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { journalEntries, ledgerAccounts } from '../accounts/ledger.table';
import { orders } from './order.table';

/**
 * What was done about money an order owed its customer (decision 054): paid back out of a balance
 * (`refund`), or kept by decision (`keep`, with the reason in `note`). Written once, never edited.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    decision: text('decision', { enum: ORDER_REFUND_DECISIONS }).notNull(),
    amount: money('amount').notNull(),
    /** The balance a refund was paid from; null when kept. */
    balanceAccountId: integer('balance_account_id').references(() => ledgerAccounts.id),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (table) => [index('order_refunds_order_idx').on(table.orderId), check('order_refunds_amount_check', sql`${table.amount} > 0`)],
);
