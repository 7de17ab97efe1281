import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, TEST_DB_KIND, type TestApp, type TestBrowser } from '../../test/harness';
import { auditLog } from '../audit/audit.table';
import { type Catalogue, createProduct, makeCatalogue, productBody } from '../products/catalogue.fixture';
import { productVariants } from '../products/product.table';
import { ledgerMismatches } from '../products/stock.service';
import { supplierDue } from './index';

let t: TestApp;
let admin: TestBrowser;
let catalogue: Catalogue;
let supplierId: number;
let productId: number;
let variantId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  catalogue = await makeCatalogue(admin);
  const product = await createProduct(admin, productBody(catalogue, { name: 'Khadi Panjabi', sku: 'KH-1', purchase_cost: 90_00 }));
  productId = product.id;
  variantId = product.variants[0]?.id as number;
  const supplier = await admin.post('/api/admin/suppliers', { name: 'Comilla Khadi House', opening_balance: 0 });
  expect(supplier.statusCode, supplier.body).toBe(201);
  supplierId = supplier.json().data.id;
});
afterAll(() => t.close());

const variant = async () => {
  const [row] = await t.database.db
    .select({ stock: productVariants.stock, averageCost: productVariants.averageCost })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row;
};
const creditNoteCount = async () =>
  Number(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from purchase_credit_notes`))[0]?.n);

async function receivedPurchase(quantity: number, unitCost: number, variant = variantId) {
  const created = await admin.post('/api/admin/purchases', {
    supplier_id: supplierId,
    purchased_on: '2026-11-01',
    lines: [{ variant_id: variant, quantity, unit_cost: unitCost }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const received = await admin.post(`/api/admin/purchases/${created.json().data.id}/receive`, { all: true, received_on: '2026-11-02' });
  expect(received.statusCode, received.body).toBe(200);
  return received.json().data as { id: number; lines: { id: number }[] };
}

describe('a supplier credit note', () => {
  it('lowers the due, and the average cost of the units still in stock by their share only', async () => {
    const purchase = await receivedPurchase(10, 100_00);
    expect(await variant()).toEqual({ stock: 10, averageCost: 100_00 });
    // Four sold (taken out of stock at the average): their cost stays what it was.
    const sold = await admin.post(`/api/admin/products/${productId}/stock`, {
      variant_id: variantId,
      quantity: -4,
      reason: 'Sold at a fair',
    });
    expect(sold.statusCode, sold.body).toBeLessThan(300);
    const dueBefore = await supplierDue(t.database.db, supplierId);
    const answer = await admin.post(`/api/admin/purchases/${purchase.id}/credit-notes`, {
      credited_on: '2026-11-05',
      reference: 'CKH-CN-7',
      reason: 'Agreed price 95 a piece',
      lines: [{ line_id: purchase.lines[0]?.id, amount: 50_00 }],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const detail = answer.json().data;
    expect(detail.credited_value).toBe(50_00);
    expect(detail.due).toBe(10 * 100_00 - 50_00);
    // 50 over 10 units: the 6 on hand take 30 (100 → 95), the 4 sold 20.
    expect(detail.credit_notes).toEqual([
      expect.objectContaining({
        reference: 'CKH-CN-7',
        amount: 50_00,
        stock_value_amount: 30_00,
        sold_amount: 20_00,
        lines: [expect.objectContaining({ units_on_hand: 6, average_cost_before: 100_00, average_cost_after: 95_00 })],
      }),
    ]);
    expect(detail.creditable).toEqual([{ line_id: purchase.lines[0]?.id, amount: 10 * 100_00 - 50_00 }]);
    expect(await variant()).toEqual({ stock: 6, averageCost: 95_00 });
    expect(await supplierDue(t.database.db, supplierId)).toBe(dueBefore - 50_00);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'purchase.credit'));
    expect(audit?.entityId).toBe(String(purchase.id));

    // The statement shows it as its own row with the running due; the CSV and the supplier report count it.
    const statement = (await admin.get(`/api/admin/suppliers/${supplierId}/statement`)).json().data;
    const row = statement.rows.find((each: { kind: string }) => each.kind === 'credit_note');
    expect(row).toMatchObject({ on: '2026-11-05', credit: 50_00, due: dueBefore - 50_00, reference: 'CKH-CN-7' });
    expect(row.description).toContain('CKH-CN-7');
    expect(statement.totals.credits).toBe(50_00);
    expect(statement.totals.due).toBe(await supplierDue(t.database.db, supplierId));
    const csv = await admin.get(`/api/admin/suppliers/${supplierId}/statement.csv`);
    expect(csv.body).toContain('CKH-CN-7');
    const report = (await admin.get(`/api/admin/reports/suppliers?from=2026-11-01&to=2030-11-30&filter[supplier_id]=${supplierId}`)).json();
    expect(report.data[0]).toMatchObject({ credits: 50_00, closing: await supplierDue(t.database.db, supplierId) });
    expect((await admin.get('/api/admin/reports/suppliers/export.csv')).body).toContain('Credit notes');
  });

  it('refuses more than the line is worth, a line of another purchase, and a purchase with nothing received: nothing written', async () => {
    const purchase = await receivedPurchase(3, 200_00);
    const line = purchase.lines[0]?.id as number;
    const before = { notes: await creditNoteCount(), due: await supplierDue(t.database.db, supplierId), cost: await variant() };
    const body = (lines: unknown[]) => ({ reference: 'CN-X', reason: 'Price', lines });
    const over = await admin.post(`/api/admin/purchases/${purchase.id}/credit-notes`, body([{ line_id: line, amount: 600_01 }]));
    expect(over.statusCode).toBe(422);
    expect(over.json().errors['lines.0.amount'][0]).toContain('600.00');
    const other = await admin.post(`/api/admin/purchases/${purchase.id - 1}/credit-notes`, body([{ line_id: line, amount: 1_00 }]));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors['lines.0.line_id']).toBeDefined();
    const ordered = await admin.post('/api/admin/purchases', {
      supplier_id: supplierId,
      purchased_on: '2026-11-03',
      lines: [{ variant_id: variantId, quantity: 2, unit_cost: 100_00 }],
    });
    const nothing = await admin.post(
      `/api/admin/purchases/${ordered.json().data.id}/credit-notes`,
      body([{ line_id: ordered.json().data.lines[0].id, amount: 1_00 }]),
    );
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors.lines).toBeDefined();
    const blank = await admin.post(`/api/admin/purchases/${purchase.id}/credit-notes`, {
      reason: '',
      lines: [{ line_id: line, amount: 0 }],
    });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors)).toEqual(expect.arrayContaining(['reference', 'reason']));
    const zero = await admin.post(`/api/admin/purchases/${purchase.id}/credit-notes`, body([{ line_id: line, amount: 0 }]));
    expect(zero.json().errors.lines).toBeDefined();
    expect({ notes: await creditNoteCount(), due: await supplierDue(t.database.db, supplierId), cost: await variant() }).toEqual(before);
    // Earlier credits count: after 400 of 600, only 200 is left.
    expect(
      (await admin.post(`/api/admin/purchases/${purchase.id}/credit-notes`, body([{ line_id: line, amount: 400_00 }]))).statusCode,
    ).toBe(201);
    const rest = await admin.post(`/api/admin/purchases/${purchase.id}/credit-notes`, body([{ line_id: line, amount: 200_01 }]));
    expect(rest.json().errors['lines.0.amount'][0]).toContain('200.00');
  });

  it('returned units take their share of the credit back: they go back at what they cost after it', async () => {
    const other = await createProduct(admin, productBody(catalogue, { name: 'Jamdani Orna', sku: 'JO-1', purchase_cost: 90_00 }));
    const otherVariant = other.variants[0]?.id as number;
    const purchase = await receivedPurchase(10, 100_00, otherVariant);
    const line = purchase.lines[0]?.id as number;
    const due = await supplierDue(t.database.db, supplierId);
    const credit = await admin.post(`/api/admin/purchases/${purchase.id}/credit-notes`, {
      reference: 'CN-R',
      reason: 'Price',
      lines: [{ line_id: line, amount: 100_00 }],
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const back = await admin.post(`/api/admin/purchases/${purchase.id}/returns`, {
      lines: [{ line_id: line, quantity: 5 }],
      reason: 'Faded',
    });
    expect(back.statusCode, back.body).toBe(200);
    // 5 of 10 units take 50 of the 100 credit back: 5 × 100 − 50.
    expect(back.json().data.returned_value).toBe(450_00);
    expect(back.json().data.creditable).toEqual([{ line_id: line, amount: 5 * 100_00 - 50_00 }]);
    expect(await supplierDue(t.database.db, supplierId)).toBe(due - 100_00 - 450_00);
    const [row] = await t.database.db
      .select({ stock: productVariants.stock, averageCost: productVariants.averageCost })
      .from(productVariants)
      .where(eq(productVariants.id, otherVariant));
    expect(row).toEqual({ stock: 5, averageCost: 90_00 });
  });

  it(
    'two credit notes at once that together exceed the line: exactly one is recorded',
    async () => {
      const purchase = await receivedPurchase(2, 100_00);
      const line = purchase.lines[0]?.id as number;
      const due = await supplierDue(t.database.db, supplierId);
      const answers = await Promise.all(
        ['CN-A', 'CN-B'].map((reference) =>
          admin.post(`/api/admin/purchases/${purchase.id}/credit-notes`, {
            reference,
            reason: 'Price',
            lines: [{ line_id: line, amount: 150_00 }],
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
      expect((await admin.get(`/api/admin/purchases/${purchase.id}`)).json().data.credited_value).toBe(150_00);
      expect(await supplierDue(t.database.db, supplierId)).toBe(due - 150_00);
    },
    TEST_DB_KIND === 'postgres' ? 30_000 : 15_000,
  );
});
