import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import { createTestApp, TEST_DB_KIND, type TestApp, type TestBrowser } from '../../test/harness';
import { postEntry } from '../accounts';
import { expectBooksBalanced } from '../accounts/accounts.fixture';
import { auditLog } from '../audit/audit.table';
import { type Catalogue, createProduct, makeCatalogue, productBody } from '../products/catalogue.fixture';
import { productVariants } from '../products/product.table';
import { ledgerMismatches } from '../products/stock.service';
import { createDraftPurchase, lastSupplierOfVariants, supplierDue } from './index';
import { landedUnitCosts } from './purchase.service';

let t: TestApp;
let admin: TestBrowser;
let catalogue: Catalogue;
let supplierId: number;
let variantA: number;
let variantB: number;
let productA: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  catalogue = await makeCatalogue(admin);
  const a = await createProduct(admin, productBody(catalogue, { name: 'Cotton Panjabi', sku: 'PJ-1', purchase_cost: 50000 }));
  const b = await createProduct(admin, productBody(catalogue, { name: 'Silk Saree', sku: 'SR-1', purchase_cost: 200000 }));
  productA = a.id;
  variantA = a.variants[0]?.id as number;
  variantB = b.variants[0]?.id as number;
  const supplier = await admin.post('/api/admin/suppliers', {
    name: 'Karim Textiles',
    company: 'Karim Textiles Ltd',
    phone: '01712345678',
    address: 'Islampur, Dhaka',
    opening_balance: 100000,
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
  supplierId = supplier.json().data.id;
  // Money to pay suppliers from (a payment may not take a balance below zero, decision 048).
  await postEntry(systemCtx(t.database.db), {
    source: 'balance.opening',
    memo: 'Opening balances',
    lines: [
      { account: 'cash', debit: 50_000_00 },
      { account: 'bank', debit: 50_000_00 },
      { account: 'bkash', debit: 50_000_00 },
      { account: 'opening_balance_equity', credit: 150_000_00 },
    ],
  });
});
afterAll(async () => {
  await expectBooksBalanced(t.database.db);
  await t.close();
});

const variantRow = async (id: number) => {
  const [row] = await t.database.db
    .select({ stock: productVariants.stock, averageCost: productVariants.averageCost })
    .from(productVariants)
    .where(eq(productVariants.id, id));
  return row;
};

async function newPurchase(lines: { variant_id: number; quantity: number; unit_cost: number }[], extra: Record<string, unknown> = {}) {
  const response = await admin.post('/api/admin/purchases', { supplier_id: supplierId, purchased_on: '2026-11-01', lines, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    id: number;
    status: string;
    total: number;
    lines: { id: number; variant_id: number; landed_unit_cost: number }[];
  };
}

describe('suppliers of two kinds', () => {
  it('keeps goods and fabric suppliers apart: each screen sees only its kind', async () => {
    const fabric = await admin.post('/api/admin/fabric-suppliers', { name: 'Narayanganj Weavers', opening_balance: 0 });
    expect(fabric.statusCode, fabric.body).toBe(201);
    expect(fabric.json().data.kind).toBe('fabric');
    const goods = (await admin.get('/api/admin/suppliers')).json();
    expect(goods.data.map((row: { name: string }) => row.name)).toEqual(['Karim Textiles']);
    expect((await admin.get(`/api/admin/suppliers/${fabric.json().data.id}`)).statusCode).toBe(404);
    const bad = await admin.post('/api/admin/suppliers', { name: '', phone: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'phone']));
  });
});

describe('landed cost', () => {
  it('shares shipping less discount by value, to the paisa', () => {
    expect(
      landedUnitCosts(
        [
          { quantity: 10, unitCost: 100_00 },
          { quantity: 5, unitCost: 200_00 },
        ],
        0,
        200_00,
      ),
    ).toEqual([110_00, 220_00]);
    expect(
      landedUnitCosts(
        [
          { quantity: 2, unitCost: 100_00, frozen: 95_00 },
          { quantity: 1, unitCost: 100_00 },
        ],
        30_00,
        0,
      ),
    ).toEqual([95_00, 90_00]);
  });
});

