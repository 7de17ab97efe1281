import { PRICE_MESSAGES } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from '../orders/order.fixture';
import { newSignedInReseller } from '../resellers/reseller.fixture';
import { createProduct, productBody } from './catalogue.fixture';
import { products } from './product.table';
import { fillSearchKeys } from './product-search';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

function upload(url: string, csv: string) {
  const boundary = '----haat-test-boundary';
  const body = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="p.csv"',
    'Content-Type: text/csv',
    '',
    csv,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return shop.admin.request('POST', url, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

describe('price rules', () => {
  it('refuses a negative retail price at its field, without flagging the wholesale price', async () => {
    const response = await shop.admin.post('/api/admin/products', productBody(shop.catalogue, { sku: 'NEG-1', retail_price: -50000 }));
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.retail_price).toEqual(['The retail price cannot be negative']);
    expect(errors.wholesale_price).toBeUndefined();
    expect(await shop.t.database.db.select().from(products).where(eq(products.sku, 'NEG-1'))).toEqual([]);
  });

  it('refuses to publish at 0, and saves the same product as a draft', async () => {
    const free = productBody(shop.catalogue, {
      name: 'Free Gift Bag',
      sku: 'ZERO-1',
      retail_price: 0,
      wholesale_price: 0,
      purchase_cost: 0,
    });
    const published = await shop.admin.post('/api/admin/products', { ...free, status: 1 });
    expect(published.statusCode).toBe(422);
    expect(published.json().errors.retail_price).toEqual([PRICE_MESSAGES.zeroRetailPublished]);

    const draft = await createProduct(shop.admin, { ...free, status: 0 });
    expect(draft).toMatchObject({ status: 0, retail_price: 0 });

    // Publishing it later, alone or in bulk, is refused with the reason; the others are published.
    const edit = await shop.admin.put(`/api/admin/products/${draft.id}`, { ...free, status: 1, variants: [{ id: draft.variants[0]?.id }] });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.retail_price).toEqual([PRICE_MESSAGES.zeroRetailPublished]);
    const priced = await createProduct(shop.admin, productBody(shop.catalogue, { name: 'Priced Draft', sku: 'PRICED-1', status: 0 }));
    const bulk = await shop.admin.post('/api/admin/products/bulk', { action: 'publish', ids: [draft.id, priced.id] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toMatchObject({
      done: [priced.id],
      refused: [{ id: draft.id, message: `${PRICE_MESSAGES.zeroRetailPublished}.` }],
    });
    const statuses = await shop.t.database.db.select({ id: products.id, status: products.status }).from(products);
    expect(statuses.find((row) => row.id === draft.id)?.status).toBe(0);
    expect(statuses.find((row) => row.id === priced.id)?.status).toBe(1);
  });

  it('refuses a published variant priced at 0 or below the wholesale price, at the variant', async () => {
    const body = productBody(shop.catalogue, {
      name: 'Two Size Kurti',
      sku: 'VAR-0',
      variants: [
        { sku: '', attribute_value_ids: [shop.catalogue.size.m], price_override: 0 },
        { sku: '', attribute_value_ids: [shop.catalogue.size.l], price_override: 50000 },
      ],
    });
    const response = await shop.admin.post('/api/admin/products', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      'variants.0.price_override': [PRICE_MESSAGES.zeroVariantPublished],
      'variants.1.price_override': [PRICE_MESSAGES.variantBelowWholesale],
    });
    // A draft may hold a variant at 0 while its price is not known yet, but never one below the wholesale price.
    const draft = await shop.admin.post('/api/admin/products', { ...body, status: 0 });
    expect(Object.keys(draft.json().errors)).toEqual(['variants.1.price_override']);
  });

  it('refuses a wholesale price above the retail price (resellers could not sell at the retail price)', async () => {
    const response = await shop.admin.post(
      '/api/admin/products',
      productBody(shop.catalogue, { sku: 'WH-1', wholesale_price: 130000, retail_price: 125000 }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.wholesale_price).toEqual([PRICE_MESSAGES.wholesaleAboveRetail]);
    // Below the purchase cost is allowed (a clearance sale): the form warns, the server saves.
    await createProduct(
      shop.admin,
      productBody(shop.catalogue, {
        name: 'Clearance Kurti',
        sku: 'WH-2',
        purchase_cost: 100000,
        wholesale_price: 80000,
        retail_price: 90000,
      }),
    );
  });

  it('reports a CSV row with a negative price or published at 0 on its line, and imports nothing', async () => {
    const csv = [
      'sku,name,category,wholesale_price,retail_price,status',
      'CSV-OK,Fine Kurti,women,700,1000,1',
      'CSV-NEG,Negative Kurti,women,700,-500,1',
      'CSV-ZERO,Zero Kurti,women,0,0,1',
      'CSV-DRAFT,Draft Kurti,women,0,0,0',
    ].join('\n');
    const response = await upload('/api/admin/products/import', csv);
    expect(response.statusCode).toBe(422);
    const { report } = response.json();
    expect(report).toEqual([
      { row: 3, sku: 'CSV-NEG', errors: { retail_price: ['The retail price cannot be negative'] } },
      { row: 4, sku: 'CSV-ZERO', errors: { retail_price: [PRICE_MESSAGES.zeroRetailPublished] } },
    ]);
    expect(await shop.t.database.db.select().from(products).where(eq(products.sku, 'CSV-OK'))).toEqual([]);
  });
});

describe('Bengali names and search', () => {
  const names: Record<string, number> = {};
  beforeAll(async () => {
    const add = async (name: string, name_bn: string | null, sku: string) => {
      names[sku] = (await createProduct(shop.admin, productBody(shop.catalogue, { name, name_bn, sku }))).id;
    };
    await add('Eid Cotton Panjabi', 'ঈদ সুতি পাঞ্জাবি', 'BN-PAN');
    await add('Jamdani Saree', null, 'BN-SAR');
    await add('Basic T-Shirt', null, 'BN-TSH');
    await add('Oxford Formal Shirt', null, 'BN-SHT');
    await add('Nakshi Kantha', 'নকশি কাঁথা', 'BN-KAN');
  });
  const found = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
  const ids = (...skus: string[]) => skus.map((sku) => names[sku] as number).sort((a, b) => a - b);

  it('keeps the Bengali name and answers it in the admin views and the CSV export', async () => {
    const detail = (await shop.admin.get(`/api/admin/products/${names['BN-PAN']}`)).json().data;
    expect(detail).toMatchObject({ name: 'Eid Cotton Panjabi', name_bn: 'ঈদ সুতি পাঞ্জাবি' });
    const csv = (await shop.admin.get('/api/admin/products/export.csv?q=BN-PAN')).body;
    expect(csv).toContain('Bengali name');
    expect(csv).toContain('ঈদ সুতি পাঞ্জাবি');
  });

  it('finds products in the admin list by Bengali spellings of English names and by Bengali names', async () => {
    const search = async (q: string) =>
      found((await shop.admin.get(`/api/admin/products?per_page=100&q=${encodeURIComponent(q)}`)).json().data);
    expect(await search('পাঞ্জাবি')).toEqual(ids('BN-PAN'));
    expect(await search('শাড়ি')).toEqual(ids('BN-SAR'));
    expect(await search('টি শার্ট')).toEqual(ids('BN-TSH'));
    expect(await search('শার্ট')).toEqual(ids('BN-TSH', 'BN-SHT'));
    expect(await search('kantha')).toEqual(ids('BN-KAN'));
    expect(await search('কাঁথা')).toEqual(ids('BN-KAN'));
    expect(await search('Saree')).toEqual(ids('BN-SAR'));
  });

  it('finds them in the storefront search and suggestions, with the Bengali name beside the English one', async () => {
    const visitor = await shop.t.browser();
    const listing = (await visitor.get(`/_public/sub/sub/category/product?q=${encodeURIComponent('পাঞ্জাবি')}`)).json();
    expect(found(listing.data)).toEqual(ids('BN-PAN'));
    expect(listing.data[0]).toMatchObject({ name: 'Eid Cotton Panjabi', name_bn: 'ঈদ সুতি পাঞ্জাবি' });
    const suggest = (await visitor.get(`/_public/search/suggest?q=${encodeURIComponent('শাড়ি')}`)).json();
    expect(found(suggest.products)).toEqual(ids('BN-SAR'));
    expect(suggest.products[0]).toMatchObject({ name: 'Jamdani Saree', name_bn: null });
  });

  it('finds them in a reseller’s product search', async () => {
    const reseller = await newSignedInReseller(shop);
    const answer = (await reseller.browser.get(`/api/reseller/products?q=${encodeURIComponent('পাঞ্জাবি')}`)).json();
    expect(found(answer.data)).toEqual(ids('BN-PAN'));
    expect(answer.data[0]).toMatchObject({ name_bn: 'ঈদ সুতি পাঞ্জাবি' });
  });

  it('gives products written without a search key theirs at start-up', async () => {
    const db = shop.t.database.db;
    await db
      .update(products)
      .set({ searchKey: '' })
      .where(eq(products.id, names['BN-KAN'] as number));
    expect(await fillSearchKeys(db)).toBe(1);
    const [row] = await db
      .select({ key: products.searchKey })
      .from(products)
      .where(eq(products.id, names['BN-KAN'] as number));
    expect(row?.key).toBe('naksikanta noksikanta');
  });
});
