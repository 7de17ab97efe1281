import { DEFAULT_DELIVERY_CHARGES, type DeliveryChargeScope, type DeliveryQuote } from '@haat/contracts';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invalid } from '../../http/errors';
import { deliveryCharges } from './delivery-charge.table';
import { cities, subCities } from './location.table';

export interface DeliveryPlace {
  cityId: number;
  subCityId?: number | null;
  /** The parcel's weight; 0 or missing adds nothing. */
  weightGrams?: number;
}

type Rule = typeof deliveryCharges.$inferSelect;

/** The extra for a parcel: per started kilogram over the threshold (1.2 kg over 1 kg adds one kilogram's charge). */
export function weightCharge(weightGrams: number, thresholdGrams: number, perKg: number): number {
  const over = Math.max(0, Math.trunc(weightGrams) - thresholdGrams);
  return Math.ceil(over / 1000) * perKg;
}

/**
 * What delivering to a place costs and why: the most specific active rule (sub city, then city,
 * then the default inside or outside the main city) plus the weight extra. Unknown or switched-off
 * places are refused with a field error, as checkout shows them.
 */
export async function deliveryQuote(db: Db, place: DeliveryPlace): Promise<DeliveryQuote> {
  return deliveryQuoter(db)(place);
}

interface PlaceRules {
  inside: boolean;
  defaultScope: DeliveryChargeScope;
  rule: Rule | undefined;
  fallback: Rule | undefined;
}

/**
 * deliveryQuote for many parcels (a batch of orders): each place's rules are read once, on the
 * first parcel to it; a refused place is refused for every parcel to it.
 */
export function deliveryQuoter(db: Db): (place: DeliveryPlace) => Promise<DeliveryQuote> {
  const places = new Map<string, Promise<PlaceRules>>();
  return async (place) => {
    const key = `${place.cityId}:${place.subCityId ?? ''}`;
    let rules = places.get(key);
    if (!rules) {
      rules = placeRules(db, place);
      places.set(key, rules);
    }
    const { inside, defaultScope, rule, fallback } = await rules;
    const defaults = DEFAULT_DELIVERY_CHARGES;
    const base = rule?.charge ?? (inside ? defaults.insideMainCity : defaults.outsideMainCity);
    const perKg = rule?.extraPerKg ?? fallback?.extraPerKg ?? defaults.extraPerKg;
    const threshold = rule?.weightThresholdGrams ?? fallback?.weightThresholdGrams ?? defaults.weightThresholdGrams;
    const extra = weightCharge(place.weightGrams ?? 0, threshold, perKg);
    return {
      delivery_charge: base + extra,
      base_charge: base,
      weight_charge: extra,
      rule: { id: rule?.id ?? null, scope: rule?.scope ?? defaultScope },
      inside_main_city: inside,
    };
  };
}

async function placeRules(db: Db, place: DeliveryPlace): Promise<PlaceRules> {
  // The city and the area in one read: the area only when it is an active one of that city.
  const [found] = await db
    .select({
      id: cities.id,
      isMainCity: cities.isMainCity,
      subCityId: subCities.id,
      isInsideMainCity: subCities.isInsideMainCity,
    })
    .from(cities)
    .leftJoin(subCities, and(eq(subCities.id, place.subCityId ?? 0), eq(subCities.cityId, cities.id), eq(subCities.status, 1)))
    .where(and(eq(cities.id, place.cityId), eq(cities.status, 1)));
  if (!found) throw invalid('city_id', 'Choose a city we deliver to.');
  const city = { id: found.id, isMainCity: found.isMainCity };
  let subCity: { id: number; isInsideMainCity: boolean } | undefined;
  if (place.subCityId) {
    if (found.subCityId === null || found.isInsideMainCity === null) throw invalid('sub_city_id', 'Choose an area of the chosen city.');
    subCity = { id: found.subCityId, isInsideMainCity: found.isInsideMainCity };
  }
  const inside = subCity ? subCity.isInsideMainCity : city.isMainCity;
  const defaultScope: DeliveryChargeScope = inside ? 'inside_main_city' : 'outside_main_city';

  const rules = await db
    .select()
    .from(deliveryCharges)
    .where(
      or(
        eq(deliveryCharges.scope, defaultScope),
        and(eq(deliveryCharges.status, 1), eq(deliveryCharges.scope, 'city'), eq(deliveryCharges.cityId, city.id)),
        subCity ? and(eq(deliveryCharges.status, 1), eq(deliveryCharges.subCityId, subCity.id)) : undefined,
      ),
    );
  const find = (scope: DeliveryChargeScope) => rules.find((rule) => rule.scope === scope);
  const fallback = find(defaultScope);
  const rule: Rule | undefined = (subCity && find('sub_city')) || find('city') || fallback;
  return { inside, defaultScope, rule, fallback };
}

/** The delivery charge in paisa for checkout and phone orders (see `deliveryQuote`). */
export async function deliveryChargeFor(db: Db, place: DeliveryPlace): Promise<number> {
  return (await deliveryQuote(db, place)).delivery_charge;
}

/** Cities and sub cities by id (names, and whether inside the main city), for views of rows that point at them. */
export async function placeNames(db: Db, cityIds: number[], subCityIds: number[]) {
  // One after the other: inside a save's transaction there is one connection.
  const cityRows = cityIds.length
    ? await db
        .select({ id: cities.id, name: cities.name, nameBn: cities.nameBn, inside: cities.isMainCity })
        .from(cities)
        .where(inArray(cities.id, cityIds))
    : [];
  const subCityRows = subCityIds.length
    ? await db
        .select({ id: subCities.id, name: subCities.name, nameBn: subCities.nameBn, inside: subCities.isInsideMainCity })
        .from(subCities)
        .where(inArray(subCities.id, subCityIds))
    : [];
  return { cities: new Map(cityRows.map((row) => [row.id, row])), subCities: new Map(subCityRows.map((row) => [row.id, row])) };
}

/**
 * Whether a city and an area of it are both delivered to (active): 'city' when the city is not,
 * 'sub_city' when the area is not (or is not in that city), null when both are.
 */
export async function inactivePlace(db: Db, cityId: number, subCityId: number): Promise<'city' | 'sub_city' | null> {
  const [city] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.id, cityId), eq(cities.status, 1)));
  if (!city) return 'city';
  const [subCity] = await db
    .select({ id: subCities.id })
    .from(subCities)
    .where(and(eq(subCities.id, subCityId), eq(subCities.cityId, cityId), eq(subCities.status, 1)));
  return subCity ? null : 'sub_city';
}
