import { BLOCK_KINDS, CHECKOUT_CHANNELS, REFUSAL_REASONS } from '@haat/contracts';

import { index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/** `/admin/blocklist`: a phone or IP address refused at checkout, why, and until when (null: until removed). */
export const blocklistEntries = pgTable(
  'blocklist_entries',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: BLOCK_KINDS }).notNull(),
    value: text('value').notNull(),
    reason: text('reason').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('blocklist_entries_kind_value_unique').on(table.kind, table.value)],
);

/**
 * One public order taken, by phone and IP address: what the caps per hour and per day count. Written
 * in the order's transaction (rolled back with it), after the phone's and the address's advisory
 * locks; rows older than two days are deleted by the hourly job.
 */
export const checkoutMarks = pgTable(
  'checkout_marks',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    ip: text('ip').notNull(),
    channel: text('channel', { enum: CHECKOUT_CHANNELS }).notNull(),
    orderId: integer('order_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('checkout_marks_phone_at_idx').on(table.phone, table.at), index('checkout_marks_ip_at_idx').on(table.ip, table.at)],
);

/** A checkout code sent by SMS: only its hash is kept; it expires, and allows a few tries. */
export const checkoutCodes = pgTable(
  'checkout_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes typed against it. */
    tries: smallint('tries').notNull().default(0),
    /** When the right code was typed: the phone passes until the code expires. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (table) => [index('checkout_codes_phone_sent_idx').on(table.phone, table.sentAt)],
);

/** `/admin/fraud/log`: every checkout the fraud controls refused. */
export const fraudRefusals = pgTable(
  'fraud_refusals',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    channel: text('channel', { enum: CHECKOUT_CHANNELS }).notNull(),
    reason: text('reason', { enum: REFUSAL_REASONS }).notNull(),
    phone: text('phone').notNull(),
    ip: text('ip').notNull(),
    message: text('message').notNull(),
  },
  (table) => [index('fraud_refusals_at_idx').on(table.at, table.id), index('fraud_refusals_phone_idx').on(table.phone)],
);

/** What a courier said of a phone (its delivered and returned parcels), kept a day. */
export const courierPhoneRecords = pgTable(
  'courier_phone_records',
  {
    phone: text('phone').notNull(),
    provider: text('provider', { enum: ['steadfast', 'pathao'] }).notNull(),
    delivered: integer('delivered').notNull(),
    returned: integer('returned').notNull(),
    total: integer('total').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.phone, table.provider] })],
);
