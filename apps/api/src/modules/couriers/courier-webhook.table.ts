import { COURIER_PROVIDERS, REVIEW_REASONS, REVIEW_STATES, WEBHOOK_OUTCOMES } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';

const PROVIDERS = COURIER_PROVIDERS.map((provider) => provider.code) as [string, ...string[]];

/**
 * Every status push a courier sent to `/api/courier/webhook/{provider}` (decision 058), refused ones
 * too: the webhook history screen reads it, and it makes repeats harmless. The first accepted
 * delivery of an event claims `(provider, event_key)`; a repeat finds the claim taken, changes
 * nothing and is kept as `duplicate` (outside the unique index).
 */
export const courierWebhookDeliveries = pgTable(
  'courier_webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    /** The event's identity at the courier (consignment, event, its time); null for refused deliveries. */
    eventKey: text('event_key'),
    /** sha256 of the body as sent: tells two deliveries apart in the history without keeping a refused body. */
    bodyHash: text('body_hash').notNull(),
    signatureOk: boolean('signature_ok').notNull(),
    event: text('event').notNull().default(''),
    consignmentId: text('consignment_id'),
    courierStatus: text('courier_status'),
    /** What the courier says it collected (paisa), when it says. */
    codAmount: money('cod_amount'),
    orderId: integer('order_id'),
    outcome: text('outcome', { enum: WEBHOOK_OUTCOMES }).notNull(),
    message: text('message').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex('courier_webhook_deliveries_event_unique')
      .on(table.provider, table.eventKey)
      .where(sql`${table.eventKey} is not null and ${table.outcome} <> 'duplicate'`),
    index('courier_webhook_deliveries_received_idx').on(table.receivedAt, table.id),
    index('courier_webhook_deliveries_order_idx').on(table.orderId),
  ],
);

/**
 * A courier status on a shipped order that a person must decide (decision 058): a partial delivery,
 * a status no table knows, one the shop marked for review, or a delivery whose collected amount is
 * not the order's due. One open review per order, reason and status; staff apply (move the order to
 * delivered or returned) or dismiss it.
 */
export const courierStatusReviews = pgTable(
  'courier_status_reviews',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    courierStatus: text('courier_status').notNull(),
    reason: text('reason', { enum: REVIEW_REASONS }).notNull(),
    collected: money('collected'),
    due: money('due').notNull(),
    state: text('state', { enum: REVIEW_STATES }).notNull().default('open'),
    resolvedTo: smallint('resolved_to'),
    resolvedBy: integer('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('courier_status_reviews_open_unique')
      .on(table.orderId, table.reason, table.courierStatus)
      .where(sql`${table.state} = 'open'`),
    index('courier_status_reviews_state_idx').on(table.state, table.id),
  ],
);
