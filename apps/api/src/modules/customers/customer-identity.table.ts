import { SOCIAL_PROVIDERS } from '@haat/contracts';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { customers } from './customer.table';

/**
 * A Google or Facebook account a customer signs in with: the provider's own id for the person
 * (`sub` for Google, `id` for Facebook), which never changes even when their e-mail does.
 */
export const customerIdentities = pgTable(
  'customer_identities',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: SOCIAL_PROVIDERS }).notNull(),
    subject: text('subject').notNull(),
    /** The e-mail the provider gave at the last sign-in, shown on the profile. */
    email: text('email'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('customer_identities_provider_subject_unique').on(table.provider, table.subject),
    uniqueIndex('customer_identities_customer_provider_unique').on(table.customerId, table.provider),
    index('customer_identities_customer_idx').on(table.customerId),
  ],
);
