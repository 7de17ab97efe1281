import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { staffWith } from '../../test/staff';

let t: TestApp;
let admin: TestBrowser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: number };

async function cityNamed(name: string): Promise<Row> {
  const list = (await admin.get(`/api/admin/cities?q=${encodeURIComponent(name)}&per_page=100`)).json();
  const city = list.data.find((row: Row) => row.name === name);
  if (!city) throw new Error(`no city ${name}`);
  return city;
}

async function subCityNamed(cityId: number, name: string): Promise<Row> {
  const list = (await admin.get(`/api/admin/sub-cities?filter[city_id]=${cityId}&q=${encodeURIComponent(name)}`)).json();
  const subCity = list.data.find((row: Row) => row.name === name);
  if (!subCity) throw new Error(`no sub city ${name}`);
  return subCity;
}

describe('cities', () => {
  it('lists the 64 districts with both pagination shapes, search and filters', async () => {
    const plain = (await admin.get('/api/admin/cities?per_page=10')).json();
    expect(plain.total).toBe(64);
    expect(plain.last_page).toBe(7);
    const shaped = (await admin.get('/api/admin/cities?per_page=10&format=resource')).json();
    expect(shaped.meta.total).toBe(64);
    expect(shaped.links.next).toContain('page=2');
    const bengali = (await admin.get(`/api/admin/cities?q=${encodeURIComponent('চট্টগ্রাম')}`)).json();
    expect(bengali.data.map((row: Row) => row.name)).toEqual(['Chattogram']);
    const sylhet = (await admin.get('/api/admin/cities?filter[division]=Sylhet&per_page=100')).json();
    expect(sylhet.total).toBe(4);
    const main = (await admin.get('/api/admin/cities?filter[is_main_city]=true')).json();
    expect(main.data.map((row: Row) => row.name)).toEqual(['Dhaka']);
    expect(main.data[0].sub_cities_count).toBeGreaterThan(40);
  });

  it('validates by field and keeps names unique whatever their case', async () => {
    const empty = await admin.post('/api/admin/cities', { name: 'X', division: 'Atlantis' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['division', 'name']);
    const clash = await admin.post('/api/admin/cities', { name: 'dhaka' });
    expect(clash.json().errors.name).toEqual(['There is already a city with this name.']);
  });

  it('creates, edits and deletes a city; moving the main city clears the old one', async () => {
    const created = await admin.post('/api/admin/cities', { name: 'Test Town', name_bn: 'টেস্ট শহর', division: 'Khulna' });
    expect(created.statusCode).toBe(201);
    const town = created.json().data;
    expect(town).toMatchObject({ name: 'Test Town', name_bn: 'টেস্ট শহর', is_main_city: false, status: 1 });

    const edited = await admin.put(`/api/admin/cities/${town.id}`, { ...town, is_main_city: true });
    expect(edited.statusCode).toBe(200);
    expect((await cityNamed('Dhaka')).is_main_city).toBe(false);
    expect(
      (await admin.put(`/api/admin/cities/${town.id}`, { ...town, is_main_city: true, status: 0 })).json().errors.status,
    ).toBeDefined();
    const dhaka = await cityNamed('Dhaka');
    expect((await admin.put(`/api/admin/cities/${dhaka.id}`, { ...dhaka, is_main_city: true })).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/cities/${town.id}`)).json().data.is_main_city).toBe(false);

    expect((await admin.delete(`/api/admin/cities/${town.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/cities/${town.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a city that has sub cities', async () => {
    const dhaka = await cityNamed('Dhaka');
    const refused = await admin.delete(`/api/admin/cities/${dhaka.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This city cannot be deleted: it is used by \d+ sub cities\.$/);
  });
});

describe('sub cities', () => {
  it('finds a sub city by its Bengali name and filters by city', async () => {
    const found = (await admin.get(`/api/admin/sub-cities?q=${encodeURIComponent('ধানমন্ডি')}`)).json();
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({ name: 'Dhanmondi', city_name: 'Dhaka', is_inside_main_city: true });
    const dhaka = await cityNamed('Dhaka');
    const inside = (
      await admin.get(`/api/admin/sub-cities?filter[city_id]=${dhaka.id}&filter[is_inside_main_city]=true&per_page=100`)
    ).json();
    expect(inside.total).toBeGreaterThanOrEqual(14);
    expect(inside.data.every((row: Row) => row.city_id === dhaka.id && row.is_inside_main_city)).toBe(true);
  });

  it('validates by field: a real city, a name unique within it', async () => {
    const missing = await admin.post('/api/admin/sub-cities', { name: 'Nowhere' });
    expect(missing.json().errors.city_id).toBeDefined();
    const unknown = await admin.post('/api/admin/sub-cities', { city_id: 999_999, name: 'Nowhere' });
    expect(unknown.json().errors.city_id).toEqual(['Choose a city.']);
    const dhaka = await cityNamed('Dhaka');
    const clash = await admin.post('/api/admin/sub-cities', { city_id: dhaka.id, name: 'MIRPUR' });
    expect(clash.json().errors.name).toEqual(['This city already has a sub city with this name.']);
  });

  it('creates, edits and deletes a sub city; one with a delivery charge is kept', async () => {
    const dhaka = await cityNamed('Dhaka');
    const created = await admin.post('/api/admin/sub-cities', {
      city_id: dhaka.id,
      name: 'Bashundhara R/A',
      name_bn: 'বসুন্ধরা আ/এ',
      is_inside_main_city: true,
    });
    expect(created.statusCode).toBe(201);
    const area = created.json().data;
    expect(area).toMatchObject({ city_name: 'Dhaka', is_inside_main_city: true });
    const edited = await admin.put(`/api/admin/sub-cities/${area.id}`, { ...area, name: 'Bashundhara' });
    expect(edited.json().data.name).toBe('Bashundhara');

    const rule = await admin.post('/api/admin/delivery-charges', { sub_city_id: area.id, charge: 8000 });
    expect(rule.statusCode).toBe(201);
    const refused = await admin.delete(`/api/admin/sub-cities/${area.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This sub city cannot be deleted: it is used by 1 delivery charge.');
    const chattogram = await cityNamed('Chattogram');
    const moved = await admin.put(`/api/admin/sub-cities/${area.id}`, { ...area, city_id: chattogram.id });
    expect(moved.json().errors.city_id).toBeDefined();

    expect((await admin.delete(`/api/admin/delivery-charges/${rule.json().data.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/sub-cities/${area.id}`)).statusCode).toBe(200);
  });
});

describe('delivery charges', () => {
  it('starts with the two defaults, named after the main city', async () => {
    const list = (await admin.get('/api/admin/delivery-charges')).json();
    const defaults = list.data.filter((row: Row) => row.is_default);
    expect(defaults.map((row: Row) => [row.applies_to, row.charge, row.extra_per_kg, row.weight_threshold_grams])).toEqual([
      ['Inside Dhaka (default)', 7000, 2000, 1000],
      ['Outside Dhaka (default)', 13000, 2000, 1000],
    ]);
    const found = (await admin.get('/api/admin/delivery-charges?q=inside')).json();
    expect(found.data.map((row: Row) => row.scope)).toContain('inside_main_city');
  });

  it('adds rules for a city and a sub city, refusing what does not fit, by field', async () => {
    const chattogram = await cityNamed('Chattogram');
    const dhaka = await cityNamed('Dhaka');
    const nowhere = await admin.post('/api/admin/delivery-charges', { charge: 5000 });
    expect(nowhere.json().errors.city_id).toEqual(['Choose the city, or the sub city, this charge is for.']);
    const noCharge = await admin.post('/api/admin/delivery-charges', { city_id: chattogram.id, charge: '' });
    expect(noCharge.json().errors.charge).toBeDefined();
    const negative = await admin.post('/api/admin/delivery-charges', { city_id: chattogram.id, charge: -5, extra_per_kg: 1.5 });
    expect(Object.keys(negative.json().errors).sort()).toEqual(['charge', 'extra_per_kg']);

    const cityRule = await admin.post('/api/admin/delivery-charges', { city_id: chattogram.id, charge: 11000, note: 'Port city' });
    expect(cityRule.statusCode).toBe(201);
    expect(cityRule.json().data).toMatchObject({ scope: 'city', applies_to: 'Chattogram', effective_extra_per_kg: 2000 });
    const again = await admin.post('/api/admin/delivery-charges', { city_id: chattogram.id, charge: 12000 });
    expect(again.json().errors.city_id).toEqual(['This city already has a delivery charge: edit that one.']);

    const patiya = await subCityNamed(chattogram.id, 'Patiya');
    const wrongCity = await admin.post('/api/admin/delivery-charges', { city_id: dhaka.id, sub_city_id: patiya.id, charge: 12000 });
    expect(wrongCity.json().errors.sub_city_id).toEqual(['This sub city is not in the chosen city.']);
    const subRule = await admin.post('/api/admin/delivery-charges', { sub_city_id: patiya.id, charge: 12000, extra_per_kg: 2500 });
    expect(subRule.statusCode).toBe(201);
    expect(subRule.json().data).toMatchObject({ scope: 'sub_city', city_id: chattogram.id, applies_to: 'Chattogram › Patiya' });

    // য় typed as one code point or as two: either finds the rule.
    for (const typed of ['পটি\u09dfা', 'পটি\u09af\u09bcা']) {
      const bySubCity = (await admin.get(`/api/admin/delivery-charges?q=${encodeURIComponent(typed)}`)).json();
      expect(bySubCity.data.map((row: Row) => row.id)).toEqual([subRule.json().data.id]);
    }
    const byCity = (await admin.get(`/api/admin/delivery-charges?filter[city_id]=${chattogram.id}`)).json();
    expect(byCity.total).toBe(2);

    const quote = (await admin.get(`/_public/delivery/charge?city_id=${chattogram.id}&sub_city_id=${patiya.id}&weight_grams=2100`)).json();
    expect(quote).toMatchObject({ delivery_charge: 12000 + 2 * 2500, rule: { scope: 'sub_city' } });

    expect((await admin.delete(`/api/admin/delivery-charges/${cityRule.json().data.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/delivery-charges/${subRule.json().data.id}`)).statusCode).toBe(200);
  });

  it('edits a default but never deletes it, moves it to a city or switches it off', async () => {
    const list = (await admin.get('/api/admin/delivery-charges?filter[scope]=inside_main_city')).json();
    const inside = list.data[0];
    const saved = await admin.put(`/api/admin/delivery-charges/${inside.id}`, { ...inside, charge: 8000 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.charge).toBe(8000);
    const dhaka = await cityNamed('Dhaka');
    const dhanmondi = await subCityNamed(dhaka.id, 'Dhanmondi');
    expect((await admin.get(`/_public/delivery/charge?city_id=${dhaka.id}&sub_city_id=${dhanmondi.id}`)).json().delivery_charge).toBe(8000);

    const moved = await admin.put(`/api/admin/delivery-charges/${inside.id}`, { ...inside, city_id: dhaka.id });
    expect(moved.json().errors.city_id).toBeDefined();
    const off = await admin.put(`/api/admin/delivery-charges/${inside.id}`, { ...inside, status: 0 });
    expect(off.json().errors.status).toEqual(['The default charges cannot be switched off.']);
    const deleted = await admin.delete(`/api/admin/delivery-charges/${inside.id}`);
    expect(deleted.statusCode).toBe(409);
    const bulk = (await admin.post('/api/admin/delivery-charges/bulk', { action: 'unpublish', ids: [inside.id] })).json();
    expect(bulk.refused).toEqual([{ id: inside.id, message: 'The default charges cannot be switched off.' }]);
    await admin.put(`/api/admin/delivery-charges/${inside.id}`, { ...inside, charge: 7000 });
  });

  it('answers to delivery.charge.manage, not to other permissions', async () => {
    const manager = await staffWith(t, ['delivery.charge.manage']);
    expect((await manager.get('/api/admin/delivery-charges')).statusCode).toBe(200);
    const chattogram = await cityNamed('Chattogram');
    const created = await manager.post('/api/admin/delivery-charges', { city_id: chattogram.id, charge: 9900 });
    expect(created.statusCode).toBe(201);
    expect((await manager.delete(`/api/admin/delivery-charges/${created.json().data.id}`)).statusCode).toBe(200);
    expect((await manager.get('/api/admin/cities')).statusCode).toBe(403);

    const other = await staffWith(t, ['city.view']);
    expect((await other.get('/api/admin/delivery-charges')).statusCode).toBe(403);
    expect((await other.get('/api/admin/cities')).statusCode).toBe(200);
    expect((await other.post('/api/admin/cities', { name: 'Not allowed' })).statusCode).toBe(403);
  });

  it('exports the table as CSV', async () => {
    const csv = await admin.get('/api/admin/delivery-charges/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Inside Dhaka (default)');
  });
});

describe('public city lists for checkout', () => {
  it('lists active cities, the main city first, with Bengali names, briefly cached', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/_public/cities' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toMatch(/max-age=\d+/);
    const { cities } = answer.json();
    expect(cities).toHaveLength(64);
    expect(cities[0]).toMatchObject({ name: 'Dhaka', name_bn: 'ঢাকা', division: 'Dhaka', is_main_city: true });
    expect(Object.keys(cities[0]).sort()).toEqual(['division', 'id', 'is_main_city', 'name', 'name_bn']);

    const bhola = await cityNamed('Bhola');
    await admin.put(`/api/admin/cities/${bhola.id}`, { ...bhola, status: 0 });
    const after = (await t.app.inject({ method: 'GET', url: '/_public/cities' })).json();
    expect(after.cities).toHaveLength(63);
    expect((await t.app.inject({ method: 'GET', url: `/_public/cities/${bhola.id}/sub-cities` })).statusCode).toBe(404);
    await admin.put(`/api/admin/cities/${bhola.id}`, { ...bhola, status: 1 });
  });

  it("lists a city's active sub cities, the inside ones first", async () => {
    const dhaka = await cityNamed('Dhaka');
    const answer = await t.app.inject({ method: 'GET', url: `/_public/cities/${dhaka.id}/sub-cities` });
    expect(answer.statusCode).toBe(200);
    const list: Row[] = answer.json().sub_cities;
    const firstOutside = list.findIndex((row) => !row.is_inside_main_city);
    expect(firstOutside).toBeGreaterThanOrEqual(14);
    expect(list.slice(firstOutside).every((row) => !row.is_inside_main_city)).toBe(true);
    expect(list.find((row) => row.name === 'Savar')).toMatchObject({ name_bn: 'সাভার', is_inside_main_city: false, city_id: dhaka.id });

    const savar = await subCityNamed(dhaka.id, 'Savar');
    await admin.put(`/api/admin/sub-cities/${savar.id}`, { ...savar, status: 0 });
    const after: Row[] = (await t.app.inject({ method: 'GET', url: `/_public/cities/${dhaka.id}/sub-cities` })).json().sub_cities;
    expect(after.some((row) => row.name === 'Savar')).toBe(false);
    await admin.put(`/api/admin/sub-cities/${savar.id}`, { ...savar, status: 1 });

    expect((await t.app.inject({ method: 'GET', url: '/_public/cities/999999/sub-cities' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/_public/cities/abc/sub-cities' })).statusCode).toBe(404);
  });

  it('quotes a delivery charge, refusing unknown places by field', async () => {
    const dhaka = await cityNamed('Dhaka');
    const chattogram = await cityNamed('Chattogram');
    const patiya = await subCityNamed(chattogram.id, 'Patiya');
    const main = (await t.app.inject({ method: 'GET', url: `/_public/delivery/charge?city_id=${dhaka.id}&weight_grams=1500` })).json();
    expect(main).toMatchObject({ delivery_charge: 9000, base_charge: 7000, weight_charge: 2000, inside_main_city: true });
    const wrong = await t.app.inject({ method: 'GET', url: `/_public/delivery/charge?city_id=${dhaka.id}&sub_city_id=${patiya.id}` });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.sub_city_id).toBeDefined();
    const none = await t.app.inject({ method: 'GET', url: '/_public/delivery/charge' });
    expect(none.json().errors.city_id).toBeDefined();
  });
});
