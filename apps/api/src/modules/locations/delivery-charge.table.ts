import { DELIVERY_CHARGE_SCOPES } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { cities, subCities } from './location.table';

/**
 * The delivery-charge table. The most specific active rule wins: a sub city's, then its city's,
 * then the default inside or outside the main city. Weights over the threshold add the extra
 * charge per started kilogram; a rule without its own weight fields takes its default's.
 */
export const deliveryCharges = pgTable(
  'delivery_charges',
  {
    id: serial('id').primaryKey(),
    scope: text('scope', { enum: DELIVERY_CHARGE_SCOPES }).notNull(),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'restrict' }),
    subCityId: integer('sub_city_id').references(() => subCities.id, { onDelete: 'restrict' }),
    charge: money('charge').notNull(),
    extraPerKg: money('extra_per_kg'),
    weightThresholdGrams: integer('weight_threshold_grams'),
    note: text('note').notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('delivery_charges_default_unique').on(table.scope).where(sql`${table.scope} in ('inside_main_city', 'outside_main_city')`),
    uniqueIndex('delivery_charges_city_unique').on(table.cityId).where(sql`${table.scope} = 'city'`),
    uniqueIndex('delivery_charges_sub_city_unique').on(table.subCityId),
    index('delivery_charges_city_idx').on(table.cityId),
    check(
      'delivery_charges_scope_check',
      sql`case ${table.scope}
        when 'sub_city' then ${table.subCityId} is not null and ${table.cityId} is not null
        when 'city' then ${table.subCityId} is null and ${table.cityId} is not null
        else ${table.subCityId} is null and ${table.cityId} is null end`,
    ),
    check(
      'delivery_charges_amounts_check',
      sql`${table.charge} >= 0 and coalesce(${table.extraPerKg}, 0) >= 0 and coalesce(${table.weightThresholdGrams}, 0) >= 0`,
    ),
  ],
);
