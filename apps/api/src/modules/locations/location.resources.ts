import { cityDescriptor, type DeliveryChargeScope, deliveryChargeDescriptor, idListParam, subCityDescriptor } from '@haat/contracts';
import { and, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Ctx } from '../../context';
import { HttpError, invalid } from '../../http/errors';
import { createResource, likeContains, snakeRow } from '../../http/resource';
import { placeNames } from './delivery-charge.service';
import { deliveryCharges } from './delivery-charge.table';
import { cities, subCities } from './location.table';

const _idList = idListParam;
const _statusSchema = z.coerce.number().int().min(0).max(1);
const _yesNo = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Public lists are read on every checkout; they change rarely, so answers are kept a short while. */
const publicCache = new Map<string, { at: number; value: unknown }>();
export const PUBLIC_CACHE_MS = 60_000;
export async function cachedPublic<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = publicCache.get(key);
  if (hit && now - hit.at < PUBLIC_CACHE_MS) return hit.value as T;
  const value = await load();
  publicCache.set(key, { at: now, value });
  return value;
}
/** After a change here the next read is fresh (other processes catch up within PUBLIC_CACHE_MS). */
const forgetPublic = async () => {
  publicCache.clear();
};

export const cityResource = createResource(cityDescriptor, {
  table: cities,
  id: cities.id,
  searchWhere: (q) => searchNames(q, [cities.name, cities.nameBn, cities.division]),
  sort: { id: cities.id, name: cities.name, division: cities.division, created_at: cities.createdAt },
  filters: {
    status: { column: cities.status },
    division: { column: cities.division },
    is_main_city: { column: cities.isMainCity },
  },
  usedBy: [
    { table: subCities, column: subCities.cityId, label: 'sub cities' },
    { table: deliveryCharges, column: deliveryCharges.cityId, label: 'delivery charges' },
  ],
  statusColumn: cities.status,
  async toValues({ db, now }, input, existing) {
    const currentId = existing ? Number(existing.id) : 0;
    const [taken] = await db
      .select({ id: cities.id })
      .from(cities)
      .where(and(sql`lower(${cities.name}) = lower(${input.name})`, ne(cities.id, currentId)))
      .limit(1);
    if (taken) throw invalid('name', 'There is already a city with this name.');
    if (input.is_main_city && input.status !== 1) throw invalid('status', 'The main city must be active.');
    // One main city at a time: marking this one clears the other in the same transaction.
    if (input.is_main_city) {
      await db
        .update(cities)
        .set({ isMainCity: false, updatedAt: now })
        .where(and(eq(cities.isMainCity, true), ne(cities.id, currentId)));
    }
    return { name: input.name, nameBn: input.name_bn, division: input.division, isMainCity: input.is_main_city, status: input.status };
  },
  async toViews({ db }, rows) {
    const ids = rows.map((row) => Number(row.id));
    const counts = ids.length
      ? await db
          .select({ id: subCities.cityId, n: count() })
          .from(subCities)
          .where(inArray(subCities.cityId, ids))
          .groupBy(subCities.cityId)
      : [];
    return rows.map((row) => ({ ...snakeRow(row), sub_cities_count: counts.find((entry) => entry.id === row.id)?.n ?? 0 }));
  },
  afterSave: forgetPublic,
  afterDelete: forgetPublic,
});

