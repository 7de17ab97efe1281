import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/** A city the shop delivers to: on first start, each of Bangladesh's 64 districts. */
export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameBn: text('name_bn').notNull().default(''),
    division: text('division').notNull().default(''),
    /** The city whose sub cities can be "inside" (Dhaka); at most one. */
    isMainCity: boolean('is_main_city').notNull().default(false),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('cities_name_unique').on(sql`lower(${table.name})`),
    uniqueIndex('cities_one_main_city').on(table.isMainCity).where(sql`${table.isMainCity}`),
    index('cities_status_name_idx').on(table.status, table.name),
  ],
);

/** A part of a city: an upazila, or one of Dhaka's metropolitan thanas. */
export const subCities = pgTable(
  'sub_cities',
  {
    id: serial('id').primaryKey(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    nameBn: text('name_bn').notNull().default(''),
    /** Charged at the "inside the main city" default unless a rule says otherwise. */
    isInsideMainCity: boolean('is_inside_main_city').notNull().default(false),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('sub_cities_city_name_unique').on(table.cityId, sql`lower(${table.name})`),
    index('sub_cities_city_idx').on(table.cityId, table.name),
  ],
);
