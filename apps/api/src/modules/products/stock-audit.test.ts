import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf } from '../../test/audit';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { admins } from '../staff/admin.table';
import { type Catalogue, createProduct, makeCatalogue, type ProductDetail, productBody } from './catalogue.fixture';

let t: TestApp;
let admin: TestBrowser;
let catalogue: Catalogue;
let owner: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  catalogue = await makeCatalogue(admin);
  const [first] = await t.database.db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(asc(admins.id)).limit(1);
  owner = first as { id: number; name: string };
});
afterAll(() => t.close());

describe('the audit of stock adjustments', () => {
  let product: ProductDetail;
  beforeAll(async () => {
    product = await createProduct(
      admin,
      productBody(catalogue, {
        sku: 'AUD-1',
        variants: [{ sku: 'AUD-1-M', attribute_value_ids: [catalogue.size.m], opening_stock: 5 }],
      }),
    );
  });

  it('records the variant, its stock before → after and the reason, by the admin', async () => {
    const variant = product.variants[0]?.id as number;
    const adjusted = await admin.post(`/api/admin/products/${product.id}/stock`, {
      variant_id: variant,
      quantity: -2,
      reason: 'Damaged in the rain',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const [row, ...more] = await auditOf(t.database.db, 'product', product.id, 'stock.adjust');
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      actorKind: 'admin',
      actorId: owner.id,
      actorName: owner.name,
      entity: 'product',
      entityId: String(product.id),
      ip: '127.0.0.1',
      changes: {
        variant_id: { before: variant, after: variant },
        sku: { before: 'AUD-1-M', after: 'AUD-1-M' },
        stock: { before: 5, after: 3 },
        reason: { before: null, after: 'Damaged in the rain' },
      },
    });
  });

  it('writes no row for a refused adjustment', async () => {
    const before = (await auditOf(t.database.db, 'product', product.id, 'stock.adjust')).length;
    const variant = product.variants[0]?.id as number;
    const tooMuch = await admin.post(`/api/admin/products/${product.id}/stock`, { variant_id: variant, quantity: -99, reason: 'Lost' });
    expect(tooMuch.statusCode).toBe(422);
    const noReason = await admin.post(`/api/admin/products/${product.id}/stock`, { variant_id: variant, quantity: 1 });
    expect(noReason.statusCode).toBe(422);
    expect(await auditOf(t.database.db, 'product', product.id, 'stock.adjust')).toHaveLength(before);
  });
});

describe('the audit of price changes', () => {
  it('shows the product’s and its variants’ prices and stock before → after', async () => {
    const product = await createProduct(
      admin,
      productBody(catalogue, {
        sku: 'AUD-2',
        retail_price: 120000,
        variants: [{ sku: 'AUD-2-M', attribute_value_ids: [catalogue.size.m], opening_stock: 4 }],
      }),
    );
    const variant = product.variants[0]?.id as number;
    const saved = await admin.put(`/api/admin/products/${product.id}`, {
      ...productBody(catalogue, { sku: 'AUD-2', retail_price: 125000, wholesale_price: 80000 }),
      variants: [{ id: variant, sku: 'AUD-2-M', attribute_value_ids: [catalogue.size.m], price_override: 130000 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await auditOf(t.database.db, 'product', product.id, 'update');
    const changes = row?.changes as Record<string, { before: unknown; after: unknown }>;
    expect(row).toMatchObject({ actorKind: 'admin', actorId: owner.id, ip: '127.0.0.1' });
    expect(changes.retail_price).toEqual({ before: 120000, after: 125000 });
    expect(changes.wholesale_price?.after).toBe(80000);
    expect(changes.variants).toEqual({
      before: [{ id: variant, sku: 'AUD-2-M', label: 'M', price_override: null, stock: 4 }],
      after: [{ id: variant, sku: 'AUD-2-M', label: 'M', price_override: 130000, stock: 4 }],
    });
  });

  it('writes no row for a refused price change', async () => {
    const product = await createProduct(admin, productBody(catalogue, { sku: 'AUD-3' }));
    const refused = await admin.put(`/api/admin/products/${product.id}`, { ...productBody(catalogue, { sku: 'AUD-3' }), retail_price: -5 });
    expect(refused.statusCode).toBe(422);
    expect(await auditOf(t.database.db, 'product', product.id, 'update')).toEqual([]);
  });
});