describe('receiving, moving-average cost, returns and dues', () => {
  it('receives a purchase: stock rises through the ledger and the cost becomes the landed cost', async () => {
    const purchase = await newPurchase(
      [
        { variant_id: variantA, quantity: 10, unit_cost: 400_00 },
        { variant_id: variantB, quantity: 4, unit_cost: 1500_00 },
      ],
      { shipping_cost: 100_00, discount: 0 },
    );
    expect(purchase.status).toBe('ordered');
    expect(purchase.total).toBe(10 * 400_00 + 4 * 1500_00 + 100_00);
    const received = await admin.post(`/api/admin/purchases/${purchase.id}/receive`, { all: true });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data.status).toBe('received');
    expect(received.json().data.received_value).toBe(purchase.total);
    // 10 × 400 of 10,000 takes 40 of the 100 shipping: 4 a unit.
    expect(await variantRow(variantA)).toEqual({ stock: 10, averageCost: 404_00 });
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
    const again = await admin.post(`/api/admin/purchases/${purchase.id}/receive`, { all: true });
    expect(again.statusCode).toBe(409);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'purchase.receive'));
    expect(audit?.entityId).toBe(String(purchase.id));
  });

  it('moves the average after a second receipt at another cost', async () => {
    const purchase = await newPurchase([{ variant_id: variantA, quantity: 10, unit_cost: 500_00 }]);
    const received = await admin.post(`/api/admin/purchases/${purchase.id}/receive`, {
      lines: [{ line_id: purchase.lines[0]?.id, quantity: 10 }],
    });
    expect(received.statusCode, received.body).toBe(200);
    // (10 × 404 + 10 × 500) / 20 = 452
    expect(await variantRow(variantA)).toEqual({ stock: 20, averageCost: 452_00 });
    const product = (await admin.get(`/api/admin/products/${productA}`)).json().data;
    expect(product.stock).toBe(20);
  });

  it('receives part, refuses more than is open, returns units: stock, cost and due fall back', async () => {
    const before = await supplierDue(t.database.db, supplierId);
    const purchase = await newPurchase([{ variant_id: variantB, quantity: 6, unit_cost: 1800_00 }]);
    const line = purchase.lines[0]?.id as number;
    const part = await admin.post(`/api/admin/purchases/${purchase.id}/receive`, {
      lines: [{ line_id: line, quantity: 4 }],
      note: 'First bale',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data.status).toBe('partly_received');
    const tooMany = await admin.post(`/api/admin/purchases/${purchase.id}/receive`, { lines: [{ line_id: line, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors['lines.0.quantity']).toBeDefined();
    // 4 at 1515 (1500 and 15 of shipping) + 4 at 1800 → 1657.50
    expect(await variantRow(variantB)).toEqual({ stock: 8, averageCost: 1657_50 });
    expect(await supplierDue(t.database.db, supplierId)).toBe(before + 4 * 1800_00);

    const back = await admin.post(`/api/admin/purchases/${purchase.id}/returns`, {
      lines: [{ line_id: line, quantity: 2 }],
      reason: 'Torn border',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.returned_value).toBe(2 * 1800_00);
    // (8 × 1657.50 − 2 × 1800) / 6 = 1610
    expect(await variantRow(variantB)).toEqual({ stock: 6, averageCost: 1610_00 });
    expect(await supplierDue(t.database.db, supplierId)).toBe(before + 2 * 1800_00);
    const tooFar = await admin.post(`/api/admin/purchases/${purchase.id}/returns`, {
      lines: [{ line_id: line, quantity: 3 }],
      reason: 'More',
    });
    expect(tooFar.statusCode).toBe(422);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it('never returns below zero stock', async () => {
    const purchase = await newPurchase([{ variant_id: variantB, quantity: 1, unit_cost: 1000_00 }]);
    await admin.post(`/api/admin/purchases/${purchase.id}/receive`, { all: true });
    const stock = (await variantRow(variantB))?.stock as number;
    await admin.post(
      `/api/admin/products/${(await admin.get(`/api/admin/purchases/${purchase.id}`)).json().data.lines[0].product_id}/stock`,
      {
        variant_id: variantB,
        quantity: -stock,
        reason: 'Sold at a fair',
      },
    );
    const back = await admin.post(`/api/admin/purchases/${purchase.id}/returns`, {
      lines: [{ line_id: purchase.lines[0]?.id, quantity: 1 }],
      reason: 'Faulty',
    });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors['lines.0.quantity']).toBeDefined();
  });

  it('refuses edits that would rewrite what was received; allows what is still open', async () => {
    const purchase = await newPurchase([
      { variant_id: variantA, quantity: 5, unit_cost: 450_00 },
      { variant_id: variantB, quantity: 2, unit_cost: 1700_00 },
    ]);
    const [lineA, lineB] = purchase.lines;
    await admin.post(`/api/admin/purchases/${purchase.id}/receive`, { lines: [{ line_id: lineA?.id, quantity: 3 }] });
    const body = (lines: unknown[], extra: Record<string, unknown> = {}) => ({
      supplier_id: supplierId,
      purchased_on: '2026-11-02',
      lines,
      ...extra,
    });
    const below = await admin.put(
      `/api/admin/purchases/${purchase.id}`,
      body([
        { id: lineA?.id, variant_id: variantA, quantity: 2, unit_cost: 450_00 },
        { id: lineB?.id, variant_id: variantB, quantity: 2, unit_cost: 1700_00 },
      ]),
    );
    expect(below.statusCode).toBe(422);
    expect(below.json().errors['lines.0.quantity']).toBeDefined();
    const cost = await admin.put(
      `/api/admin/purchases/${purchase.id}`,
      body([
        { id: lineA?.id, variant_id: variantA, quantity: 5, unit_cost: 400_00 },
        { id: lineB?.id, variant_id: variantB, quantity: 2, unit_cost: 1700_00 },
      ]),
    );
    expect(cost.json().errors['lines.0.unit_cost']).toBeDefined();
    const removed = await admin.put(
      `/api/admin/purchases/${purchase.id}`,
      body([{ id: lineB?.id, variant_id: variantB, quantity: 2, unit_cost: 1700_00 }]),
    );
    expect(removed.statusCode).toBe(422);
    const discount = await admin.put(
      `/api/admin/purchases/${purchase.id}`,
      body([{ id: lineA?.id, variant_id: variantA, quantity: 5, unit_cost: 450_00 }], { discount: 100 }),
    );
    expect(discount.json().errors.discount).toBeDefined();
    const fine = await admin.put(
      `/api/admin/purchases/${purchase.id}`,
      body(
        [
          { id: lineA?.id, variant_id: variantA, quantity: 8, unit_cost: 450_00 },
          { id: lineB?.id, variant_id: variantB, quantity: 1, unit_cost: 1600_00 },
        ],
        { reference: 'INV-77' },
      ),
    );
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data.reference).toBe('INV-77');
    expect(fine.json().data.total).toBe(8 * 450_00 + 1600_00);
    expect((await admin.delete(`/api/admin/purchases/${purchase.id}`)).statusCode).toBe(409);
  });

  it('supplier due = opening + received − returned − paid; a payment never above due plus what is on order', async () => {
    const statement = (await admin.get(`/api/admin/suppliers/${supplierId}/statement`)).json().data;
    const { totals } = statement;
    expect(totals.due).toBe(totals.opening + totals.purchases - totals.returns - totals.payments);
    expect(totals.due).toBe(await supplierDue(t.database.db, supplierId));
    const over = await admin.post(`/api/admin/suppliers/${supplierId}/payments`, {
      amount: statement.payable + 1,
      method: 'bank',
      reference: 'TRX-1',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toBeDefined();
    const paid = await admin.post(`/api/admin/suppliers/${supplierId}/payments`, {
      amount: 5000_00,
      method: 'mobile_wallet',
      reference: 'BKASH-9X',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.due).toBe(totals.due - 5000_00);
    const after = (await admin.get(`/api/admin/suppliers/${supplierId}/statement`)).json().data;
    expect(after.rows.at(-1).due).toBe(totals.due - 5000_00);
    expect(after.rows[0].kind).toBe('opening');
    const csv = await admin.get(`/api/admin/suppliers/${supplierId}/statement.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('BKASH-9X');
    const badMethod = await admin.post(`/api/admin/suppliers/${supplierId}/payments`, { amount: 100, method: 'cheque' });
    expect(badMethod.json().errors.method).toBeDefined();
  });

  it('paid now on a new purchase is a payment against it; a draft can be deleted', async () => {
    const purchase = await newPurchase([{ variant_id: variantA, quantity: 2, unit_cost: 500_00 }], {
      paid_now: 300_00,
      payment_method: 'cash',
    });
    const view = (await admin.get(`/api/admin/purchases/${purchase.id}`)).json().data;
    expect(view.paid).toBe(300_00);
    expect(view.due).toBe(700_00);
    expect(view.events.map((event: { kind: string }) => event.kind)).toEqual(['payment']);
    const draft = await createDraftPurchase(systemCtx(t.database.db), {
      supplierId,
      lines: [{ variantId: variantB, quantity: 3, unitCost: 1500_00 }],
      note: 'Reorder',
    });
    expect((await admin.get(`/api/admin/purchases/${draft.id}`)).json().data.status).toBe('draft');
    expect((await admin.delete(`/api/admin/purchases/${draft.id}`)).statusCode).toBe(200);
    const last = await lastSupplierOfVariants(t.database.db, [variantA, variantB]);
    expect(last.get(variantA)?.supplierName).toBe('Karim Textiles');
  });

  it('lists purchases with filters, CSV and reports', async () => {
    const list = (await admin.get(`/api/admin/purchases?filter[status]=received&filter[supplier_id]=${supplierId}`)).json();
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((row: { status: string }) => row.status === 'received')).toBe(true);
    expect((await admin.get('/api/admin/purchases?filter[status]=lost')).statusCode).toBe(422);
    const csv = await admin.get('/api/admin/purchases/export.csv');
    expect(csv.body).toContain('Karim Textiles');
    const report = (await admin.get('/api/admin/reports/purchases?from=2026-10-01&to=2026-11-30&group=supplier')).json();
    expect(report.data[0].label).toBe('Karim Textiles');
    expect(report.chart.length).toBe(61);
    const suppliers = (await admin.get('/api/admin/reports/suppliers?from=2026-10-01&to=2030-11-30')).json();
    const row = suppliers.data.find((each: { supplier_id: number }) => each.supplier_id === supplierId);
    expect(row.closing).toBe(await supplierDue(t.database.db, supplierId));
    expect(row.opening).toBe(100000);
    expect((await admin.get('/api/admin/reports/suppliers/export.csv')).statusCode).toBe(200);
  });
});

describe('concurrent receipts of one purchase', () => {
  it(
    'never receive a unit twice',
    async () => {
      const purchase = await newPurchase([{ variant_id: variantA, quantity: 5, unit_cost: 500_00 }]);
      const stock = (await variantRow(variantA))?.stock as number;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => admin.post(`/api/admin/purchases/${purchase.id}/receive`, { all: true })),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(5);
      expect((await variantRow(variantA))?.stock).toBe(stock + 5);
      expect(await ledgerMismatches(t.database.db)).toEqual([]);
    },
    TEST_DB_KIND === 'postgres' ? 30_000 : 15_000,
  );
});
