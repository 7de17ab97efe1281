import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** The browser an order was placed from, as Meta's website events need it (decision 060). */
export interface ConversionBrowser {
  ip: string | null;
  userAgent: string | null;
  fbp: string | null;
  fbc: string | null;
  /** The page the order was placed on. */
  url: string | null;
}

/**
 * The Conversions API outbox (decision 060): one row per order's purchase event, written when the order
 * is placed from a browser (with that browser) or when it makes the move the shop counts as a purchase,
 * and sent by the conversions job with retries, so an order never waits on Meta and an outage loses
 * nothing. `status`: waiting (for the chosen move) → pending (due at `next_attempt_at`) → sent, or
 * failed after the retries. `event_id` is the one the browser's pixel uses: Meta keeps one of the two.
 */
export const conversionEvents = pgTable(
  'conversion_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    orderNumber: text('order_number').notNull(),
    eventName: text('event_name').notNull(),
    eventId: text('event_id').notNull(),
    status: text('status', { enum: ['waiting', 'pending', 'sent', 'failed'] }).notNull(),
    browser: jsonb('browser').$type<ConversionBrowser>(),
    /** When the purchase happened (placed, or the chosen move), as event_time. */
    eventAt: timestamp('event_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    fbtraceId: text('fbtrace_id'),
    testEventCode: text('test_event_code'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('conversion_events_event_unique').on(table.eventId),
    index('conversion_events_order_idx').on(table.orderId),
    index('conversion_events_due_idx').on(table.nextAttemptAt).where(sql`status = 'pending'`),
    index('conversion_events_created_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
);
