import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, systemCtx } from '../../context';
import { HttpError } from '../../http/errors';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { bookEntries, expectBooksBalanced } from '../accounts/accounts.fixture';
import { type Catalogue, createProduct, makeCatalogue, type ProductDetail, productBody } from './catalogue.fixture';
import { products, productVariants, stockMovements } from './product.table';
import { ledgerMismatches, moveStock } from './stock.service';

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

async function ledgerSum(variantId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ sum: sql`coalesce(sum(${stockMovements.quantity}), 0)`.mapWith(Number) })
    .from(stockMovements)
    .where(eq(stockMovements.variantId, variantId));
  return row?.sum ?? 0;
}

async function stockOf(variantId: number): Promise<{ variant: number; product: number }> {
  const [row] = await t.database.db
    .select({ variant: productVariants.stock, product: products.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  return row ?? { variant: -1, product: -1 };
}

describe('manual stock adjustments', () => {
  let product: ProductDetail;
  beforeAll(async () => {
    product = await createProduct(
      admin,
      productBody(catalogue, {
        sku: 'ADJ-1',
        variants: [
          { sku: 'ADJ-1-M', attribute_value_ids: [catalogue.size.m], opening_stock: 5 },
          { sku: 'ADJ-1-L', attribute_value_ids: [catalogue.size.l], opening_stock: 2 },
        ],
      }),
    );
  });

  it('adds and removes stock with a reason, keeping variant, product and ledger in step', async () => {
    const medium = product.variants[0]?.id as number;
    const added = await admin.post(`/api/admin/products/${product.id}/stock`, {
      variant_id: medium,
      quantity: 4,
      reason: 'Found in the back room',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toEqual({ variant_id: medium, stock: 9, product_stock: 11 });
    const removed = await admin.post(`/api/admin/products/${product.id}/stock`, {
      variant_id: medium,
      quantity: '-3',
      reason: 'Damaged in rain',
    });
    expect(removed.json().data).toEqual({ variant_id: medium, stock: 6, product_stock: 8 });
    expect(await stockOf(medium)).toEqual({ variant: 6, product: 8 });
    expect(await ledgerSum(medium)).toBe(6);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
    // The books at ৳600 a unit: 7 units of opening stock against opening balances, 4 found as other income,
    // 3 damaged as other expense.
    expect(await bookEntries(t.database.db, sql`e.source like 'stock.%' and e.source_id in (${medium}, ${product.id})`)).toEqual([
      { source: 'stock.adjusted', lines: { inventory: 2_400_00, other_income: -2_400_00 } },
      { source: 'stock.adjusted', lines: { inventory: -1_800_00, other_expense: 1_800_00 } },
    ]);
    expect(await bookEntries(t.database.db, sql`e.source = 'stock.opening'`)).toContainEqual({
      source: 'stock.opening',
      lines: { inventory: 4_200_00, opening_balance_equity: -4_200_00 },
    });
    await expectBooksBalanced(t.database.db);
  });

  it('refuses stock below zero, naming quantity and the stock there is', async () => {
    const large = product.variants[1]?.id as number;
    const response = await admin.post(`/api/admin/products/${product.id}/stock`, {
      variant_id: large,
      quantity: -3,
      reason: 'Sold at the stall',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Not enough stock of ADJ-1-L (L): 2 in stock, 3 to remove.',
      errors: { quantity: ['Not enough stock of ADJ-1-L (L): 2 in stock, 3 to remove.'] },
    });
    expect(await stockOf(large)).toEqual({ variant: 2, product: 8 });
  });

  it('checks the input and the variant', async () => {
    const zero = await admin.post(`/api/admin/products/${product.id}/stock`, {
      variant_id: product.variants[0]?.id,
      quantity: 0,
      reason: '',
    });
    expect(zero.statusCode).toBe(422);
    expect(Object.keys(zero.json().errors).sort()).toEqual(['quantity', 'reason']);
    const other = await createProduct(admin, productBody(catalogue, { sku: 'ADJ-2' }));
    const foreign = await admin.post(`/api/admin/products/${product.id}/stock`, {
      variant_id: other.variants[0]?.id,
      quantity: 1,
      reason: 'Wrong product',
    });
    expect(foreign.json().errors).toEqual({ variant_id: ['Choose a variant of this product.'] });
    expect((await admin.post('/api/admin/products/999999/stock', { variant_id: 1, quantity: 1, reason: 'Nothing' })).statusCode).toBe(404);
  });

  it('lists the ledger newest first with the stock after each movement, paginated', async () => {
    const medium = product.variants[0]?.id as number;
    const body = (await admin.get(`/api/admin/products/${product.id}/stock?per_page=2`)).json();
    expect(body).toMatchObject({ total: 4, per_page: 2, last_page: 2 });
    expect(
      body.data.map((row: { sku: string; kind: string; quantity: number; stock_after: number }) => [
        row.sku,
        row.kind,
        row.quantity,
        row.stock_after,
      ]),
    ).toEqual([
      ['ADJ-1-M', 'adjustment', -3, 6],
      ['ADJ-1-M', 'adjustment', 4, 9],
    ]);
    expect(body.data[0]).toMatchObject({ reason: 'Damaged in rain', admin_name: expect.any(String), variant: 'M' });
    const openings = (await admin.get(`/api/admin/products/${product.id}/stock?filter[kind]=opening&format=resource`)).json();
    expect(openings.meta.total).toBe(2);
    expect(openings.data.map((row: { quantity: number }) => row.quantity).sort()).toEqual([2, 5]);
    const mediumOnly = (await admin.get(`/api/admin/products/${product.id}/stock?filter[variant_id]=${medium}&page=2&per_page=2`)).json();
    expect(mediumOnly.data.map((row: { kind: string; stock_after: number }) => [row.kind, row.stock_after])).toEqual([['opening', 5]]);
  });
});

describe('concurrent changes', () => {
  it('applies exactly the adjustments that fit when many race for the last units (HTTP)', async () => {
    const product = await createProduct(admin, productBody(catalogue, { sku: 'RACE-1', variants: [{ sku: 'RACE-1', opening_stock: 10 }] }));
    const variantId = product.variants[0]?.id as number;
    // Ten staff each remove 3 of 10: three can, seven must hear "not enough stock".
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.post(`/api/admin/products/${product.id}/stock`, { variant_id: variantId, quantity: -3, reason: 'Counter sale' }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 422, 422, 422, 422, 422, 422, 422]);
    for (const refused of answers.filter((answer) => answer.statusCode === 422)) {
      expect(refused.json().errors.quantity[0]).toBe('Not enough stock of RACE-1: 1 in stock, 3 to remove.');
    }
    expect(await stockOf(variantId)).toEqual({ variant: 1, product: 1 });
    expect(await ledgerSum(variantId)).toBe(1);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it('keeps several variants of several products consistent under mixed concurrent moves (moveStock)', async () => {
    const first = await createProduct(
      admin,
      productBody(catalogue, {
        sku: 'RACE-2',
        variants: [
          { sku: 'RACE-2-M', attribute_value_ids: [catalogue.size.m], opening_stock: 6 },
          { sku: 'RACE-2-L', attribute_value_ids: [catalogue.size.l], opening_stock: 6 },
        ],
      }),
    );
    const second = await createProduct(admin, productBody(catalogue, { sku: 'RACE-3', variants: [{ sku: 'RACE-3', opening_stock: 6 }] }));
    const [a, b] = first.variants.map((variant) => variant.id);
    const c = second.variants[0]?.id as number;
    const db = t.database.db;
    // Orders of two lines each, in different line orders (the locks must not deadlock).
    const orders: [number, number][][] = Array.from({ length: 12 }, (_, index) =>
      index % 2
        ? [
            [c, -1],
            [a as number, -1],
          ]
        : [
            [a as number, -1],
            [b as number, -1],
            [c, -1],
          ],
    );
    const results = await Promise.allSettled(
      orders.map((lines, index) =>
        inTransaction(systemCtx(db), (tx) =>
          moveStock(
            tx,
            lines.map(([variantId, quantity]) => ({ variantId, quantity, kind: 'sale', referenceType: 'order', referenceId: index })),
          ),
        ),
      ),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(HttpError);
    const fulfilled = results.length - refused.length;
    // c (6 units) is in every order, so exactly six succeed.
    expect(fulfilled).toBe(6);
    expect((await stockOf(c)).variant).toBe(0);
    expect((await stockOf(a as number)).variant).toBe(0);
    expect(await ledgerMismatches(db)).toEqual([]);
  });
});
