import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cities, subCities } from './location.table';

// The name fragments nest their subquery: in a one-table select drizzle drops the table of
// top-level columns only, and the subquery's columns must stay qualified to mean the right table.

/** The name of the city whose id is in `cityId` (null when none), to show or sort by in another module's query. */
export function cityNameSql(cityId: AnyColumn): SQL<string | null> {
  return sql<string | null>`(${sql`select ${cities.name} from ${cities} where ${cities.id} = ${cityId}`})`;
}

/** The name of the sub city whose id is in `subCityId` (null when none), to show or sort by in another module's query. */
export function subCityNameSql(subCityId: AnyColumn): SQL<string | null> {
  return sql<string | null>`(${sql`select ${subCities.name} from ${subCities} where ${subCities.id} = ${subCityId}`})`;
}

/** Whether there is a city with this id (active or not). */
export async function cityExists(db: Db, cityId: number): Promise<boolean> {
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
  return city !== undefined;
}

/** Whether this sub city is one of that city's (active or not). */
export async function subCityIsIn(db: Db, subCityId: number, cityId: number): Promise<boolean> {
  const [area] = await db
    .select({ id: subCities.id })
    .from(subCities)
    .where(and(eq(subCities.id, subCityId), eq(subCities.cityId, cityId)));
  return area !== undefined;
}
