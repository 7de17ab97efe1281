import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { products } from '../products/product.table';

const money = (name: string) => bigint(name, { mode: 'number' });

/** A campaign: products at campaign prices between two times, with a page, a banner and a gallery. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: smallint('status').notNull().default(1),
    /** Its place in the home page's campaign slider; null when it is not in the slider. */
    sliderOrder: integer('slider_order'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('campaigns_slug_unique').on(table.slug),
    index('campaigns_running_idx').on(table.status, table.endsAt),
    check('campaigns_window_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** A product in a campaign at its campaign price (between its wholesale and retail price when saved). */
export const campaignProducts = pgTable(
  'campaign_products',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    campaignPrice: money('campaign_price').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.productId] }),
    index('campaign_products_product_idx').on(table.productId),
    check('campaign_products_price_check', sql`${table.campaignPrice} >= 0`),
  ],
);

/** A campaign's banner (one) and gallery pictures (in order). */
export const campaignImages = pgTable(
  'campaign_images',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['banner', 'gallery'] }).notNull(),
    path: text('path').notNull(),
    thumbnail: text('thumbnail').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    index('campaign_images_campaign_idx').on(table.campaignId, table.kind, table.sortOrder),
    // One banner per campaign.
    uniqueIndex('campaign_images_one_banner').on(table.campaignId).where(sql`kind = 'banner'`),
  ],
);
