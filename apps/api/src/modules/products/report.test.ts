import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { type Catalogue, createProduct, makeCatalogue, type ProductDetail, productBody } from './catalogue.fixture';
import { productViews } from './product.table';
import { dayIn, recordProductView } from './report.service';

let t: TestApp;
let admin: TestBrowser;
let catalogue: Catalogue;
let shirt: ProductDetail;
let kurti: ProductDetail;
let saree: ProductDetail;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  catalogue = await makeCatalogue(admin);
  // Shirt: cost 500.00, M 10 and L 2 (threshold 3: L is low). Kurti: cost 300.00, 4 (threshold 5: low). Saree: cost 1000.25, 1 (threshold 0).
  shirt = await createProduct(
    admin,
    productBody(catalogue, {
      name: 'Oxford Shirt',
      sku: 'OX-1',
      category_id: catalogue.men,
      subcategory_id: catalogue.shirts,
      purchase_cost: 50000,
      low_stock_threshold: 3,
      variants: [
        { sku: 'OX-1-M', attribute_value_ids: [catalogue.size.m], opening_stock: 10 },
        { sku: 'OX-1-L', attribute_value_ids: [catalogue.size.l], opening_stock: 2 },
      ],
    }),
  );
  kurti = await createProduct(
    admin,
    productBody(catalogue, {
      name: 'Cotton Kurti',
      sku: 'CK-1',
      purchase_cost: 30000,
      low_stock_threshold: 5,
      variants: [{ opening_stock: 4 }],
    }),
  );
  saree = await createProduct(
    admin,
    productBody(catalogue, {
      name: 'Silk Saree',
      sku: 'SS-1',
      subcategory_id: catalogue.kurti,
      sub_subcategory_id: catalogue.cotton,
      purchase_cost: 100025,
      low_stock_threshold: 0,
      variants: [{ opening_stock: 1 }],
    }),
  );
});
afterAll(() => t.close());

const shirtValue = 12 * 50000;
const kurtiValue = 4 * 30000;
const sareeValue = 100025;

describe('stock report', () => {
  it('groups by product with stock value at cost, and totals over every row', async () => {
    const body = (await admin.get('/api/admin/reports/stock?group=product&per_page=2')).json();
    expect(body).toMatchObject({ group: 'product', total: 3, per_page: 2, last_page: 2 });
    expect(body.totals).toEqual({ rows: 3, quantity: 17, stock_value: shirtValue + kurtiValue + sareeValue, low_stock: 1 });
    expect(body.data).toEqual([
      expect.objectContaining({
        name: 'Cotton Kurti',
        stock: 4,
        purchase_cost: 30000,
        stock_value: kurtiValue,
        low_stock: true,
        category_name: 'Women',
      }),
      expect.objectContaining({ name: 'Oxford Shirt', stock: 12, stock_value: shirtValue, low_stock: false, category_name: 'Men' }),
    ]);
    const byValue = (await admin.get('/api/admin/reports/stock?sort=-stock_value&format=resource')).json();
    expect(byValue.data.map((row: { sku: string }) => row.sku)).toEqual(['OX-1', 'CK-1', 'SS-1']);
    expect(byValue.meta.total).toBe(3);
  });

  it('groups by variant, where low stock is per variant', async () => {
    const body = (await admin.get('/api/admin/reports/stock?group=variant&filter[low_stock]=1')).json();
    expect(body.data.map((row: { sku: string; stock: number; stock_value: number }) => [row.sku, row.stock, row.stock_value])).toEqual([
      [kurti.variants[0]?.sku, 4, kurtiValue],
      ['OX-1-L', 2, 100000],
    ]);
    expect(body.totals).toEqual({ rows: 2, quantity: 6, stock_value: kurtiValue + 100000, low_stock: 2 });
    const all = (await admin.get('/api/admin/reports/stock?group=variant')).json();
    expect(all.totals).toMatchObject({ rows: 4, quantity: 17, stock_value: shirtValue + kurtiValue + sareeValue });
  });

  it('groups by category, and by the level below a chosen category', async () => {
    const top = (await admin.get('/api/admin/reports/stock?group=category')).json();
    expect(top.data).toEqual([
      { category_id: catalogue.men, name: 'Men', level: 1, products: 1, stock: 12, stock_value: shirtValue, low_stock: 0 },
      { category_id: catalogue.women, name: 'Women', level: 1, products: 2, stock: 5, stock_value: kurtiValue + sareeValue, low_stock: 1 },
    ]);
    expect(top.totals).toEqual({ rows: 2, quantity: 17, stock_value: shirtValue + kurtiValue + sareeValue, low_stock: 1 });
    const women = (await admin.get(`/api/admin/reports/stock?group=category&filter[category_id]=${catalogue.women}`)).json();
    expect(women.data.map((row: { name: string; stock: number; level: number }) => [row.name, row.stock, row.level])).toEqual([
      ['Kurti', 5, 2],
    ]);
    const lowWomen = (
      await admin.get(`/api/admin/reports/stock?group=product&filter[low_stock]=1&filter[category_id]=${catalogue.women}`)
    ).json();
    expect(lowWomen.data.map((row: { sku: string }) => row.sku)).toEqual(['CK-1']);
    expect((await admin.get('/api/admin/reports/stock?group=brand')).json().errors).toHaveProperty('group');
    expect(saree.id).toBeGreaterThan(0);
  });
});

