import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import { parseCsv } from '../../http/csv';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { type Catalogue, createProduct, makeCatalogue, productBody } from './catalogue.fixture';
import { productVariants } from './product.table';
import { searchVariantIds, variantIdByCode } from './variant-lookup.service';

let t: TestApp;
let admin: TestBrowser;
let catalogue: Catalogue;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  catalogue = await makeCatalogue(admin);
}, 240_000);
afterAll(() => t?.close());

/** A multipart body with one file, as a browser sends it. */
function upload(url: string, csv: string) {
  const boundary = '----haat-test-boundary';
  const body = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="products.csv"',
    'Content-Type: text/csv',
    '',
    csv,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return admin.request('POST', url, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

type Variant = { id: number; sku: string; barcode: string | null; average_cost: number | null };
const variantsOf = async (id: number) => (await admin.get(`/api/admin/products/${id}`)).json().data.variants as Variant[];

describe('a variant’s barcode', () => {
  it('is saved with the product, shown with the average cost (none before a purchase), and found by a scan or a search', async () => {
    const product = await createProduct(
      admin,
      productBody(catalogue, {
        sku: 'BC-100',
        variants: [
          { sku: 'BC-100-M', attribute_value_ids: [catalogue.size.m], opening_stock: 2, barcode: '8801234567893' },
          { sku: 'BC-100-L', attribute_value_ids: [catalogue.size.l], opening_stock: 0, barcode: '' },
        ],
      }),
    );
    const [m, l] = await variantsOf(product.id);
    expect(m).toMatchObject({ sku: 'BC-100-M', barcode: '8801234567893', average_cost: null });
    expect(l).toMatchObject({ sku: 'BC-100-L', barcode: null, average_cost: null });

    // A purchase received sets the moving-average cost; the form reads it.
    await t.database.db
      .update(productVariants)
      .set({ averageCost: 61250 })
      .where(eq(productVariants.id, m?.id ?? 0));
    expect((await variantsOf(product.id))[0]?.average_cost).toBe(61250);

    const ctx = systemCtx(t.database.db);
    expect(await variantIdByCode(ctx, ' 8801234567893 ')).toBe(m?.id);
    expect(await variantIdByCode(ctx, 'bc-100-l')).toBe(l?.id);
    expect(await variantIdByCode(ctx, '8801234567800')).toBeNull();
    expect(await searchVariantIds(ctx, '8801234567893', 10)).toEqual([m?.id]);

    // Changing and swapping barcodes between a product's own variants is allowed.
    const body = (codes: [string, string]) =>
      productBody(catalogue, {
        sku: 'BC-100',
        variants: [
          { id: m?.id, sku: 'BC-100-M', attribute_value_ids: [catalogue.size.m], barcode: codes[0] },
          { id: l?.id, sku: 'BC-100-L', attribute_value_ids: [catalogue.size.l], barcode: codes[1] },
        ],
      });
    const changed = await admin.put(`/api/admin/products/${product.id}`, body(['8801234567893', '96385074']));
    expect(changed.statusCode, changed.body).toBe(200);
    const swapped = await admin.put(`/api/admin/products/${product.id}`, body(['96385074', '8801234567893']));
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect((await variantsOf(product.id)).map((variant) => variant.barcode)).toEqual(['96385074', '8801234567893']);
  });

  it('is unique: a barcode another product’s variant has is refused with a 422 naming the field', async () => {
    await createProduct(
      admin,
      productBody(catalogue, { sku: 'BC-200', variants: [{ sku: '', attribute_value_ids: [], barcode: '4006381333931' }] }),
    );
    const taken = await admin.post(
      '/api/admin/products',
      productBody(catalogue, { sku: 'BC-201', variants: [{ sku: '', attribute_value_ids: [], barcode: '4006381333931' }] }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      'variants.0.barcode': ['Barcode 4006381333931 is already used by Plain Cotton Kurti (BC-200).'],
    });

    // Two saves at once with one new barcode: one wins, the other is told which field (the unique index decides).
    const racing = await Promise.all(
      ['BC-210', 'BC-211'].map((sku) =>
        admin.post(
          '/api/admin/products',
          productBody(catalogue, {
            sku,
            name: `Racing Kurti ${sku}`,
            variants: [{ sku: '', attribute_value_ids: [], barcode: '2000000999999' }],
          }),
        ),
      ),
    );
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(Object.keys(racing.find((answer) => answer.statusCode === 422)?.json().errors ?? {})).toEqual(['variants.0.barcode']);

    // Twice in one form, a mistyped check digit, a space: named before anything is written.
    const twice = await admin.post(
      '/api/admin/products',
      productBody(catalogue, {
        sku: 'BC-202',
        variants: [
          { sku: '', attribute_value_ids: [catalogue.size.m], barcode: '5012345678900' },
          { sku: '', attribute_value_ids: [catalogue.size.l], barcode: '5012345678900' },
          { sku: '', attribute_value_ids: [catalogue.size.xl], barcode: '5012345678901' },
        ],
      }),
    );
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toMatchObject({
      'variants.1.barcode': ['Another variant already uses barcode 5012345678900'],
      'variants.2.barcode': ['This barcode’s last digit is not its check digit: look at the number again'],
    });
    const spaced = await admin.post(
      '/api/admin/products',
      productBody(catalogue, { sku: 'BC-203', variants: [{ sku: '', attribute_value_ids: [], barcode: 'AB 12' }] }),
    );
    expect(spaced.json().errors).toEqual({ 'variants.0.barcode': ['A barcode has letters, digits and . _ - / + only, without spaces'] });
  });

  it('is read and written by the CSV import and export', async () => {
    const header = 'SKU,Name,Category,Wholesale price,Retail price,Barcode';
    const created = await upload('/api/admin/products/import', [header, 'BC-300,Khadi Panjabi,Men,900,1200,0012345678905'].join('\n'));
    expect(created.statusCode, created.body).toBe(200);
    const refused = await upload(
      '/api/admin/products/import',
      [header, 'BC-301,Silk Panjabi,Men,900,1200,0012345678905', 'BC-302,Linen Panjabi,Men,900,1200,4006381333931'].join('\n'),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().report).toEqual([
      { row: 2, sku: 'BC-301', errors: { barcode: ['Barcode 0012345678905 is already used by Khadi Panjabi (BC-300).'] } },
      { row: 3, sku: 'BC-302', errors: { barcode: ['Barcode 4006381333931 is already used by Plain Cotton Kurti (BC-200).'] } },
    ]);
    // An existing product's barcode changes through the file too.
    const updated = await upload('/api/admin/products/import', [header, 'BC-300,,,,,0012345678912'].join('\n'));
    expect(updated.statusCode, updated.body).toBe(200);

    const csv = parseCsv((await admin.get('/api/admin/products/export.csv?q=BC-300')).body);
    const [columns, ...lines] = csv;
    const at = (name: string) => columns?.indexOf(name) ?? -1;
    expect(lines.map((line) => [line[at('Variant SKU')], line[at('Barcode')], line[at('Average cost')]])).toEqual([
      ['BC-300', '0012345678912', ''],
    ]);
  });
});
