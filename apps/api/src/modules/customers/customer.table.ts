import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/** A shopper of the public storefront. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Null only for a shopper who signed up with Google or Facebook; checkout asks for it. */
    phone: text('phone'),
    email: text('email'),
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('customers_phone_unique').on(table.phone), uniqueIndex('customers_email_unique').on(table.email)],
);
