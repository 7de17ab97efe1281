import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { cities } from './location.table';

/** Whether a city with this id exists (active or not). */
export async function cityExists({ db }: Ctx, cityId: number): Promise<boolean> {
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
  return city !== undefined;
}
