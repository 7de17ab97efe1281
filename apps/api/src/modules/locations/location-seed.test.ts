import { and, count, eq, like, or } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/harness';
import { deliveryCharges } from './delivery-charge.table';
import { DHAKA_THANAS, loadLocationData, parseCsv, seedLocations } from './location.seed';
import { cities, subCities } from './location.table';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

async function locationsOf(t: TestApp) {
  const { db } = t.database;
  const [cityCount] = await db.select({ n: count() }).from(cities);
  const [subCityCount] = await db.select({ n: count() }).from(subCities);
  const [dhaka] = await db.select().from(cities).where(eq(cities.isMainCity, true));
  const thanas = dhaka
    ? await db
        .select({ name: subCities.name, nameBn: subCities.nameBn })
        .from(subCities)
        .where(and(eq(subCities.cityId, dhaka.id), eq(subCities.isInsideMainCity, true)))
    : [];
  const charges = await db.select().from(deliveryCharges).orderBy(deliveryCharges.id);
  return { cities: cityCount?.n ?? 0, subCities: subCityCount?.n ?? 0, dhaka, thanas, charges };
}

describe('first-start locations', () => {
  it('seeds 64 cities, every upazila and Dhaka’s thanas, and the default charges, with DEMO=0', async () => {
    const t = await createTestApp({ demo: false });
    apps.push(t);
    const seeded = await locationsOf(t);
    expect(seeded.cities).toBe(64);
    expect(seeded.subCities).toBeGreaterThanOrEqual(494 + 14);
    expect(seeded.dhaka).toMatchObject({ name: 'Dhaka', nameBn: 'ঢাকা', division: 'Dhaka', isMainCity: true });
    const names = seeded.thanas.map((thana) => thana.name);
    for (const thana of ['Dhanmondi', 'Mirpur', 'Uttara West', 'Gulshan', 'Mohammadpur', 'Motijheel', 'Tejgaon', 'Badda', 'Banani']) {
      expect(names).toContain(thana);
    }
    for (const thana of ['Khilgaon', 'Ramna', 'Lalbagh', 'Pallabi', 'Cantonment']) expect(names).toContain(thana);
    expect(names).not.toContain('Savar');
    expect(seeded.thanas.every((thana) => thana.nameBn.length > 0)).toBe(true);
    expect(seeded.charges.map((rule) => [rule.scope, rule.charge, rule.extraPerKg, rule.weightThresholdGrams])).toEqual([
      ['inside_main_city', 7000, 2000, 1000],
      ['outside_main_city', 13000, 2000, 1000],
    ]);

    const { db } = t.database;
    // Corrected spellings, and no stray whitespace from the source.
    const [borhanuddin] = await db.select().from(subCities).where(eq(subCities.name, 'Borhanuddin'));
    expect(borhanuddin?.nameBn).toBe('বোরহান উদ্দিন');
    const misspelt = await db
      .select({ n: count() })
      .from(subCities)
      .where(or(like(subCities.name, '%Sddin%'), like(subCities.nameBn, '%\t%'), like(subCities.nameBn, '% ')));
    expect(misspelt[0]?.n).toBe(0);
    const [shahrasti] = await db.select().from(subCities).where(eq(subCities.name, 'Shahrasti'));
    expect(shahrasti?.nameBn).toBe('শাহরাস্তি');
    const [coxsBazar] = await db.select().from(cities).where(eq(cities.name, "Cox's Bazar"));
    expect(coxsBazar?.division).toBe('Chattogram');
    const divisions = await db.selectDistinct({ division: cities.division }).from(cities);
    expect(divisions.map((row) => row.division).sort()).toEqual([
      'Barishal',
      'Chattogram',
      'Dhaka',
      'Khulna',
      'Mymensingh',
      'Rajshahi',
      'Rangpur',
      'Sylhet',
    ]);
  });

  it('adds the demo shop’s suburb rules with DEMO=1 only, and never seeds twice', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      await seedLocations(database.db, { demo: true });
      await seedLocations(database.db, { demo: true });
      const [cityCount] = await database.db.select({ n: count() }).from(cities);
      expect(cityCount?.n).toBe(64);
      const rules = await database.db.select().from(deliveryCharges);
      expect(rules.filter((rule) => rule.scope === 'sub_city')).toHaveLength(2);
      expect(rules.filter((rule) => rule.scope === 'city')).toHaveLength(2);
      expect(rules.every((rule) => rule.scope.endsWith('main_city') || rule.charge === 10000)).toBe(true);
    } finally {
      await database.close();
      await drop();
    }
  });
});

describe('the bundled data', () => {
  it('reads the quoted CSV, with quotes inside fields', () => {
    expect(parseCsv('"1","Cox""s","a,b"\n"2","",""\n')).toEqual([
      ['1', 'Cox"s', 'a,b'],
      ['2', '', ''],
    ]);
  });

  it('has 64 districts, 494 upazilas plus the thanas, every one with a Bengali name and a unique name in its city', () => {
    const data = loadLocationData();
    expect(data.cities).toHaveLength(64);
    expect(data.subCities).toHaveLength(494 + DHAKA_THANAS.length);
    expect(data.subCities.every((subCity) => subCity.nameBn !== '')).toBe(true);
    const keys = data.subCities.map((subCity) => `${subCity.citySourceId}:${subCity.name.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
