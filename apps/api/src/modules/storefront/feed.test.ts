import { gunzipSync } from 'node:zlib';
import { fromPaisa } from '@haat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { createProduct, productBody } from '../products/catalogue.fixture';
import { makeShop, productUpdate, type Shop } from './storefront.fixture';
import { childrenNamed, childText, parseXml, type XmlElement } from './xml.fixture';

let t: TestApp;
let admin: TestBrowser;
let visitor: TestBrowser;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  visitor = await t.browser();
  shop = await makeShop(admin);
  // Sold out: never in a feed.
  await createProduct(
    admin,
    productBody(shop.catalogue, {
      name: 'Sold Out Saree',
      sku: 'SF-SOLD',
      variants: [{ sku: '', attribute_value_ids: [shop.catalogue.size.m, shop.catalogue.colour.red], opening_stock: 0 }],
    }),
  );
  // Everything a feed must escape.
  await createProduct(
    admin,
    productBody(shop.catalogue, {
      name: 'Tom & Jerry <Kids> "Tee"',
      slug: 'tom-jerry-tee',
      sku: 'SF-TOM',
      description: '<p>Fun & games for <em>kids</em> — 100% cotton</p>',
      brand_id: null,
      images: [{ path: 'products/tom & jerry.webp', thumbnail: 'products/tom-thumb.webp' }],
      variants: [{ sku: '', attribute_value_ids: [shop.catalogue.size.m, shop.catalogue.colour.blue], opening_stock: 4 }],
    }),
  );
});
afterAll(() => t.close());

