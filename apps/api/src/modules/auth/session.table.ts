import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/** Failed sign-ins, counted per account and per address for rate limiting. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index('login_failures_account_idx').on(table.accountKey, table.at), index('login_failures_ip_idx').on(table.ip, table.at)],
);

/**
 * One row counting changes to anything a session check reads (people, roles, permissions, ended
 * sessions). Triggers bump it and NOTIFY `haat_auth`; session caches compare against it.
 */
export const authEpoch = pgTable('auth_epoch', {
  id: integer('id').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});
