import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

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
    createdAt: createdAt(),
  },
  (table) => [index('sms_log_created_idx').on(table.createdAt.desc())],
);