export const subCityResource = createResource(subCityDescriptor, {
  table: subCities,
  id: subCities.id,
  searchWhere: (q) => searchNames(q, [subCities.name, subCities.nameBn]),
  sort: { id: subCities.id, name: subCities.name, city_id: subCities.cityId, created_at: subCities.createdAt },
  filters: {
    city_id: { column: subCities.cityId },
    status: { column: subCities.status },
    is_inside_main_city: { column: subCities.isInsideMainCity },
  },
  usedBy: [{ table: deliveryCharges, column: deliveryCharges.subCityId, label: 'delivery charges' }],
  statusColumn: subCities.status,
  async toValues({ db }, input, existing) {
    const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, input.city_id));
    if (!city) throw invalid('city_id', 'Choose a city.');
    const [taken] = await db
      .select({ id: subCities.id })
      .from(subCities)
      .where(
        and(
          eq(subCities.cityId, input.city_id),
          sql`lower(${subCities.name}) = lower(${input.name})`,
          ne(subCities.id, existing ? Number(existing.id) : 0),
        ),
      )
      .limit(1);
    if (taken) throw invalid('name', 'This city already has a sub city with this name.');
    // A delivery rule names its sub city's city too; moving the sub city would leave it pointing elsewhere.
    if (existing && existing.cityId !== input.city_id) {
      const [rule] = await db
        .select({ n: count() })
        .from(deliveryCharges)
        .where(eq(deliveryCharges.subCityId, Number(existing.id)));
      if (rule?.n) throw invalid('city_id', 'This sub city has its own delivery charge: delete that first to move it to another city.');
    }
    return {
      cityId: input.city_id,
      name: input.name,
      nameBn: input.name_bn,
      isInsideMainCity: input.is_inside_main_city,
      status: input.status,
    };
  },
  async toViews({ db }, rows) {
    const names = await placeNames(db, [...new Set(rows.map((row) => Number(row.cityId)))], []);
    return rows.map((row) => {
      const city = names.cities.get(Number(row.cityId));
      return { ...snakeRow(row), city_name: city?.name ?? null, city_name_bn: city?.nameBn ?? null };
    });
  },
  afterSave: forgetPublic,
  afterDelete: forgetPublic,
});

const DEFAULT_SCOPES: DeliveryChargeScope[] = ['inside_main_city', 'outside_main_city'];
const isDefault = (scope: unknown) => DEFAULT_SCOPES.includes(scope as DeliveryChargeScope);