describe('product views', () => {
  it('counts a view on the shop’s day in Asia/Dhaka', async () => {
    // 20:30 UTC on 1 March is 02:30 on 2 March in Dhaka.
    await recordProductView(t.database.db, shirt.id, new Date('2025-03-01T20:30:00Z'));
    await recordProductView(t.database.db, shirt.id, new Date('2025-03-01T17:59:00Z'));
    await Promise.all([1, 2, 3].map(() => recordProductView(t.database.db, kurti.id, new Date('2025-03-02T10:00:00Z'))));
    const rows = await t.database.db.select().from(productViews);
    expect(rows.map((row) => [row.productId, row.day, row.views]).sort()).toEqual(
      [
        [shirt.id, '2025-03-01', 1],
        [shirt.id, '2025-03-02', 1],
        [kurti.id, '2025-03-02', 3],
      ].sort(),
    );
    expect(dayIn('Asia/Dhaka', new Date('2025-03-01T18:00:00Z'))).toBe('2025-03-02');
  });

  it('reports views per product, most viewed first, and per day', async () => {
    const body = (await admin.get('/api/admin/reports/product-views?from=2025-02-28&to=2025-03-03')).json();
    expect(body).toMatchObject({ from: '2025-02-28', to: '2025-03-03', total_views: 5, total: 2 });
    expect(body.data).toEqual([
      { product_id: kurti.id, name: 'Cotton Kurti', sku: 'CK-1', status: 1, views: 3 },
      { product_id: shirt.id, name: 'Oxford Shirt', sku: 'OX-1', status: 1, views: 2 },
    ]);
    expect(body.days).toEqual([
      { date: '2025-02-28', views: 0 },
      { date: '2025-03-01', views: 1 },
      { date: '2025-03-02', views: 4 },
      { date: '2025-03-03', views: 0 },
    ]);
    const oneDay = (await admin.get('/api/admin/reports/product-views?from=2025-03-01&to=2025-03-01')).json();
    expect(oneDay.data).toEqual([expect.objectContaining({ product_id: shirt.id, views: 1 })]);
    const recent = (await admin.get('/api/admin/reports/product-views')).json();
    expect(recent.days).toHaveLength(30);
    expect(recent.to).toBe(dayIn('Asia/Dhaka', new Date()));
  });

  it('refuses dates in the wrong order or a bad format', async () => {
    const backwards = await admin.get('/api/admin/reports/product-views?from=2025-03-05&to=2025-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ to: ['The end date must be on or after the start date.'] });
    expect((await admin.get('/api/admin/reports/product-views?from=01/03/2025')).json().errors).toHaveProperty('from');
    expect((await admin.get('/api/admin/reports/product-views?from=2023-01-01&to=2025-01-01')).json().errors).toHaveProperty('from');
  });
});

describe('dashboard', () => {
  it('shows published products, low-stock variants and stock value from the database', async () => {
    await admin.post('/api/admin/products/bulk', { action: 'unpublish', ids: [saree.id] });
    const view = (await admin.get('/api/admin/dashboard')).json();
    const card = (id: string) => view.cards.find((item: { id: string }) => item.id === id);
    expect(card('products-published')).toMatchObject({ value: 2, format: 'count' });
    expect(card('low-stock-variants')).toEqual({
      id: 'low-stock-variants',
      label: 'Low-stock variants',
      value: 2,
      format: 'count',
      link: '/admin/report/product/stock?filter[low_stock]=1',
    });
    expect(card('stock-value')).toMatchObject({ value: shirtValue + kurtiValue + sareeValue, format: 'money' });
  });
});
