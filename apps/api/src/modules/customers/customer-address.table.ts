import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { cities, subCities } from '../locations/location.table';
import { customers } from './customer.table';

/** A delivery address a customer saved; at most one is their default. */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    subCityId: integer('sub_city_id')
      .notNull()
      .references(() => subCities.id, { onDelete: 'restrict' }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('customer_addresses_customer_idx').on(table.customerId, table.id),
    uniqueIndex('customer_addresses_one_default').on(table.customerId).where(sql`${table.isDefault}`),
  ],
);
