import { type AnyPgColumn, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/** A dropshipper who sells the shop's stock to their own customers at their own price. */
export const resellers = pgTable(
  'resellers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    image: text('image'),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['pending', 'active', 'suspended'] })
      .notNull()
      .default('pending'),
    shopName: text('shop_name').notNull().default(''),
    slug: text('slug').notNull(),
    referralCode: text('referral_code').notNull(),
    referredBy: integer('referred_by').references((): AnyPgColumn => resellers.id, { onDelete: 'set null' }),
    /** SMS parts a calendar month for their campaigns; null: the shop's default (SMS settings). */
    smsQuota: integer('sms_quota'),
    /** A host name of their own (shop.example.com) that serves their shop at `/`; lower-case, no port. */
    customHost: text('custom_host'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('resellers_phone_unique').on(table.phone),
    uniqueIndex('resellers_email_unique').on(table.email),
    uniqueIndex('resellers_slug_unique').on(table.slug),
    uniqueIndex('resellers_referral_code_unique').on(table.referralCode),
    uniqueIndex('resellers_custom_host_unique').on(table.customHost),
  ],
);
