import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { postEntry } from '../accounts';
import { bookEntries, expectBooksBalanced } from '../accounts/accounts.fixture';
import { createProduct, makeCatalogue, productBody } from '../products/catalogue.fixture';

let t: TestApp;
let admin: TestBrowser;
let variant: number;
let supplierId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  const catalogue = await makeCatalogue(admin);
  const product = await createProduct(admin, productBody(catalogue, { name: 'Lawn Three-piece', sku: 'LP-1', purchase_cost: 100_00 }));
  variant = product.variants[0]?.id as number;
  const supplier = await admin.post('/api/admin/suppliers', { name: 'Chittagong Lawn House' });
  expect(supplier.statusCode, supplier.body).toBe(201);
  supplierId = supplier.json().data.id;
});
afterAll(() => t.close());

const entries = (where: SQL) => bookEntries(t.database.db, where);

describe('the books of purchasing (issue 19)', () => {
  it('a purchase received, partly returned, credited and paid: stock against the supplier, then the supplier against the balance', async () => {
    const created = await admin.post('/api/admin/purchases', {
      supplier_id: supplierId,
      purchased_on: '2026-11-01',
      lines: [{ variant_id: variant, quantity: 10, unit_cost: 400_00 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const purchase = created.json().data;
    const line = purchase.lines[0]?.id;
    expect((await admin.post(`/api/admin/purchases/${purchase.id}/receive`, { all: true })).statusCode).toBe(200);
    const back = await admin.post(`/api/admin/purchases/${purchase.id}/returns`, {
      lines: [{ line_id: line, quantity: 2 }],
      reason: 'Faded',
    });
    expect(back.statusCode, back.body).toBe(200);
    // 8 units still in stock: a ৳20-a-piece credit of ৳160 comes off the stock's value.
    const credit = await admin.post(`/api/admin/purchases/${purchase.id}/credit-notes`, {
      reference: 'CLH-CN-1',
      reason: 'Agreed price',
      lines: [{ line_id: line, amount: 160_00 }],
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(await entries(sql`e.source_type = 'purchase' and e.source_id = ${purchase.id}`)).toEqual([
      { source: 'purchase.received', lines: { inventory: 4_000_00, supplier_payable: -4_000_00 } },
      { source: 'purchase.returned', lines: { inventory: -800_00, supplier_payable: 800_00 } },
      { source: 'purchase.credited', lines: { inventory: -160_00, supplier_payable: 160_00 } },
    ]);

    // Nothing in the bKash wallet: the payment is refused on its amount, nothing written.
    const refused = await admin.post(`/api/admin/suppliers/${supplierId}/payments`, { amount: 1_000_00, method: 'mobile_wallet' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.amount?.[0]).toMatch(/^Not enough in bKash/);
    await postEntry(systemCtx(t.database.db), {
      source: 'balance.opening',
      memo: 'Opening cash',
      lines: [
        { account: 'cash', debit: 5_000_00 },
        { account: 'opening_balance_equity', credit: 5_000_00 },
      ],
    });
    const paid = await admin.post(`/api/admin/suppliers/${supplierId}/payments`, { amount: 3_000_00, method: 'cash' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await entries(sql`e.source = 'supplier.paid'`)).toEqual([
      { source: 'supplier.paid', lines: { cash: -3_000_00, supplier_payable: 3_000_00 } },
    ]);
    await expectBooksBalanced(t.database.db);
  });
});
