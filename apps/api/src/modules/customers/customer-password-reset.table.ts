import { bigserial, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { customers } from './customer.table';

/**
 * Password-reset codes sent to shoppers by SMS (`/forgot-password`). As for resellers, a row is
 * written for every request, also for a phone no shopper has (with a code nobody knows), so the
 * answers and the limits are the same whether the phone is registered or not. Only hashes are stored.
 */
export const customerPasswordResets = pgTable(
  'customer_password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('customer_password_resets_phone_idx').on(table.phone, table.createdAt)],
);
