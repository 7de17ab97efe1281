import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * Every SMS and e-mail the shop sends, and whether a gateway took it. With no gateway configured
 * the message is only written here ("logged"), so a shop with nothing set up still works.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    status: text('status', { enum: ['logged', 'sent', 'failed'] }).notNull(),
    provider: text('provider'),
    error: text('error'),
    /** What it is about, e.g. `contact_message:12`. */
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (table) => [index('notifications_created_idx').on(table.createdAt), index('notifications_reference_idx').on(table.reference)],
);
