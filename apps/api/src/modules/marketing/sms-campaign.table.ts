import { bigint, bigserial, boolean, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * A bulk SMS to an audience, sent in the background in batches. `sent` and `failed` grow as
 * batches finish; the screen polls them. `status`: sending → finished, or sending → stopped
 * when an admin stops it (the numbers not yet sent are skipped).
 */
export const smsCampaigns = pgTable(
  'sms_campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    audience: text('audience', {
      enum: ['all_customers', 'city', 'resellers', 'numbers', 'reseller_customers', 'reseller_selected'],
    }).notNull(),
    /**
     * A reseller's campaign to their own customers (`reseller_customers`, or `reseller_selected`
     * when they picked them): paid from their balance, shown in their SMS history, not the shop's.
     */
    resellerId: integer('reseller_id'),
    cityId: integer('city_id'),
    message: text('message').notNull(),
    parts: smallint('parts').notNull(),
    unicode: boolean('unicode').notNull(),
    /** Paisa per part used for the estimate. */
    rate: integer('rate').notNull(),
    estimatedCost: bigint('estimated_cost', { mode: 'number' }).notNull(),
    total: integer('total').notNull(),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    status: text('status', { enum: ['sending', 'stopped', 'finished'] })
      .notNull()
      .default('sending'),
    adminId: integer('admin_id'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('sms_campaigns_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('sms_campaigns_status_idx').on(table.status),
    index('sms_campaigns_reseller_idx').on(table.resellerId, table.id.desc()),
  ],
);

/**
 * Each number of a campaign and how it went. A worker claims a batch (pending → claimed, with the
 * time, skipping rows another process holds), sends it and marks it sent or failed; a claim older
 * than a few minutes belongs to a worker that died and is taken again.
 */
export const smsCampaignRecipients = pgTable(
  'sms_campaign_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => smsCampaigns.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    /** For a reseller's campaign: which of their customers, and the name they know them by. */
    customerId: integer('customer_id'),
    name: text('name'),
    status: text('status', { enum: ['pending', 'claimed', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The sms_log row of the batch it went in. */
    logId: bigint('log_id', { mode: 'number' }),
    error: text('error'),
  },
  (table) => [index('sms_campaign_recipients_queue_idx').on(table.campaignId, table.status, table.id)],
);
