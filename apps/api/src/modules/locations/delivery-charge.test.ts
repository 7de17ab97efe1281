import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { createTestDatabase } from '../../test/harness';
import { deliveryChargeFor, deliveryQuote, weightCharge } from './delivery-charge.service';
import { deliveryCharges } from './delivery-charge.table';
import { seedLocations } from './location.seed';
import { cities, subCities } from './location.table';

let db: Db;
let drop: () => Promise<void>;
let close: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.database.db;
  drop = created.drop;
  close = () => created.database.close();
  await seedLocations(db, { demo: false });
});
afterAll(async () => {
  await close();
  await drop();
});

async function city(name: string) {
  const [row] = await db.select().from(cities).where(eq(cities.name, name));
  if (!row) throw new Error(`no city ${name}`);
  return row;
}
async function subCity(cityName: string, name: string) {
  const parent = await city(cityName);
  const [row] = await db
    .select()
    .from(subCities)
    .where(and(eq(subCities.cityId, parent.id), eq(subCities.name, name)));
  if (!row) throw new Error(`no sub city ${name}`);
  return row;
}
const place = async (cityName: string, subCityName?: string, weightGrams = 0) => ({
  cityId: (await city(cityName)).id,
  subCityId: subCityName ? (await subCity(cityName, subCityName)).id : null,
  weightGrams,
});

describe('weightCharge', () => {
  it('charges per started kilogram over the threshold', () => {
    expect(weightCharge(0, 1000, 2000)).toBe(0);
    expect(weightCharge(1000, 1000, 2000)).toBe(0);
    expect(weightCharge(1001, 1000, 2000)).toBe(2000);
    expect(weightCharge(2000, 1000, 2000)).toBe(2000);
    expect(weightCharge(2500, 1000, 2000)).toBe(4000);
    expect(weightCharge(5000, 0, 1500)).toBe(7500);
  });
});

describe('deliveryChargeFor', () => {
  it('uses the defaults: ৳70 inside the main city, ৳130 outside, ৳20 per kg over 1 kg', async () => {
    expect(await deliveryChargeFor(db, await place('Dhaka', 'Dhanmondi'))).toBe(7000);
    expect(await deliveryChargeFor(db, await place('Dhaka', 'Uttara West'))).toBe(7000);
    // An upazila of Dhaka district is not inside the city.
    expect(await deliveryChargeFor(db, await place('Dhaka', 'Savar'))).toBe(13000);
    // The main city without a sub city is inside.
    expect(await deliveryChargeFor(db, await place('Dhaka'))).toBe(7000);
    expect(await deliveryChargeFor(db, await place('Sylhet'))).toBe(13000);
    expect(await deliveryChargeFor(db, await place('Dhaka', 'Mirpur', 2300))).toBe(7000 + 2 * 2000);
    expect(await deliveryChargeFor(db, await place('Khulna', 'Dumuria', 1000))).toBe(13000);
  });

  it('lets the most specific active rule win: sub city, then city, then the default', async () => {
    const chattogram = await city('Chattogram');
    const patiya = await subCity('Chattogram', 'Patiya');
    const [cityRule] = await db
      .insert(deliveryCharges)
      .values({ scope: 'city', cityId: chattogram.id, charge: 9000 })
      .returning({ id: deliveryCharges.id });
    const [subRule] = await db
      .insert(deliveryCharges)
      .values({
        scope: 'sub_city',
        cityId: chattogram.id,
        subCityId: patiya.id,
        charge: 11000,
        extraPerKg: 3000,
        weightThresholdGrams: 500,
      })
      .returning({ id: deliveryCharges.id });

    const atPatiya = await deliveryQuote(db, await place('Chattogram', 'Patiya', 1200));
    expect(atPatiya).toMatchObject({
      delivery_charge: 11000 + 3000,
      rule: { id: subRule?.id, scope: 'sub_city' },
      inside_main_city: false,
    });
    // Another upazila, and the city with no sub city chosen, take the city's rule with the default weight charge.
    expect(await deliveryQuote(db, await place('Chattogram', 'Hathazari', 1200))).toMatchObject({
      delivery_charge: 9000 + 2000,
      rule: { id: cityRule?.id, scope: 'city' },
    });
    expect(await deliveryChargeFor(db, await place('Chattogram'))).toBe(9000);

    // A rule switched off no longer applies.
    await db
      .update(deliveryCharges)
      .set({ status: 0 })
      .where(eq(deliveryCharges.id, subRule?.id ?? 0));
    expect(await deliveryChargeFor(db, await place('Chattogram', 'Patiya'))).toBe(9000);
    await db
      .update(deliveryCharges)
      .set({ status: 0 })
      .where(eq(deliveryCharges.id, cityRule?.id ?? 0));
    expect(await deliveryChargeFor(db, await place('Chattogram', 'Patiya'))).toBe(13000);
  });

  it('takes the weight fields of the place’s default when a rule has none', async () => {
    const dhaka = await city('Dhaka');
    const gulshan = await subCity('Dhaka', 'Gulshan');
    await db.insert(deliveryCharges).values({ scope: 'sub_city', cityId: dhaka.id, subCityId: gulshan.id, charge: 6000 });
    await db
      .update(deliveryCharges)
      .set({ extraPerKg: 1500, weightThresholdGrams: 2000 })
      .where(eq(deliveryCharges.scope, 'inside_main_city'));
    expect(await deliveryChargeFor(db, await place('Dhaka', 'Gulshan', 3500))).toBe(6000 + 2 * 1500);
    expect(await deliveryChargeFor(db, await place('Dhaka', 'Banani', 2000))).toBe(7000);
    // Outside the main city the outside default's weight fields still apply.
    expect(await deliveryChargeFor(db, await place('Dhaka', 'Savar', 2000))).toBe(13000 + 2000);
  });

  it('refuses unknown or switched-off places with the field to fix', async () => {
    const expectField = async (promise: Promise<unknown>, field: string) => {
      const error = await promise.then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(HttpError);
      expect(Object.keys((error as HttpError).errors ?? {})).toEqual([field]);
    };
    await expectField(deliveryChargeFor(db, { cityId: 999_999 }), 'city_id');
    const dhaka = await city('Dhaka');
    const patiya = await subCity('Chattogram', 'Patiya');
    await expectField(deliveryChargeFor(db, { cityId: dhaka.id, subCityId: patiya.id }), 'sub_city_id');
    const bhola = await city('Bhola');
    await db.update(cities).set({ status: 0 }).where(eq(cities.id, bhola.id));
    await expectField(deliveryChargeFor(db, { cityId: bhola.id }), 'city_id');
  });
});