async function feed(kind: 'facebook' | 'google') {
  const response = await visitor.get(`/feed/${kind}.xml`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  const rss = parseXml(response.body);
  expect(rss.name).toBe('rss');
  expect(rss.attributes).toEqual({ version: '2.0', 'xmlns:g': 'http://base.google.com/ns/1.0' });
  const [channel] = childrenNamed(rss, 'channel');
  const items = childrenNamed(channel as XmlElement, 'item');
  const byId = new Map(items.map((item) => [childText(item, 'g:id'), item]));
  return { response, channel: channel as XmlElement, items, byId };
}

const all = (item: XmlElement | undefined, name: string) => (item ? childrenNamed(item, name).map((child) => child.text) : []);

describe('the product feeds', () => {
  it('list only published variants in stock, with price, stock, link, pictures and brand', async () => {
    const { channel, items, byId } = await feed('facebook');
    expect(childText(channel, 'title')).toBe('Haat');
    const kurtiRed = shop.kurti.variants.find((variant) => variant.stock > 0);
    const kurtiBlue = shop.kurti.variants.find((variant) => variant.stock === 0);
    const ids = items.map((item) => childText(item, 'g:id'));
    expect(ids).toContain(kurtiRed?.sku);
    expect(ids).not.toContain(kurtiBlue?.sku);
    expect(ids.some((id) => id?.startsWith('SF-DRAFT'))).toBe(false);
    expect(ids.some((id) => id?.startsWith('SF-SOLD'))).toBe(false);
    for (const item of items) expect(childText(item, 'g:availability')).toBe('in stock');

    const kurti = byId.get(kurtiRed?.sku);
    expect(childText(kurti as XmlElement, 'g:title')).toBe(`Plain Cotton Kurti – ${kurtiRed?.label}`);
    expect(childText(kurti as XmlElement, 'g:description')).toBe('Soft cotton kurti for every day.');
    expect(childText(kurti as XmlElement, 'g:link')).toBe('http://localhost:80/product/plain-cotton-kurti');
    // The main picture first, the others after it.
    expect(childText(kurti as XmlElement, 'g:image_link')).toBe('http://localhost:80/storage/products/kurti-back.webp');
    expect(all(kurti, 'g:additional_image_link')).toEqual(['http://localhost:80/storage/products/kurti-front.webp']);
    expect(childText(kurti as XmlElement, 'g:price')).toBe(`${fromPaisa(Number(shop.kurti.retail_price))} BDT`);
    expect(all(kurti, 'g:sale_price')).toEqual([]);
    expect(childText(kurti as XmlElement, 'g:brand')).toBe('Aarong Style');
    expect(childText(kurti as XmlElement, 'g:condition')).toBe('new');
    expect(childText(kurti as XmlElement, 'g:item_group_id')).toBe(String(shop.kurti.id));
    expect(childText(kurti as XmlElement, 'g:product_type')).toBe('Women > Kurti');
    expect(childText(kurti as XmlElement, 'g:quantity_to_sell_on_facebook')).toBe('5');

    // A running discount: the regular price and the sale price, until the discount ends.
    const cotton = byId.get(shop.cotton.variants[0]?.sku);
    expect(childText(cotton as XmlElement, 'g:price')).toBe('1600.00 BDT');
    expect(childText(cotton as XmlElement, 'g:sale_price')).toMatch(/^\d+\.\d{2} BDT$/);
    expect(Number.parseFloat(childText(cotton as XmlElement, 'g:sale_price') as string)).toBeLessThan(1600);
    expect(childText(cotton as XmlElement, 'g:sale_price_effective_date')).toMatch(/^\d{4}-\d\d-\d\dT.*\/\d{4}-\d\d-\d\dT/);

    // One variant: no group; no brand: the shop's name.
    const shirt = byId.get(shop.shirt.variants[0]?.sku);
    expect(all(shirt, 'g:item_group_id')).toEqual([]);
    expect(childText(shirt as XmlElement, 'g:brand')).toBe('Haat');
  });

  it('escape what the shop typed', async () => {
    const { response, byId } = await feed('google');
    const tee = [...byId.values()].find((item) => childText(item, 'g:link')?.endsWith('/product/tom-jerry-tee'));
    expect(tee).toBeDefined();
    expect(childText(tee as XmlElement, 'g:title')).toBe('Tom & Jerry <Kids> "Tee"');
    expect(childText(tee as XmlElement, 'g:description')).toBe('Fun & games for kids — 100% cotton');
    expect(childText(tee as XmlElement, 'g:id')).toMatch(/^SF-TOM/);
    expect(childText(tee as XmlElement, 'g:image_link')).toBe('http://localhost:80/storage/products/tom%20&%20jerry.webp');
    expect(response.body).toContain('Tom &amp; Jerry &lt;Kids&gt; &quot;Tee&quot;');
    // Google's own: no barcode, so no identifiers; Meta's stock count is not in it.
    expect(childText(tee as XmlElement, 'g:identifier_exists')).toBe('no');
    expect(all(tee, 'g:quantity_to_sell_on_facebook')).toEqual([]);
  });

  it('are cached with the catalogue, answer 304 to a browser that has them, and follow a change at once', async () => {
    const first = await visitor.get('/feed/google.xml');
    const again = await visitor.get('/feed/google.xml', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    // Kept gzipped: a client that takes gzip gets those bytes, the same feed.
    const zipped = await t.app.inject({ method: 'GET', url: '/feed/google.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe(first.headers.etag);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(first.body);
    const shirtSku = shop.shirt.variants[0]?.sku;
    expect((await feed('google')).byId.has(shirtSku)).toBe(true);
    const drafted = await admin.put(`/api/admin/products/${shop.shirt.id}`, productUpdate(shop.shirt, { status: 0 }));
    expect(drafted.statusCode, drafted.body).toBe(200);
    expect((await feed('google')).byId.has(shirtSku)).toBe(false);
  });

  it('turn off with the marketing settings, and only the two feeds exist', async () => {
    expect((await visitor.get('/feed/bing.xml')).statusCode).toBe(404);
    expect((await visitor.get('/feed/google')).statusCode).toBe(404);
    const off = await admin.put('/api/admin/settings/marketing', { feeds_enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await visitor.get('/feed/facebook.xml')).statusCode).toBe(404);
    expect((await visitor.get('/feed/google.xml')).statusCode).toBe(404);
    await admin.put('/api/admin/settings/marketing', { feeds_enabled: true });
    expect((await visitor.get('/feed/google.xml')).statusCode).toBe(200);
  });
});
