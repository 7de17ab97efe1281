import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/** A supplier who sells through the shop; admins create merchants. */
export const merchants = pgTable(
  'merchants',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    image: text('image'),
    companyName: text('company_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('merchants_phone_unique').on(table.phone), uniqueIndex('merchants_email_unique').on(table.email)],
);
