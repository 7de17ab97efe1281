import { CONTACT_MESSAGE_STATUSES, CONTACT_REPLY_CHANNELS } from '@haat/contracts';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { notifications } from './notification.table';

/** A message from the storefront's contact form (or one staff logged from a call). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    message: text('message').notNull(),
    status: text('status', { enum: CONTACT_MESSAGE_STATUSES }).notNull().default('new'),
    /** The sender's address, for the rate limit; null when staff logged it. */
    ip: text('ip'),
    readAt: timestamp('read_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('contact_messages_status_idx').on(table.status, table.createdAt),
    index('contact_messages_ip_idx').on(table.ip, table.createdAt),
  ],
);

/** What the shop answered, by which channel, and the notification that carried it. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: CONTACT_REPLY_CHANNELS }).notNull(),
    text: text('text').notNull(),
    adminId: integer('admin_id'),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('contact_replies_message_idx').on(table.messageId, table.createdAt)],
);
