import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

export const EMAIL_STATUSES = ['logged', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * Every e-mail the shop sends or would send: `logged` when no mail server is set up (the e-mail is
 * only kept here, for staff to read), `sent` when the server accepted it, `failed` with its reason.
 */
export const emailLog = pgTable(
  'email_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Why it was sent: test, contact_message… */
    purpose: text('purpose').notNull(),
    status: text('status', { enum: EMAIL_STATUSES }).notNull(),
    /** The mail server's host and port, when one was used. */
    server: text('server'),
    /** The Message-ID the server accepted. */
    messageId: text('message_id'),
    error: text('error'),
    adminId: integer('admin_id'),
    createdAt: createdAt(),
  },
  (table) => [index('email_log_created_idx').on(table.createdAt.desc()), index('email_log_status_idx').on(table.status, table.createdAt)],
);
