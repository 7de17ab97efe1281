import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../http/csv';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { createAdmin } from '../staff';
import { adminPermissions } from '../staff/admin.table';
import { type Catalogue, createProduct, makeCatalogue, type ProductDetail, productBody } from './catalogue.fixture';
import { productImages, products, stockMovements } from './product.table';
import { ledgerMismatches } from './stock.service';

let t: TestApp;
let admin: TestBrowser;
let catalogue: Catalogue;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  catalogue = await makeCatalogue(admin);
});
afterAll(() => t.close());

async function staffWith(email: string, permissions: string[]) {
  const id = await createAdmin(t.database.db, { name: 'Catalogue Staff', email, password: 'staff-password-1' });
  if (permissions.length) {
    await t.database.db.insert(adminPermissions).values(permissions.map((permission) => ({ adminId: id, permission })));
  }
  const browser = await t.browser();
  await browser.loginAdmin(email, 'staff-password-1');
  return browser;
}

describe('creating and reading a product', () => {
  let kurti: ProductDetail;

  it('creates a product with two variants and an image, with opening stock in the ledger', async () => {
    kurti = await createProduct(
      admin,
      productBody(catalogue, {
        name: 'Block Print Kurti',
        sku: 'kt-200',
        sub_subcategory_id: catalogue.cotton,
        description: '<p onclick="steal()">Soft <strong>cotton</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
        discount_price: 110000,
        discount_starts_at: '2025-03-01T00:00:00+06:00',
        discount_ends_at: '2025-03-31T23:59:00+06:00',
        video_url: 'https://www.youtube.com/watch?v=abc',
        images: [
          { path: 'products/a.webp', thumbnail: 'products/a-thumb.webp' },
          { path: 'products/b.webp', thumbnail: 'products/b-thumb.webp' },
        ],
        main_index: 1,
        variants: [
          { sku: 'KT-200-M-RED', attribute_value_ids: [catalogue.colour.red, catalogue.size.m], opening_stock: 7 },
          { sku: '', attribute_value_ids: [catalogue.size.l, catalogue.colour.red], price_override: 130000, opening_stock: 0 },
        ],
      }),
    );
    expect(kurti).toMatchObject({
      name: 'Block Print Kurti',
      slug: 'block-print-kurti',
      sku: 'KT-200',
      stock: 7,
      status: 1,
      retail_price: 125050,
      category_name: 'Women',
      subcategory_name: 'Kurti',
      sub_subcategory_name: 'Cotton Kurti',
      brand_name: 'Aarong Style',
      main_index: 1,
    });
    expect(kurti.description).toBe('<p>Soft <strong>cotton</strong> <a>x</a></p>');
    expect(kurti.images.map((image) => [image.path, image.is_main])).toEqual([
      ['products/a.webp', false],
      ['products/b.webp', true],
    ]);
    expect(kurti.variants.map((variant) => [variant.sku, variant.label, variant.stock, variant.price])).toEqual([
      ['KT-200-M-RED', 'M / Red', 7, 125050],
      ['KT-200-2', 'L / Red', 0, 130000],
    ]);
    const ledger = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.variantId, kurti.variants[0]?.id ?? 0));
    expect(ledger).toMatchObject([{ quantity: 7, kind: 'opening' }]);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it('reads everything the edit form needs', async () => {
    const read = await admin.get(`/api/admin/products/${kurti.id}`);
    expect(read.statusCode).toBe(200);
    const data = read.json().data;
    expect(data).toMatchObject({
      id: kurti.id,
      discount_price: 110000,
      video_url: 'https://www.youtube.com/watch?v=abc',
      low_stock: false,
    });
    expect(new Date(data.discount_starts_at).toISOString()).toBe('2025-02-28T18:00:00.000Z');
    expect(data.variants[0]).toMatchObject({
      values: [
        { attribute: 'Size', value: 'M' },
        { attribute: 'Colour', value: 'Red' },
      ],
      removable: true,
      has_stock_history: false,
    });
    expect((await admin.get('/api/admin/products/999999')).statusCode).toBe(404);
  });

  it('makes a single variant without options take the product SKU', async () => {
    const plain = await createProduct(
      admin,
      productBody(catalogue, { name: 'Plain Shirt', sku: 'SH-1', category_id: catalogue.men, subcategory_id: catalogue.shirts }),
    );
    expect(plain.variants).toMatchObject([{ sku: 'SH-1', label: '', attribute_value_ids: [] }]);
    expect(plain.images).toEqual([]);
    expect(plain.main_index).toBeNull();
  });
});

