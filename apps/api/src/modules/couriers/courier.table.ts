import { COURIER_KINDS } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { index, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/**
 * A courier the shop hands parcels to (`/admin/courier`). `provider` says how it is booked: through
 * its API (when that API is connected at `/admin/courier/api`) or by hand (`none`).
 */
export const couriers = pgTable(
  'couriers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    provider: text('provider', { enum: COURIER_KINDS }).notNull().default('none'),
    phone: text('phone').notNull().default(''),
    /** A link to the courier's tracking page; `{code}` stands for the tracking code. */
    trackingUrl: text('tracking_url').notNull().default(''),
    /** 1 active (offered on orders), 0 no longer used. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('couriers_name_unique').on(sql`lower(${table.name})`), index('couriers_status_idx').on(table.status, table.name)],
);
