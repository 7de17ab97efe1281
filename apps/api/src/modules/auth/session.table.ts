import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

export const SESSION_KINDS = ['admin', 'reseller', 'merchant', 'user'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/**
 * Server-side sessions. The cookie holds a random secret; only its SHA-256 is stored (`id`).
 * `publicId` is what the browser may keep in local storage: it identifies, never authorises.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    publicId: text('public_id').notNull(),
    kind: text('kind', { enum: SESSION_KINDS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).defaultNow().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('sessions_public_id_unique').on(table.publicId), index('sessions_subject_idx').on(table.kind, table.subjectId)],
);

/**
 * Counters that limit something (sign-in attempts, reset codes, API calls), one row per key, each
 * moved by one atomic upsert (rate-counter.ts) so processes and concurrent requests share the count.
 * `seq` numbers every hit and `allowed_seq` the last one let through, so a hit knows from its own
 * RETURNING whether it was refused. Rows past `expires_at` are swept (the table stays small).
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    n: integer('n').notNull(),
    seq: integer('seq').notNull().default(1),
    allowedSeq: integer('allowed_seq').notNull().default(1),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_counters_expires_idx').on(table.expiresAt)],
);

/**
 * One row counting changes to anything a session check reads (people, roles, permissions, ended
 * sessions). Triggers bump it and NOTIFY `haat_auth`; session caches compare against it.
 */
export const authEpoch = pgTable('auth_epoch', {
  id: integer('id').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});