/** Names containing `q`, in English or Bengali, whichever way the Bengali was typed (see bengaliName). */
function searchNames(q: string, columns: PgColumn[]): SQL | undefined {
  const pattern = likeContains(q.normalize('NFC'));
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** Rules whose city or sub city is called `q` (English or Bengali), or whose note mentions it. */
function deliveryChargeSearch(q: string): SQL | undefined {
  const pattern = likeContains(q.normalize('NFC'));
  const cityIds = sql`(select ${cities.id} from ${cities} where ${cities.name} ilike ${pattern} or ${cities.nameBn} ilike ${pattern})`;
  const subCityIds = sql`(select ${subCities.id} from ${subCities} where ${subCities.name} ilike ${pattern} or ${subCities.nameBn} ilike ${pattern})`;
  const defaults = /inside|outside|default/i.test(q) ? inArray(deliveryCharges.scope, DEFAULT_SCOPES) : undefined;
  return or(
    and(eq(deliveryCharges.scope, 'city'), sql`${deliveryCharges.cityId} in ${cityIds}`),
    sql`${deliveryCharges.subCityId} in ${subCityIds}`,
    ilike(deliveryCharges.note, pattern),
    defaults,
  );
}

export const deliveryChargeResource = createResource(deliveryChargeDescriptor, {
  bulkActions: { actions: ['publish', 'unpublish'], run: switchDeliveryCharges },
  table: deliveryCharges,
  id: deliveryCharges.id,
  searchWhere: deliveryChargeSearch,
  sort: { id: deliveryCharges.id, charge: deliveryCharges.charge, scope: deliveryCharges.scope },
  filters: {
    scope: { column: deliveryCharges.scope },
    city_id: { column: deliveryCharges.cityId },
    status: { column: deliveryCharges.status },
  },
  statusColumn: deliveryCharges.status,
  async toValues({ db }, input, existing) {
    const amounts = {
      charge: input.charge,
      extraPerKg: input.extra_per_kg,
      weightThresholdGrams: input.weight_threshold_grams,
      note: input.note,
      status: input.status,
    };
    if (existing && isDefault(existing.scope)) {
      if (input.city_id || input.sub_city_id) {
        throw invalid('city_id', 'A default charge is for every place without its own rule: leave the city and sub city empty.');
      }
      if (input.status !== 1) throw invalid('status', 'The default charges cannot be switched off.');
      return amounts;
    }
    if (input.sub_city_id) {
      const [subCity] = await db
        .select({ id: subCities.id, cityId: subCities.cityId })
        .from(subCities)
        .where(eq(subCities.id, input.sub_city_id));
      if (!subCity) throw invalid('sub_city_id', 'Choose a sub city.');
      if (input.city_id && input.city_id !== subCity.cityId) throw invalid('sub_city_id', 'This sub city is not in the chosen city.');
      const [taken] = await db
        .select({ id: deliveryCharges.id })
        .from(deliveryCharges)
        .where(and(eq(deliveryCharges.subCityId, subCity.id), ne(deliveryCharges.id, existing ? Number(existing.id) : 0)));
      if (taken) throw invalid('sub_city_id', 'This sub city already has a delivery charge: edit that one.');
      return { ...amounts, scope: 'sub_city', cityId: subCity.cityId, subCityId: subCity.id };
    }
    if (input.city_id) {
      const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, input.city_id));
      if (!city) throw invalid('city_id', 'Choose a city.');
      const [taken] = await db
        .select({ id: deliveryCharges.id })
        .from(deliveryCharges)
        .where(
          and(
            eq(deliveryCharges.scope, 'city'),
            eq(deliveryCharges.cityId, city.id),
            ne(deliveryCharges.id, existing ? Number(existing.id) : 0),
          ),
        );
      if (taken) throw invalid('city_id', 'This city already has a delivery charge: edit that one.');
      return { ...amounts, scope: 'city', cityId: city.id, subCityId: null };
    }
    throw invalid('city_id', 'Choose the city, or the sub city, this charge is for.');
  },
  async toViews({ db }, rows) {
    const names = await placeNames(
      db,
      [...new Set(rows.map((row) => Number(row.cityId)).filter(Boolean))],
      [...new Set(rows.map((row) => Number(row.subCityId)).filter(Boolean))],
    );
    const [main] = await db.select({ name: cities.name }).from(cities).where(eq(cities.isMainCity, true)).limit(1);
    const defaults = await db.select().from(deliveryCharges).where(inArray(deliveryCharges.scope, DEFAULT_SCOPES));
    const mainName = main?.name ?? 'the main city';
    const byScope = new Map(defaults.map((rule) => [rule.scope, rule]));
    return rows.map((row) => {
      const city = names.cities.get(Number(row.cityId));
      const subCity = names.subCities.get(Number(row.subCityId));
      const scope = row.scope as DeliveryChargeScope;
      const appliesTo =
        scope === 'inside_main_city'
          ? `Inside ${mainName} (default)`
          : scope === 'outside_main_city'
            ? `Outside ${mainName} (default)`
            : scope === 'city'
              ? (city?.name ?? '—')
              : `${city?.name ?? '—'} › ${subCity?.name ?? '—'}`;
      // Empty weight fields take the default's of the place: inside or outside the main city.
      const inside = scope === 'sub_city' ? subCity?.inside : city?.inside;
      const fallback = isDefault(scope) ? row : (byScope.get(inside ? 'inside_main_city' : 'outside_main_city') ?? row);
      return {
        ...snakeRow(row),
        applies_to: appliesTo,
        is_default: isDefault(scope),
        city_name: city?.name ?? null,
        city_name_bn: city?.nameBn ?? null,
        sub_city_name: subCity?.name ?? null,
        sub_city_name_bn: subCity?.nameBn ?? null,
        effective_extra_per_kg: row.extraPerKg ?? fallback.extraPerKg ?? null,
        effective_weight_threshold_grams: row.weightThresholdGrams ?? fallback.weightThresholdGrams ?? null,
      };
    });
  },
  async beforeDelete(ctx, row) {
    const _db = ctx.db;
    if (isDefault(row.scope)) throw new HttpError(409, 'The default charges cannot be deleted: change their amount instead.');
  },
});

/** Bulk switch on/off, leaving the defaults on (they cannot be switched off). */
export async function switchDeliveryCharges({ db, now }: Ctx, action: string, ids: number[]) {
  const rows = await db
    .select({ id: deliveryCharges.id, scope: deliveryCharges.scope })
    .from(deliveryCharges)
    .where(inArray(deliveryCharges.id, ids));
  const refused = ids
    .filter((id) => !rows.some((row) => row.id === id))
    .map((id) => ({ id, message: 'The delivery charge was not found.' }));
  const changeable: number[] = [];
  for (const row of rows) {
    if (action === 'unpublish' && isDefault(row.scope))
      refused.push({ id: row.id, message: 'The default charges cannot be switched off.' });
    else changeable.push(row.id);
  }
  if (changeable.length) {
    await db
      .update(deliveryCharges)
      .set({ status: action === 'publish' ? 1 : 0, updatedAt: now })
      .where(inArray(deliveryCharges.id, changeable));
  }
  return { done: changeable, refused };
}
