import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../../db/columns';
import { cities, subCities } from '../../locations/location.table';
import { products } from '../../products/product.table';
import { resellers } from '../reseller.table';

/** Money columns are integer paisa (PRODUCT.md §2). */
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * Password-reset codes sent by SMS (`/dropshipper/password/reset`). A row is written for every
 * request, also for a phone no reseller has (with a code nobody knows), so the answers and the
 * limits are the same whether the phone is registered or not. Only hashes are stored.
 */
export const resellerPasswordResets = pgTable(
  'reseller_password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    resellerId: integer('reseller_id').references(() => resellers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was right: the token the new-password step must bring (hash), once. */
    tokenHash: text('token_hash'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('reseller_password_resets_phone_idx').on(table.phone, table.createdAt)],
);

/** A reseller's own selling price and description of a product, for their storefront and orders. */
export const resellerProductPrices = pgTable(
  'reseller_product_prices',
  {
    id: serial('id').primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('reseller_product_prices_unique').on(table.resellerId, table.productId),
    index('reseller_product_prices_product_idx').on(table.productId),
    check('reseller_product_prices_price_check', sql`${table.price} >= 0`),
  ],
);

/** What a reseller keeps beyond their sign-in: profile extras, company and storefront colours. */
export const resellerProfiles = pgTable('reseller_profiles', {
  resellerId: integer('reseller_id')
    .primaryKey()
    .references(() => resellers.id, { onDelete: 'cascade' }),
  address: text('address').notNull().default(''),
  about: text('about').notNull().default(''),
  companyName: text('company_name').notNull().default(''),
  companyPhone: text('company_phone').notNull().default(''),
  companyEmail: text('company_email').notNull().default(''),
  companyAddress: text('company_address').notNull().default(''),
  tradeLicense: text('trade_license').notNull().default(''),
  logo: text('logo'),
  facebookUrl: text('facebook_url').notNull().default(''),
  primaryColor: text('primary_color').notNull().default('#161745'),
  secondaryColor: text('secondary_color').notNull().default('#f59f00'),
  headerTextColor: text('header_text_color').notNull().default('#ffffff'),
  updatedAt: updatedAt(),
});

/**
 * The delivery charges of a reseller's storefront: one per sub city, one per city, and one for
 * everywhere else (no city). The most specific wins.
 */
export const resellerDeliveryCharges = pgTable(
  'reseller_delivery_charges',
  {
    id: serial('id').primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'cascade' }),
    subCityId: integer('sub_city_id').references(() => subCities.id, { onDelete: 'cascade' }),
    charge: money('charge').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('reseller_delivery_charges_place_unique').on(
      table.resellerId,
      sql`coalesce(${table.cityId}, 0)`,
      sql`coalesce(${table.subCityId}, 0)`,
    ),
    check('reseller_delivery_charges_charge_check', sql`${table.charge} >= 0`),
    check('reseller_delivery_charges_place_check', sql`${table.subCityId} is null or ${table.cityId} is not null`),
  ],
);

/** Keys for the reseller REST API (bearer). Only the SHA-256 of a key is kept; revoked keys stay listed. */
export const resellerApiKeys = pgTable(
  'reseller_api_keys',
  {
    id: serial('id').primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('reseller_api_keys_hash_unique').on(table.keyHash), index('reseller_api_keys_reseller_idx').on(table.resellerId)],
);
