import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone, openShop, type Shop } from '../../orders/order.fixture';
import { newSignedInReseller, type SignedInReseller } from '../reseller.fixture';
import { resellers } from '../reseller.table';

/** The refer list as a declared resource scoped to the signed-in reseller. */
let shop: Shop;
let owner: SignedInReseller;
let stranger: SignedInReseller;
let count = 0;

async function referred(by: number, status: 'pending' | 'active' = 'pending') {
  count += 1;
  const [row] = await shop.t.database.db
    .insert(resellers)
    .values({
      name: `Referred ${count}`,
      phone: freshPhone(),
      passwordHash: 'not-a-hash',
      status,
      shopName: `Referred Shop ${count}`,
      slug: `referred-shop-${count}-${Date.now()}`,
      referralCode: `REFD${count}${Date.now() % 100000}`,
      referredBy: by,
    })
    .returning({ id: resellers.id });
  return row?.id as number;
}

beforeAll(async () => {
  shop = await openShop();
  owner = await newSignedInReseller(shop, 'Referrer');
  stranger = await newSignedInReseller(shop, 'Other Referrer');
});
afterAll(() => shop.t.close());

describe('/api/reseller/refer/list', () => {
  it('lists only the resellers the signed-in reseller referred, in the paginator envelope, without their secrets', async () => {
    const first = await referred(owner.id);
    const second = await referred(owner.id, 'active');
    await referred(stranger.id);
    const list = await owner.browser.get('/api/reseller/refer/list?per_page=1');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, per_page: 1, last_page: 2 });
    expect(list.json().data).toEqual([
      { id: second, name: expect.any(String), shop_name: expect.any(String), status: 'active', joined_at: expect.any(String) },
    ]);
    const pending = (await owner.browser.get('/api/reseller/refer/list?filter[status]=pending')).json();
    expect(pending.data.map((row: { id: number }) => row.id)).toEqual([first]);
    expect((await owner.browser.get(`/api/reseller/refer/list/${first}`)).json().data).toMatchObject({ id: first });
    const csv = await owner.browser.get('/api/reseller/refer/list/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toMatch(/hash|password/i);
  });

  it('answers 401 without a session and 404 for another reseller’s referral; it cannot be written', async () => {
    const theirs = await referred(stranger.id);
    const visitor = await shop.t.browser();
    expect((await visitor.get('/api/reseller/refer/list')).statusCode).toBe(401);
    expect((await visitor.get(`/api/reseller/refer/list/${theirs}`)).statusCode).toBe(401);
    expect((await owner.browser.get(`/api/reseller/refer/list/${theirs}`)).statusCode).toBe(404);
    expect((await owner.browser.get(`/api/reseller/refer/list/${stranger.id}`)).statusCode).toBe(404);
    expect((await owner.browser.post('/api/reseller/refer/list', {})).statusCode).toBe(404);
    expect((await owner.browser.put(`/api/reseller/refer/list/${theirs}`, {})).statusCode).toBe(404);
  });

  it('refuses malformed input with {message, errors}, never a 500', async () => {
    for (const url of [
      '/api/reseller/refer/list/abc',
      '/api/reseller/refer/list/99999999999999999999',
      '/api/reseller/refer/list?q=a%00b',
      '/api/reseller/refer/list?filter[status]=boss',
      '/api/reseller/refer/list?per_page=100000',
      '/api/reseller/refer/list?sort=password_hash',
    ]) {
      const response = await owner.browser.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
      // An id that cannot be one is "not found", as everywhere in the API; anything else names its field.
      if (response.statusCode !== 404) expect(response.json().errors, response.body).toBeTypeOf('object');
    }
  });
});