describe('validation names the field', () => {
  it('refuses a wholesale or discount price above retail', async () => {
    const response = await admin.post(
      '/api/admin/products',
      productBody(catalogue, { sku: 'BAD-1', wholesale_price: 200000, retail_price: 150000, discount_price: 150000 }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      wholesale_price: ['The wholesale price cannot be higher than the retail price'],
      discount_price: ['The discount price must be lower than the retail price'],
    });
  });

  it('names every bad field at once, and discount dates in order', async () => {
    const response = await admin.post('/api/admin/products', {
      ...productBody(catalogue),
      name: '',
      sku: 'has space',
      low_stock_threshold: -1,
      discount_starts_at: '2025-03-02T00:00:00Z',
      discount_ends_at: '2025-03-01T00:00:00Z',
      video_url: 'http://insecure.example',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['discount_ends_at', 'low_stock_threshold', 'name', 'sku', 'video_url']);
  });

  it('refuses a category path that does not hold together', async () => {
    const wrongSub = await admin.post('/api/admin/products', productBody(catalogue, { sku: 'BAD-2', subcategory_id: catalogue.shirts }));
    expect(wrongSub.statusCode).toBe(422);
    expect(wrongSub.json().errors).toEqual({ subcategory_id: ['Choose a subcategory of Women.'] });
    const notTop = await admin.post(
      '/api/admin/products',
      productBody(catalogue, { sku: 'BAD-3', category_id: catalogue.kurti, subcategory_id: null }),
    );
    expect(notTop.json().errors).toEqual({ category_id: ['Choose a category.'] });
    const skipped = await admin.post(
      '/api/admin/products',
      productBody(catalogue, { sku: 'BAD-4', subcategory_id: null, sub_subcategory_id: catalogue.cotton }),
    );
    expect(skipped.json().errors).toEqual({ sub_subcategory_id: ['Choose the subcategory first.'] });
    const missingBrand = await admin.post('/api/admin/products', productBody(catalogue, { sku: 'BAD-5', brand_id: 999999 }));
    expect(missingBrand.json().errors).toEqual({ brand_id: ['Choose a brand.'] });
  });

  it('refuses duplicate SKUs: across the variants, with another product, with another product’s variant', async () => {
    const twice = await admin.post(
      '/api/admin/products',
      productBody(catalogue, {
        sku: 'DUP-1',
        variants: [
          { sku: 'dup-1-a', attribute_value_ids: [catalogue.size.m] },
          { sku: 'DUP-1-A', attribute_value_ids: [catalogue.size.l] },
        ],
      }),
    );
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ 'variants.1.sku': ['Another variant already uses SKU DUP-1-A'] });

    const sameProductSku = await admin.post('/api/admin/products', productBody(catalogue, { sku: 'KT-200' }));
    expect(sameProductSku.json().errors).toEqual({ sku: ['Another product already uses this SKU.'] });

    const variantTaken = await admin.post(
      '/api/admin/products',
      productBody(catalogue, { sku: 'DUP-2', variants: [{ sku: 'KT-200-M-RED', attribute_value_ids: [] }] }),
    );
    expect(variantTaken.json().errors).toEqual({ 'variants.0.sku': ['SKU KT-200-M-RED is already used by Block Print Kurti.'] });
  });

  it('refuses variants with the same options, two values of one attribute, or none when there are several', async () => {
    const response = await admin.post(
      '/api/admin/products',
      productBody(catalogue, {
        sku: 'OPT-1',
        variants: [{ attribute_value_ids: [catalogue.size.m] }, { attribute_value_ids: [catalogue.size.m] }, { attribute_value_ids: [] }],
      }),
    );
    expect(response.json().errors).toEqual({
      'variants.1.attribute_value_ids': ['Another variant has the same options'],
      'variants.2.attribute_value_ids': ['Choose the options of this variant (a product with several variants needs them)'],
    });
    const twoSizes = await admin.post(
      '/api/admin/products',
      productBody(catalogue, { sku: 'OPT-2', variants: [{ attribute_value_ids: [catalogue.size.m, catalogue.size.l] }] }),
    );
    expect(twoSizes.json().errors).toEqual({ 'variants.0.attribute_value_ids': ['Choose one Size: M or L.'] });
    const [written] = await t.database.db.select().from(products).where(eq(products.sku, 'OPT-2'));
    expect(written).toBeUndefined();
  });
});

