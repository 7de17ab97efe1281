import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../../test/harness';
import { makeWebDist } from '../../../test/web-dist';

let t: TestApp;
let admin: TestBrowser;
let visitor: TestBrowser;
let webDist: ReturnType<typeof makeWebDist>;
const PASSWORD = 'reseller-pass-1';
let count = 0;

beforeAll(async () => {
  webDist = makeWebDist();
  t = await createTestApp({ env: { WEB_DIST: webDist.dir } });
  admin = await t.browser();
  await admin.loginAdmin();
  visitor = await t.browser();
});
afterAll(async () => {
  await t.close();
  webDist?.remove();
});

async function newReseller(shopName: string, extra: Record<string, unknown> = {}) {
  count += 1;
  const body = {
    name: `Owner ${count}`,
    phone: `0185${5_000_000 + count}`,
    shop_name: shopName,
    status: 'active',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ...extra,
  };
  const created = await admin.post('/api/admin/resellers', body);
  expect(created.statusCode, created.body).toBe(201);
  return { ...body, id: created.json().data.id as number, slug: created.json().data.slug as string, phone: body.phone };
}

describe('a reseller shop’s public answers', () => {
  it('are reused while nothing changes, and change the moment the reseller does', async () => {
    const rina = await newReseller('Rina’s Closet');
    const first = await visitor.get(`/_public/shop/${rina.slug}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().name).toBe('Rina’s Closet');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    expect((await visitor.get(`/_public/shop/${rina.slug}`, { 'if-none-match': etag })).statusCode).toBe(304);

    const renamed = await admin.put(`/api/admin/resellers/${rina.id}`, {
      ...rina,
      email: '',
      shop_name: 'Rina Fashion House',
      password: '',
      password_confirmation: '',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await visitor.get(`/_public/shop/${rina.slug}`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().name).toBe('Rina Fashion House');

    // Their colours (another table of theirs) too.
    const browser = await t.browser();
    expect((await browser.post('/api/reseller/login', { login: rina.phone, password: PASSWORD })).statusCode).toBe(200);
    const colours = await browser.put('/api/reseller/colors', {
      primary_color: '#aa0044',
      secondary_color: '#000000',
      header_text_color: '#ffffff',
    });
    expect(colours.statusCode, colours.body).toBe(200);
    expect((await visitor.get(`/_public/shop/${rina.slug}`)).json().colors.primary).toBe('#aa0044');

    // Suspended: the cached shop is gone at once.
    await admin.put(`/api/admin/resellers/${rina.id}`, {
      ...rina,
      email: '',
      shop_name: 'Rina Fashion House',
      status: 'suspended',
      password: '',
      password_confirmation: '',
    });
    expect((await visitor.get(`/_public/shop/${rina.slug}`)).statusCode).toBe(404);
  });
});

describe('a reseller’s own host name', () => {
  it('is checked and unique', async () => {
    const bad = await admin.post('/api/admin/resellers', {
      name: 'Host Owner',
      phone: '01866000001',
      status: 'active',
      custom_host: 'not a host',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.custom_host[0]).toContain('shop.example.com');
    const owner = await newReseller('Mitu’s Crafts', { custom_host: 'https://Shop.Mitu-Crafts.com/' });
    expect((await admin.get(`/api/admin/resellers/${owner.id}`)).json().data.custom_host).toBe('shop.mitu-crafts.com');
    const twice = await admin.post('/api/admin/resellers', {
      name: 'Copy Cat',
      phone: '01866000002',
      status: 'active',
      custom_host: 'shop.mitu-crafts.com',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.custom_host[0]).toContain('already uses this host name');
  });

  it('serves that reseller’s shop pages at `/`, and the main shop elsewhere', async () => {
    const owner = await newReseller('Nazia’s Saree Ghor', { custom_host: 'nazia.example.com' });
    const home = await visitor.get('/', { host: 'nazia.example.com' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`<meta name="haat-shop-base" content="/shop/${owner.slug}">`);
    const product = await visitor.get('/product/12?ref=sms', { host: 'nazia.example.com:3000' });
    expect(product.body).toContain(`content="/shop/${owner.slug}"`);
    // The shop's own calls and the other areas are left alone on that host.
    expect((await visitor.get(`/_public/shop/${owner.slug}`, { host: 'nazia.example.com' })).json().name).toBe('Nazia’s Saree Ghor');
    for (const area of ['/admin/login', '/backend/attribute/edit/3', '/dropshipper/login', '/merchant/login']) {
      expect((await visitor.get(area, { host: 'nazia.example.com' })).body, area).not.toContain('haat-shop-base');
    }
    // The shop's main host and other hosts get the main storefront.
    expect((await visitor.get('/', { host: 'haat.example.com' })).body).not.toContain('haat-shop-base');
    expect((await visitor.get('/')).body).not.toContain('haat-shop-base');

    // Moved to another host: the old one is the main shop again on the next request.
    const moved = await admin.put(`/api/admin/resellers/${owner.id}`, {
      ...owner,
      email: '',
      custom_host: 'www.nazia-saree.com',
      password: '',
      password_confirmation: '',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await visitor.get('/', { host: 'nazia.example.com' })).body).not.toContain('haat-shop-base');
    expect((await visitor.get('/', { host: 'www.nazia-saree.com' })).body).toContain(`/shop/${owner.slug}`);
  });

  it('puts the shop’s name in the head the server sends, for sharing and search engines', async () => {
    const owner = await newReseller('Tania’s Bags', { custom_host: 'tania.example.com' });
    const home = await visitor.get(`/shop/${owner.slug}`);
    expect(home.body).toContain('<title>Tania’s Bags</title>');
    expect(home.body).toContain('<meta property="og:site_name" content="Tania’s Bags" />');
    expect(home.body).toMatch(new RegExp(`<link rel="canonical" href="http://localhost(:\\d+)?/shop/${owner.slug}" />`));
    expect(home.body).not.toContain('noindex');
    // On the reseller's own host name too, where the address is bare.
    expect((await visitor.get('/', { host: 'tania.example.com' })).body).toContain('<title>Tania’s Bags</title>');
    // The cart is the shop's but not for search engines.
    const cart = await visitor.get(`/shop/${owner.slug}/cart`);
    expect(cart.body).toContain('<title>Tania’s Bags</title>');
    expect(cart.body).toContain('<meta name="robots" content="noindex" />');
    // A shop that is not there keeps the site's head, not indexed.
    const unknown = await visitor.get('/shop/no-such-shop');
    expect(unknown.body).not.toContain('Tania');
    expect(unknown.body).toContain('<meta name="robots" content="noindex" />');
  });
});
