import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Background work that must run in one process at a time when several processes share the database
 * (docs/decisions/028): a periodic job's last period run (`courier-tracking`), or who is sending an
 * SMS campaign now (`sms-campaign:{id}`). A row is claimed with one atomic statement.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  /** The process holding it (host, pid and a random part, made once per process). */
  holder: text('holder').notNull(),
  /** Nobody else may take it before this moment, unless the holder gives it back first. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  /** A periodic job: the number of the last period it ran in (milliseconds since 1970 ÷ its period). */
  lastSlot: bigint('last_slot', { mode: 'number' }).notNull().default(-1),
  /** A periodic job: how many times it has run, across every process. */
  runs: integer('runs').notNull().default(0),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
