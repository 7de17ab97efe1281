import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { journalEntries, ledgerAccounts } from '../accounts/ledger.table';

export const SMS_STATUSES = ['logged', 'sent', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/**
 * Every SMS the shop sends or would send: `logged` when no gateway is set up (the message is only
 * kept here), `sent` when the gateway accepted it, `failed` with the gateway's code and reason.
 */
export const smsLog = pgTable(
  'sms_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Numbers as sent to the gateway (8801XXXXXXXXX), comma separated. */
    recipients: text('recipients').notNull(),
    message: text('message').notNull(),
    /** Why it was sent: test, password_reset, order_status, campaign… */
    purpose: text('purpose').notNull(),
    status: text('status', { enum: SMS_STATUSES }).notNull(),
    /** The gateway's host, when one was called. */
    gateway: text('gateway'),
    responseCode: text('response_code'),
    error: text('error'),
    adminId: integer('admin_id'),
    /** What the gateway charges for it (parts × numbers × the per-SMS cost, paisa); 0 unless sent. */
    cost: money('cost').notNull().default(0),
    /** The SMS cost entry that booked it (one per sending batch, decision 054). */
    entryId: integer('entry_id').references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (table) => [index('sms_log_created_idx').on(table.createdAt.desc())],
);

/** Money paid to the SMS gateway out of a balance (decision 054): the prepaid SMS balance goes up. Written once. */
export const smsTopUps = pgTable(
  'sms_top_ups',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    balanceAccountId: integer('balance_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
    reference: text('reference').notNull().default(''),
    entryId: integer('entry_id').references(() => journalEntries.id),
    adminId: integer('admin_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (table) => [index('sms_top_ups_date_idx').on(table.date, table.id), check('sms_top_ups_amount_check', sql`${table.amount} > 0`)],
);
