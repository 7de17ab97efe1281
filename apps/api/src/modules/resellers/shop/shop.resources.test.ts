import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from '../../orders/order.fixture';
import { newSignedInReseller, type SignedInReseller } from '../reseller.fixture';

/** The reseller's shop settings as declared resources: the list envelope, their rows only, bad input refused. */
let shop: Shop;
let owner: SignedInReseller;
let stranger: SignedInReseller;

beforeAll(async () => {
  shop = await openShop();
  owner = await newSignedInReseller(shop, 'Owner Reseller');
  stranger = await newSignedInReseller(shop, 'Stranger Reseller');
});
afterAll(() => shop.t.close());

const IMAGE = 'storage/resellers/slide.webp';
const RESOURCES = [
  { path: '/api/reseller/shop/coupons', body: (n: number) => ({ code: `EID-${n}`, kind: 'amount', value: 5000 + n }) },
  { path: '/api/reseller/shop/sliders', body: (n: number) => ({ image: IMAGE, title: `Slide ${n}`, sort_order: n }) },
  {
    path: '/api/reseller/shop/pages',
    body: (n: number) => ({ title: `Page ${n}`, slug: `page-${n}`, content: 'A page of the shop, long enough.' }),
  },
];

describe.each(RESOURCES)('$path', ({ path, body }) => {
  it('lists the signed-in reseller’s rows in the paginator envelope, with search and pages', async () => {
    for (let n = 1; n <= 3; n += 1) {
      const added = await owner.browser.post(path, body(n));
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({ data: { id: expect.any(Number) }, message: expect.any(String) });
    }
    expect((await stranger.browser.post(path, body(9))).statusCode).toBe(201);

    const page = await owner.browser.get(`${path}?per_page=2&page=1`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json()).toMatchObject({ total: 3, per_page: 2, current_page: 1, last_page: 2, from: 1, to: 2 });
    expect(page.json().data).toHaveLength(2);
    const second = (await owner.browser.get(`${path}?per_page=2&page=2`)).json();
    expect(second.data).toHaveLength(1);
    const found = (await owner.browser.get(`${path}?q=2`)).json();
    expect(found.total).toBe(1);
    const csv = await owner.browser.get(`${path}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(4);
  });

  it('answers 401 without a reseller session, an admin’s included', async () => {
    const visitor = await shop.t.browser();
    for (const response of [
      await visitor.get(path),
      await visitor.get(`${path}/1`),
      await visitor.get(`${path}/export.csv`),
      await visitor.post(path, body(50)),
      await visitor.put(`${path}/1`, body(50)),
      await shop.admin.get(path),
    ]) {
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('answers 404 for another reseller’s row, read or written, and leaves it as it was', async () => {
    const theirs = (await stranger.browser.post(path, body(60))).json().data;
    expect((await owner.browser.get(`${path}/${theirs.id}`)).statusCode).toBe(404);
    const update = await owner.browser.put(`${path}/${theirs.id}`, body(61));
    expect(update.statusCode).toBe(404);
    expect((await stranger.browser.get(`${path}/${theirs.id}`)).json().data).toEqual(theirs);
    expect((await owner.browser.delete(`${path}/${theirs.id}`)).statusCode).toBe(404);
  });

  it('refuses malformed input with {message, errors}, never a 500', async () => {
    const mine = (await owner.browser.post(path, body(70))).json().data;
    const refusals = [
      await owner.browser.get(`${path}/abc`),
      await owner.browser.get(`${path}/99999999999999999999999`),
      await owner.browser.get(`${path}/1%00`),
      await owner.browser.put(`${path}/-1`, body(71)),
      await owner.browser.get(`${path}?page=99999999999999999999`),
      await owner.browser.get(`${path}?sort=password`),
      await owner.browser.get(`${path}?filter[owner]=1`),
      await owner.browser.post(path, {}),
      await owner.browser.post(path, { ...body(72), title: 'Nul\u0000byte', code: 'NUL\u0000', slug: 'nul\u0000' }),
      await owner.browser.put(`${path}/${mine.id}`, { ...body(73), value: 1e30, sort_order: 1e30, content: 'x' }),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
      if (response.statusCode !== 404) expect(response.json().errors, response.body).toBeTypeOf('object');
    }
    const nul = await owner.browser.get(`${path}?q=a%00b`);
    expect(nul.statusCode, nul.body).toBeLessThan(500);
  });
});
