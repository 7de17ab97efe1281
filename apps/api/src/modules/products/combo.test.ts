import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { type Catalogue, createProduct, makeCatalogue, type ProductDetail, productBody } from './catalogue.fixture';
import { comboStock } from './combo.resource';

let t: TestApp;
let admin: TestBrowser;
let catalogue: Catalogue;
let shirt: ProductDetail;
let kurti: ProductDetail;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  catalogue = await makeCatalogue(admin);
  shirt = await createProduct(
    admin,
    productBody(catalogue, {
      name: 'Oxford Shirt',
      sku: 'OX-1',
      category_id: catalogue.men,
      subcategory_id: catalogue.shirts,
      retail_price: 100000,
      wholesale_price: 70000,
      variants: [
        { sku: 'OX-1-M', attribute_value_ids: [catalogue.size.m], opening_stock: 9 },
        { sku: 'OX-1-L', attribute_value_ids: [catalogue.size.l], opening_stock: 1, price_override: 110000 },
      ],
    }),
  );
  kurti = await createProduct(
    admin,
    productBody(catalogue, { sku: 'CK-1', retail_price: 80000, wholesale_price: 50000, variants: [{ sku: 'CK-1', opening_stock: 4 }] }),
  );
});
afterAll(() => t.close());

describe('combos', () => {
  let comboId: number;

  it('creates a combo whose stock is the fewest whole sets its parts make', async () => {
    const response = await admin.post('/api/admin/combos', {
      name: 'Couple Set',
      price: 250000,
      image: 'combos/set.webp',
      items: [
        { variant_id: shirt.variants[0]?.id, quantity: 2 },
        { variant_id: kurti.variants[0]?.id, quantity: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    comboId = data.id;
    // Shirt M: 9 / 2 = 4 sets; kurti: 4 / 1 = 4 sets.
    expect(data).toMatchObject({ name: 'Couple Set', slug: 'couple-set', price: 250000, stock: 4, parts_price: 280000, saving: 30000 });
    expect(data.items).toEqual([
      expect.objectContaining({ sku: 'OX-1-M', product_name: 'Oxford Shirt', variant: 'M', quantity: 2, stock: 9, price: 100000 }),
      expect.objectContaining({ sku: 'CK-1', product_name: 'Plain Cotton Kurti', quantity: 1, stock: 4, price: 80000 }),
    ]);
  });

  it('follows the parts’ stock as it moves', async () => {
    const sold = await admin.post(`/api/admin/products/${kurti.id}/stock`, {
      variant_id: kurti.variants[0]?.id,
      quantity: -3,
      reason: 'Sold at the stall',
    });
    expect(sold.statusCode).toBe(200);
    const read = (await admin.get(`/api/admin/combos/${comboId}`)).json().data;
    expect(read.stock).toBe(1);
    expect(await comboStock(t.database.db, [comboId])).toEqual(new Map([[comboId, 1]]));
    const listed = (await admin.get('/api/admin/combos?q=couple')).json();
    expect(listed.data).toMatchObject([{ id: comboId, stock: 1 }]);
  });

  it('updates the items, and names bad fields', async () => {
    const updated = await admin.put(`/api/admin/combos/${comboId}`, {
      name: 'Couple Set',
      slug: 'couple-set',
      price: 200000,
      items: [
        { variant_id: shirt.variants[1]?.id, quantity: 1 },
        { variant_id: kurti.variants[0]?.id, quantity: 1 },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ price: 200000, stock: 1, parts_price: 190000, saving: -10000 });
    expect(updated.json().data.items.map((item: { sku: string }) => item.sku)).toEqual(['OX-1-L', 'CK-1']);

    const one = await admin.post('/api/admin/combos', {
      name: 'Lonely',
      price: 100,
      items: [{ variant_id: shirt.variants[0]?.id, quantity: 1 }],
    });
    expect(one.statusCode).toBe(422);
    expect(one.json().errors).toEqual({ items: ['A combo needs at least two items'] });
    const bad = await admin.post('/api/admin/combos', {
      name: 'Broken',
      price: -5,
      items: [
        { variant_id: shirt.variants[0]?.id, quantity: 0 },
        { variant_id: 999999, quantity: 1 },
      ],
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['items.0.quantity', 'price']);
    const missing = await admin.post('/api/admin/combos', {
      name: 'Ghost',
      price: 100,
      items: [
        { variant_id: shirt.variants[0]?.id, quantity: 1 },
        { variant_id: 999999, quantity: 1 },
      ],
    });
    expect(missing.json().errors).toEqual({ 'items.1.variant_id': ['Choose a product variant.'] });
    const twice = await admin.post('/api/admin/combos', {
      name: 'Twice',
      price: 100,
      items: [
        { variant_id: shirt.variants[0]?.id, quantity: 1 },
        { variant_id: shirt.variants[0]?.id, quantity: 2 },
      ],
    });
    expect(twice.json().errors).toEqual({ 'items.1.variant_id': ['This item is already in the combo'] });
  });

  it('lists, unpublishes in bulk and deletes', async () => {
    const list = (await admin.get('/api/admin/combos?format=resource')).json();
    expect(list.meta.total).toBe(1);
    const bulk = await admin.post('/api/admin/combos/bulk', { action: 'unpublish', ids: [comboId] });
    expect(bulk.json().done).toEqual([comboId]);
    expect((await admin.get('/api/admin/combos?filter[status]=0')).json().total).toBe(1);
    expect((await admin.delete(`/api/admin/combos/${comboId}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/combos/${comboId}`)).statusCode).toBe(404);
  });

  it('finds variants to put in a combo by product name or SKU', async () => {
    const byName = (await admin.get('/api/admin/product-variants?q=oxford')).json();
    expect(
      byName.data.map((row: { sku: string; label: string; price: number; stock: number }) => [row.sku, row.label, row.price, row.stock]),
    ).toEqual([
      ['OX-1-M', 'M', 100000, 9],
      ['OX-1-L', 'L', 110000, 1],
    ]);
    expect(byName.data[0]).toMatchObject({ product_id: shirt.id, product_name: 'Oxford Shirt', thumbnail: null, status: 1 });
    const bySku = (await admin.get('/api/admin/product-variants?q=ck')).json();
    expect(bySku.data.map((row: { sku: string }) => row.sku)).toEqual(['CK-1']);
    const ofProduct = (await admin.get(`/api/admin/product-variants?filter[product_id]=${shirt.id}&per_page=1&format=resource`)).json();
    expect(ofProduct.meta).toMatchObject({ total: 2, last_page: 2 });
    const all = (await admin.get('/api/admin/product-variants')).json();
    expect(all.data[0].sku).toBe('CK-1');
  });
});
