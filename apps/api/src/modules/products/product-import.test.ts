import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { type Catalogue, createProduct, makeCatalogue, productBody } from './catalogue.fixture';
import { products, productVariants, stockMovements } from './product.table';
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

/** A multipart body with one file, as a browser sends it. */
function upload(browser: TestBrowser, url: string, csv: string, filename = 'products.csv') {
  const boundary = '----haat-test-boundary';
  const body = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${filename}"`,
    'Content-Type: text/csv',
    '',
    csv,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return browser.request('POST', url, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

const HEADER =
  'SKU,Name,Category,Brand,Purchase cost,Wholesale price,Retail price (৳),Discount price,Status,Stock,Description,Low stock threshold,Weight (g),Notes';

describe('CSV import', () => {
  it('refuses the whole file when a row is bad, with a row-by-row report, and writes nothing', async () => {
    const csv = [
      HEADER,
      'IMP-1,Jamdani Saree,Women > Kurti,Aarong Style,800,1000,1250.50,,1,5,<p>Fine</p>,3,450,ok',
      'IMP-2,Bad Prices,women,,800,1500,1250,1300,1,0,,,,',
      'IMP-3,No Such Category,Women > Sarees,,1,1,2,,1,0,,,,',
      'IMP-1,Twice,Women,,1,1,2,,1,0,,,,',
      'imp 4,Bad Sku,Women,Nobody,abc,1,2,,maybe,-1,,,,',
      'IMP-5,,,,,,,,,,,,,',
    ].join('\n');
    const response = await upload(admin, '/api/admin/products/import', csv);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe('5 rows have errors; nothing was imported.');
    expect(body.ignored_columns).toEqual(['Notes']);
    expect(body.report).toEqual([
      {
        row: 3,
        sku: 'IMP-2',
        errors: {
          wholesale_price: ['The wholesale price cannot be higher than the retail price'],
          discount_price: ['The discount price must be lower than the retail price'],
        },
      },
      { row: 4, sku: 'IMP-3', errors: { category: ['There is no category "Sarees" under Women.'] } },
      { row: 5, sku: 'IMP-1', errors: { sku: ['SKU IMP-1 is already on row 2.'] } },
      {
        row: 6,
        sku: 'IMP 4',
        errors: {
          sku: ['Use letters, digits and . _ - / only, without spaces'],
          purchase_cost: ['The purchase cost must be an amount in taka, like 1250.50'],
          status: ['Use 1 (published) or 0 (draft)'],
          stock: ['The stock must be a whole number'],
        },
      },
      {
        row: 7,
        sku: 'IMP-5',
        errors: {
          name: ['Enter the name of a new product.'],
          wholesale_price: ['Enter the wholesale price of a new product.'],
          retail_price: ['Enter the retail price of a new product.'],
          category: ['Enter the category of a new product.'],
        },
      },
    ]);
    expect(body.errors.file[0]).toContain('Row 3 (IMP-2): wholesale_price');
    const written = await t.database.db
      .select()
      .from(products)
      .where(inArray(products.sku, ['IMP-1', 'IMP-2', 'IMP-3']));
    expect(written).toEqual([]);
  });

  it('checks a good file in a dry run without writing, then imports it in one go', async () => {
    const csv = [
      HEADER,
      'imp-1,Jamdani Saree,Women > Kurti,Aarong Style,800,1000,"1,250.50",,1,5,<p onclick="x()">Fine <b>silk</b></p>,3,450,',
      'IMP-2,Khadi Panjabi,men,aarong-style,700,900,1100,999,draft,0,,,,',
      'IMP-3,Cotton Kurti Set,cotton-kurti,,500,600,900,,1,,,,,',
    ].join('\r\n');
    const dry = await upload(admin, '/api/admin/products/import?dry_run=1', csv);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ dry_run: true, created: 3, updated: 0 });
    expect(await t.database.db.select().from(products).where(eq(products.sku, 'IMP-1'))).toEqual([]);

    const real = await upload(admin, '/api/admin/products/import', csv);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ dry_run: false, created: 3, updated: 0, message: 'Imported: 3 created, 0 updated.' });
    const [saree] = await t.database.db.select().from(products).where(eq(products.sku, 'IMP-1'));
    expect(saree).toMatchObject({
      name: 'Jamdani Saree',
      slug: 'jamdani-saree',
      categoryId: catalogue.women,
      subcategoryId: catalogue.kurti,
      subSubcategoryId: null,
      brandId: catalogue.brand,
      purchaseCost: 80000,
      wholesalePrice: 100000,
      retailPrice: 125050,
      status: 1,
      stock: 5,
      lowStockThreshold: 3,
      weightGrams: 450,
      description: '<p>Fine <strong>silk</strong></p>',
    });
    const [panjabi] = await t.database.db.select().from(products).where(eq(products.sku, 'IMP-2'));
    expect(panjabi).toMatchObject({ categoryId: catalogue.men, status: 0, discountPrice: 99900, stock: 0 });
    const [set] = await t.database.db.select().from(products).where(eq(products.sku, 'IMP-3'));
    expect(set).toMatchObject({ categoryId: catalogue.women, subcategoryId: catalogue.kurti, subSubcategoryId: catalogue.cotton });
    const [variant] = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, saree?.id ?? 0));
    expect(variant).toMatchObject({ sku: 'IMP-1', label: '', stock: 5 });
    const ledger = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.variantId, variant?.id ?? 0));
    expect(ledger).toMatchObject([{ quantity: 5, kind: 'opening', reason: 'Opening stock (CSV import)' }]);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it('updates existing products by SKU: given cells change, empty cells keep, stock is ignored', async () => {
    const made = await createProduct(
      admin,
      productBody(catalogue, { name: 'Made In The Form', sku: 'FORM-1', variants: [{ sku: 'FORM-1', opening_stock: 4 }] }),
    );
    const csv = [
      'sku,name,retail_price,wholesale_price,stock,status',
      'form-1,,1500,,99,0',
      'IMP-1,Jamdani Saree (Red),,,,',
      'NEW-9,New One,200,100,,',
    ].join('\n');
    const failed = await upload(admin, '/api/admin/products/import', csv);
    // A new product needs a category.
    expect(failed.json().report).toEqual([{ row: 4, sku: 'NEW-9', errors: { category: ['Enter the category of a new product.'] } }]);
    const fixed = `${['sku,name,retail_price,wholesale_price,stock,status,category', 'form-1,,1500,,99,0,', 'IMP-1,Jamdani Saree (Red),,,,,'].join('\n')}\n`;
    const response = await upload(admin, '/api/admin/products/import', fixed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 0, updated: 2 });
    const [form] = await t.database.db.select().from(products).where(eq(products.id, made.id));
    expect(form).toMatchObject({ name: 'Made In The Form', retailPrice: 150000, wholesalePrice: 90000, status: 0, stock: 4 });
    const [saree] = await t.database.db.select().from(products).where(eq(products.sku, 'IMP-1'));
    expect(saree).toMatchObject({ name: 'Jamdani Saree (Red)', retailPrice: 125050, stock: 5, slug: 'jamdani-saree' });
  });

  it('checks merged prices of an existing product and SKUs of other products’ variants', async () => {
    await createProduct(
      admin,
      productBody(catalogue, { name: 'Has Variants', sku: 'HV-1', variants: [{ sku: 'HV-1-M', attribute_value_ids: [catalogue.size.m] }] }),
    );
    // Wholesale 900 now, retail 1500: a retail of 800 alone would go below wholesale.
    const csv = ['sku,retail_price,name,category,wholesale_price', 'FORM-1,800,,,', 'HV-1-M,2,Taken,Women,1'].join('\n');
    const response = await upload(admin, '/api/admin/products/import', csv);
    expect(response.json().report).toEqual([
      { row: 2, sku: 'FORM-1', errors: { wholesale_price: ['The wholesale price cannot be higher than the retail price'] } },
      { row: 3, sku: 'HV-1-M', errors: { sku: ['SKU HV-1-M is already used by a variant of Has Variants.'] } },
    ]);
  });

  it('refuses a file without a sku column, an empty file, a missing file, and needs product.import', async () => {
    const noSku = await upload(admin, '/api/admin/products/import', 'name,retail_price\nA,1\n');
    expect(noSku.statusCode).toBe(422);
    expect(noSku.json().errors.file[0]).toContain('"sku" column');
    expect((await upload(admin, '/api/admin/products/import', '')).json().errors.file[0]).toContain('empty');
    expect((await upload(admin, '/api/admin/products/import', 'sku,name\n')).json().errors.file[0]).toContain('no products');
    const notMultipart = await admin.post('/api/admin/products/import', { sku: 'x' });
    expect(notMultipart.statusCode).toBe(422);
    expect(notMultipart.json().errors).toHaveProperty('file');
    const binary = await upload(admin, '/api/admin/products/import', 'sku\u0000\u0001');
    expect(binary.json().errors.file[0]).toContain('not a CSV');
  });

  it('imports 2,000 products in a few batches', async () => {
    const lines = ['sku,name,category,wholesale_price,retail_price,stock'];
    for (let index = 0; index < 2000; index++) lines.push(`BULK-${index},Bulk Product ${index % 50},Women > Kurti,100,150.25,${index % 7}`);
    const started = performance.now();
    const response = await upload(admin, '/api/admin/products/import', lines.join('\n'));
    const elapsed = performance.now() - started;
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.json()).toMatchObject({ created: 2000, updated: 0 });
    // 10,000 must take under 30 s (about 5 s on PGlite, 2 s on PostgreSQL); 2,000 far less, even on a busy machine.
    expect(elapsed).toBeLessThan(10_000);
    const slugs = await t.database.db.select({ slug: products.slug }).from(products).where(eq(products.name, 'Bulk Product 7'));
    expect(new Set(slugs.map((row) => row.slug)).size).toBe(40);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });
});