describe('updating a product', () => {
  it('changes, adds and removes variants without touching stock, and refuses removing one with history', async () => {
    const product = await createProduct(
      admin,
      productBody(catalogue, {
        name: 'Linen Kurti',
        sku: 'LN-1',
        images: [{ path: 'products/l.webp', thumbnail: 'products/l-t.webp' }],
        variants: [
          { sku: 'LN-1-M', attribute_value_ids: [catalogue.size.m], opening_stock: 5 },
          { sku: 'LN-1-L', attribute_value_ids: [catalogue.size.l], opening_stock: 3 },
          { sku: 'LN-1-XL', attribute_value_ids: [catalogue.size.xl], opening_stock: 2 },
        ],
      }),
    );
    expect(product.stock).toBe(10);
    const [m, l, xl] = product.variants;
    const adjusted = await admin.post(`/api/admin/products/${product.id}/stock`, { variant_id: l?.id, quantity: -1, reason: 'Damaged' });
    expect(adjusted.statusCode).toBe(200);

    const base = productBody(catalogue, { name: 'Linen Kurti', sku: 'LN-1', images: [] });
    // L has an adjustment: it cannot go.
    const refused = await admin.put(`/api/admin/products/${product.id}`, {
      ...base,
      variants: [{ id: m?.id, sku: 'LN-1-M', attribute_value_ids: [catalogue.size.m] }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      variants: ['The variant L (LN-1-L) has stock history and cannot be removed; set its stock to 0 instead.'],
    });

    // XL (opening stock only) goes, M changes SKU and price, a Red variant comes with its opening stock, stock typed for M is ignored.
    const saved = await admin.put(`/api/admin/products/${product.id}`, {
      ...base,
      retail_price: 140000,
      variants: [
        { id: m?.id, sku: 'LN-1-MED', attribute_value_ids: [catalogue.size.m], price_override: 150000, opening_stock: 99 },
        { id: l?.id, sku: 'LN-1-L', attribute_value_ids: [catalogue.size.l] },
        { sku: 'LN-1-RED', attribute_value_ids: [catalogue.colour.red], opening_stock: 4 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const data = saved.json().data as ProductDetail;
    expect(data.variants.map((variant) => [variant.sku, variant.label, variant.stock, variant.price])).toEqual([
      ['LN-1-MED', 'M', 5, 150000],
      ['LN-1-L', 'L', 2, 140000],
      ['LN-1-RED', 'Red', 4, 140000],
    ]);
    expect(data.variants[0]?.id).toBe(m?.id);
    expect(data.stock).toBe(11);
    expect(data.images).toEqual([]);
    expect(xl).toBeDefined();
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
    const images = await t.database.db.select().from(productImages).where(eq(productImages.productId, product.id));
    expect(images).toEqual([]);
  });

  it('refuses a variant id of another product', async () => {
    const one = await createProduct(admin, productBody(catalogue, { name: 'First', sku: 'FIRST-1' }));
    const two = await createProduct(admin, productBody(catalogue, { name: 'Second', sku: 'SECOND-1' }));
    const response = await admin.put(
      `/api/admin/products/${two.id}`,
      productBody(catalogue, { name: 'Second', sku: 'SECOND-1', variants: [{ id: one.variants[0]?.id, sku: 'SECOND-1' }] }),
    );
    expect(response.json().errors).toEqual({ 'variants.0.id': ['This variant is not one of this product’s.'] });
  });
});

describe('the product list', () => {
  beforeAll(async () => {
    const rows: [string, string, number, number, number, number][] = [
      ['Alpha Polo Shirt', 'LS-A1', catalogue.men, 50000, 0, 1],
      ['Beta Denim Shirt', 'LS-B1', catalogue.men, 90000, 2, 1],
      ['Gamma Silk Kurti', 'LS-G1', catalogue.women, 300000, 20, 0],
      ['Delta Khadi Kurti', 'LS-D1', catalogue.women, 150000, 6, 1],
    ];
    for (const [name, sku, category, retail, stock, status] of rows) {
      await createProduct(
        admin,
        productBody(catalogue, {
          name,
          sku,
          category_id: category,
          subcategory_id: category === catalogue.men ? catalogue.shirts : catalogue.kurti,
          retail_price: retail,
          wholesale_price: retail / 2,
          status,
          low_stock_threshold: 5,
          variants: [{ sku: `${sku}-V`, opening_stock: stock }],
        }),
      );
    }
  });

  const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name);

  it('answers rows with prices, stock, names, thumbnail and variant count, newest first', async () => {
    const body = (await admin.get('/api/admin/products?per_page=3')).json();
    expect(body).toMatchObject({ current_page: 1, per_page: 3, from: 1, to: 3 });
    expect(names(body)).toEqual(['Delta Khadi Kurti', 'Gamma Silk Kurti', 'Beta Denim Shirt']);
    expect(body.data[0]).toMatchObject({
      sku: 'LS-D1',
      status: 1,
      retail_price: 150000,
      wholesale_price: 75000,
      stock: 6,
      low_stock_threshold: 5,
      low_stock: false,
      category_name: 'Women',
      subcategory_name: 'Kurti',
      brand_name: 'Aarong Style',
      thumbnail: null,
      variants_count: 1,
    });
    const withImage = (await admin.get('/api/admin/products?q=block print')).json();
    expect(withImage.data[0]).toMatchObject({ thumbnail: 'products/b-thumb.webp', variants_count: 2 });
  });

  it('searches name (contains) and SKU of the product or a variant (exact or prefix)', async () => {
    expect(names((await admin.get('/api/admin/products?q=silk')).json())).toEqual(['Gamma Silk Kurti']);
    expect(names((await admin.get('/api/admin/products?q=ls-')).json())).toEqual([
      'Delta Khadi Kurti',
      'Gamma Silk Kurti',
      'Beta Denim Shirt',
      'Alpha Polo Shirt',
    ]);
    expect(names((await admin.get('/api/admin/products?q=LS-B1-V')).json())).toEqual(['Beta Denim Shirt']);
    expect((await admin.get('/api/admin/products?q=100%25')).json().total).toBe(0);
  });

  it('filters by category at any level, brand, status and low stock', async () => {
    const men = (await admin.get(`/api/admin/products?filter[category_id]=${catalogue.men}&sort=name`)).json();
    expect(names(men)).toEqual(['Alpha Polo Shirt', 'Beta Denim Shirt', 'Plain Shirt']);
    const shirts = (await admin.get(`/api/admin/products?filter[category_id]=${catalogue.shirts}`)).json();
    expect(shirts.total).toBe(3);
    const cotton = (await admin.get(`/api/admin/products?filter[category_id]=${catalogue.cotton}`)).json();
    expect(names(cotton)).toEqual(['Block Print Kurti']);
    const drafts = (await admin.get('/api/admin/products?filter[status]=0')).json();
    expect(names(drafts)).toEqual(['Gamma Silk Kurti']);
    const low = (await admin.get(`/api/admin/products?filter[low_stock]=1&filter[category_id]=${catalogue.men}&sort=name`)).json();
    expect(names(low)).toEqual(['Alpha Polo Shirt', 'Beta Denim Shirt', 'Plain Shirt']);
    expect(low.data.every((row: { low_stock: boolean }) => row.low_stock)).toBe(true);
    const branded = (await admin.get(`/api/admin/products?filter[brand_id]=${catalogue.brand}`)).json();
    expect(branded.total).toBeGreaterThan(5);
    const unknown = await admin.get('/api/admin/products?filter[colour]=red');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty(['filter.colour']);
  });

  it('sorts by name, price, stock and date both ways', async () => {
    const query = `filter[category_id]=${catalogue.men}&q=ls-`;
    expect(names((await admin.get(`/api/admin/products?${query}&sort=-retail_price`)).json())).toEqual([
      'Beta Denim Shirt',
      'Alpha Polo Shirt',
    ]);
    expect(names((await admin.get(`/api/admin/products?${query}&sort=stock`)).json())).toEqual(['Alpha Polo Shirt', 'Beta Denim Shirt']);
    expect(names((await admin.get(`/api/admin/products?${query}&sort=-name`)).json())).toEqual(['Beta Denim Shirt', 'Alpha Polo Shirt']);
    expect(names((await admin.get(`/api/admin/products?${query}&sort=created_at`)).json())).toEqual([
      'Alpha Polo Shirt',
      'Beta Denim Shirt',
    ]);
    expect((await admin.get('/api/admin/products?sort=purchase_cost')).json().errors).toHaveProperty('sort');
  });

  it('pages in both shapes, counting only when a page is full', async () => {
    const total = (await t.database.db.select().from(products)).length;
    const plain = (await admin.get('/api/admin/products?per_page=2&page=2&sort=id')).json();
    expect(plain).toMatchObject({
      current_page: 2,
      per_page: 2,
      total,
      last_page: Math.ceil(total / 2),
      from: 3,
      to: 4,
      next_page_url: '/api/admin/products?per_page=2&sort=id&page=3',
      prev_page_url: '/api/admin/products?per_page=2&sort=id&page=1',
    });
    const lastPage = Math.ceil(total / 2);
    const resource = (await admin.get(`/api/admin/products?per_page=2&page=${lastPage}&sort=id&format=resource`)).json();
    expect(resource.meta).toMatchObject({ current_page: lastPage, last_page: lastPage, total });
    expect(resource.links).toMatchObject({ next: null, first: '/api/admin/products?per_page=2&sort=id&format=resource&page=1' });
    const beyond = (await admin.get('/api/admin/products?per_page=2&page=500')).json();
    expect(beyond).toMatchObject({ data: [], total, from: null });
  });
});

describe('bulk actions, delete and export', () => {
  it('publishes and unpublishes many, reporting ids that are not there', async () => {
    const one = await createProduct(admin, productBody(catalogue, { name: 'Bulk One', sku: 'BULK-1', status: 0 }));
    const two = await createProduct(admin, productBody(catalogue, { name: 'Bulk Two', sku: 'BULK-2', status: 0 }));
    const published = await admin.post('/api/admin/products/bulk', { action: 'publish', ids: [one.id, two.id, 987654] });
    expect(published.json()).toMatchObject({ done: [one.id, two.id], refused: [{ id: 987654, message: 'The product was not found.' }] });
    const rows = await t.database.db.select({ status: products.status }).from(products).where(eq(products.sku, 'BULK-1'));
    expect(rows).toEqual([{ status: 1 }]);
    const unpublished = await admin.post('/api/admin/products/bulk', { action: 'unpublish', ids: [two.id] });
    expect(unpublished.json().done).toEqual([two.id]);
    expect((await admin.get(`/api/admin/products/${two.id}`)).json().data.status).toBe(0);
  });

  it('refuses to delete a product while a combo holds it, in bulk too, and deletes it once free', async () => {
    const held = await createProduct(admin, productBody(catalogue, { name: 'Combo Part', sku: 'PART-1' }));
    const other = await createProduct(admin, productBody(catalogue, { name: 'Combo Other', sku: 'PART-2' }));
    const free = await createProduct(admin, productBody(catalogue, { name: 'Free Product', sku: 'FREE-1' }));
    const combo = await admin.post('/api/admin/combos', {
      name: 'Eid Pair',
      price: 150000,
      items: [
        { variant_id: held.variants[0]?.id, quantity: 1 },
        { variant_id: other.variants[0]?.id, quantity: 1 },
      ],
    });
    expect(combo.statusCode, combo.body).toBe(201);

    const refused = await admin.delete(`/api/admin/products/${held.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This product cannot be deleted: it is used by 1 combo.');
    const bulk = await admin.post('/api/admin/products/bulk', { action: 'delete', ids: [held.id, free.id] });
    expect(bulk.json()).toMatchObject({ done: [free.id], refused: [{ id: held.id, message: expect.stringContaining('1 combo') }] });

    // A variant in a combo cannot be removed from its product either.
    const removeVariant = await admin.put(
      `/api/admin/products/${held.id}`,
      productBody(catalogue, { name: 'Combo Part', sku: 'PART-1', variants: [{ sku: 'PART-1-NEW' }] }),
    );
    expect(removeVariant.json().errors.variants[0]).toContain('is part of a combo');

    expect((await admin.delete(`/api/admin/combos/${combo.json().data.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/products/${held.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/products/${held.id}`)).statusCode).toBe(404);
  });

  it('exports the filtered list as CSV, one line per variant, with readable headers and money in taka', async () => {
    const response = await admin.get(`/api/admin/products/export.csv?filter[category_id]=${catalogue.cotton}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...lines] = parseCsv(response.body);
    expect(header?.slice(0, 6)).toEqual(['Product ID', 'Product', 'Product SKU', 'Variant SKU', 'Variant', 'Category']);
    expect(lines).toHaveLength(2);
    const column = (name: string) => header?.indexOf(name) ?? -1;
    expect(
      lines.map((line) => [
        line[column('Variant SKU')],
        line[column('Retail price')],
        line[column('Variant price')],
        line[column('Stock')],
      ]),
    ).toEqual([
      ['KT-200-M-RED', '1250.50', '1250.50', '7'],
      ['KT-200-2', '1250.50', '1300.00', '0'],
    ]);
    const everything = parseCsv((await admin.get('/api/admin/products/export.csv')).body);
    expect(everything.length - 1).toBeGreaterThan(10);
  });
});

describe('permissions', () => {
  it('refuses a staff member without product.view, and each action without its permission', async () => {
    const nobody = await staffWith('nobody@test.haat', []);
    const list = await nobody.get('/api/admin/products');
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toContain('product.view');
    expect((await nobody.get('/api/admin/products/1')).statusCode).toBe(403);

    const viewer = await staffWith('viewer@test.haat', ['product.view']);
    expect((await viewer.get('/api/admin/products')).statusCode).toBe(200);
    const create = await viewer.post('/api/admin/products', productBody(catalogue, { sku: 'NOPE-1' }));
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toContain('product.create');
    expect((await viewer.get('/api/admin/products/export.csv')).json().message).toContain('product.export');
    expect(
      (await viewer.post('/api/admin/products/1/stock', { variant_id: 1, quantity: 1, reason: 'Found one' })).json().message,
    ).toContain('stock.adjust');
    expect((await viewer.post('/api/admin/products/bulk', { action: 'publish', ids: [1] })).statusCode).toBe(403);
    expect((await viewer.get('/api/admin/reports/stock')).json().message).toContain('stock.report.view');
    expect((await viewer.get('/api/admin/combos')).json().message).toContain('combo.view');
    const visitor = await t.browser();
    expect((await visitor.get('/api/admin/products')).statusCode).toBe(401);
  });
});
