import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { postEntry } from '../accounts';
import { bookEntries, expectBooksBalanced } from '../accounts/accounts.fixture';
import { auditLog } from '../audit/audit.table';
import { factories } from '../content/factory.table';
import { suppliers } from '../purchasing/supplier.table';
import { fabricLedgerMismatches, fabricPurchaseTotals } from './fabric.service';
import { fabricIssues, fabricLedger, fabricPurchases, fabrics } from './fabric.table';

let t: TestApp;
let db: Db;
let admin: TestBrowser;
let fabricSupplier = 0;
let goodsSupplier = 0;
let factory = 0;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  admin = await t.browser();
  await admin.loginAdmin();
  const [a, b] = await db
    .insert(suppliers)
    .values([
      { kind: 'fabric', name: 'Narsingdi Textiles', phone: '01711000001' },
      { kind: 'goods', name: 'Dhaka Garments', phone: '01711000002' },
    ])
    .returning({ id: suppliers.id });
  fabricSupplier = a?.id ?? 0;
  goodsSupplier = b?.id ?? 0;
  const [f] = await db.insert(factories).values({ name: 'Gazipur Stitching' }).returning({ id: factories.id });
  factory = f?.id ?? 0;
  // Money to pay suppliers from (a payment may not take a balance below zero, decision 048).
  await postEntry(systemCtx(db), {
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
afterAll(() => t.close());

async function newFabric(unit: 'metre' | 'yard' | 'piece' = 'metre', name = `Cotton ${Math.random().toString(36).slice(2, 8)}`) {
  const response = await admin.post('/api/admin/fabrics', { name, colour: 'Indigo', fabric_type: 'Cotton', unit, low_stock_at: 10 });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

const purchase = (fabricId: number, overrides: Record<string, unknown> = {}) =>
  admin.post('/api/admin/fabric-purchases', {
    supplier_id: fabricSupplier,
    fabric_id: fabricId,
    purchased_on: '2026-11-20',
    reference: 'INV-77',
    quantity: 120.5,
    unit_price: 18000,
    paid: 1_000_000,
    ...overrides,
  });

const issue = (fabricId: number, quantity: number) =>
  admin.post('/api/admin/fabric-issues', { factory_id: factory, fabric_id: fabricId, issued_on: '2026-11-21', quantity });

async function stockOf(fabricId: number) {
  const response = await admin.get(`/api/admin/fabrics/${fabricId}`);
  return response.json().data.stock as number;
}

describe('fabric purchases', () => {
  it('saves a purchase with its total, paid and due, raises the stock through the ledger and audits it', async () => {
    const fabricId = await newFabric();
    const response = await purchase(fabricId);
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      quantity: 120.5,
      unit_price: 18000,
      total: 2_169_000,
      paid: 1_000_000,
      due: 1_169_000,
      supplier_name: 'Narsingdi Textiles',
    });
    expect(data.number).toMatch(/^FP-0+\d+$/);
    expect(await stockOf(fabricId)).toBe(120.5);
    const ledger = await admin.get(`/api/admin/fabrics/${fabricId}/ledger`);
    expect(ledger.json().data).toMatchObject([{ kind: 'purchase', quantity: 120.5, balance: 120.5, party: 'Narsingdi Textiles' }]);
    const [audited] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'fabric.purchase'));
    expect(audited?.n).toBeGreaterThan(0);
    expect(await fabricLedgerMismatches(db)).toEqual([]);
    const list = await admin.get(`/api/admin/fabric-purchases?supplier_id=${fabricSupplier}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().totals.due).toBeGreaterThanOrEqual(1_169_000);
    // The books: the fabric into stock, the due owed to the supplier, the amount paid out of the cash box.
    expect(await bookEntries(db, sql`e.source_type = 'fabric_purchase' and e.source_id = ${data.id}`)).toEqual([
      { source: 'fabric.purchased', lines: { cash: -1_000_000, inventory: 2_169_000, supplier_payable: -1_169_000 } },
    ]);
    await expectBooksBalanced(db);
  });

  it('refuses to pay for fabric out of a balance that cannot cover it, writing nothing', async () => {
    const fabricId = await newFabric();
    const refused = await purchase(fabricId, { paid: 60_000_00, quantity: 1000, payment_method: 'mobile_wallet' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.paid?.[0]).toMatch(/^Not enough in bKash/);
    expect(await stockOf(fabricId)).toBe(0);
    const [written] = await db.select({ n: count() }).from(fabricPurchases).where(eq(fabricPurchases.fabricId, fabricId));
    expect(written?.n).toBe(0);
  });

  it('counts in the supplier’s due (fabricPurchaseTotals)', async () => {
    const totals = await fabricPurchaseTotals(db, fabricSupplier);
    const [sum] = await db.select({ n: count() }).from(fabricPurchases).where(eq(fabricPurchases.supplierId, fabricSupplier));
    expect(totals.purchases).toBe(sum?.n);
    expect(totals.due).toBe(totals.total - totals.paid);
    expect(totals.due).toBeGreaterThan(0);
  });

  it('shows on the supplier’s statement and in the supplier report, counts in the due that a payment may settle', async () => {
    const totals = await fabricPurchaseTotals(db, fabricSupplier);
    const statement = await admin.get(`/api/admin/suppliers/${fabricSupplier}/statement`);
    expect(statement.statusCode, statement.body).toBe(200);
    const body = statement.json().data;
    const bought = body.rows.filter((row: { kind: string }) => row.kind === 'fabric_purchase');
    expect(bought).toHaveLength(totals.purchases);
    expect(bought[0]).toMatchObject({ debit: 2_169_000, credit: 1_000_000, reference: expect.stringMatching(/^FP-0+\d+$/) });
    expect(bought[0].detail).toMatch(/^Cotton \w+, 120\.5 metre \(INV-77\)$/);
    expect(body.totals.due).toBe(totals.due);
    expect(body.rows.at(-1).due).toBe(totals.due);
    // A payment may settle it all, not a paisa more (nothing is on order with a fabric supplier).
    const over = await admin.post(`/api/admin/suppliers/${fabricSupplier}/payments`, { amount: totals.due + 1, method: 'cash' });
    expect(Object.keys(over.json().errors)).toEqual(['amount']);
    expect(over.statusCode).toBe(422);
    const paid = await admin.post(`/api/admin/suppliers/${fabricSupplier}/payments`, {
      amount: 500_000,
      method: 'mobile_wallet',
      reference: 'BK-1',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.due).toBe(totals.due - 500_000);
    const after = (await admin.get(`/api/admin/suppliers/${fabricSupplier}/statement`)).json().data;
    expect(after.totals.due).toBe(totals.due - 500_000);
    const report = await admin.get(`/api/admin/reports/suppliers?filter[supplier_id]=${fabricSupplier}&from=2026-01-01&to=2026-12-31`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data[0]).toMatchObject({ purchases: totals.total, closing: totals.due - 500_000 });
  });

  it('refuses a goods supplier, a paid amount above the total, and part pieces, naming the field', async () => {
    const fabricId = await newFabric('piece');
    const goods = await purchase(fabricId, { supplier_id: goodsSupplier, quantity: 3, paid: 0 });
    expect(goods.statusCode).toBe(422);
    expect(goods.json().errors.supplier_id).toBeDefined();
    const overpaid = await purchase(fabricId, { quantity: 2, unit_price: 100, paid: 201 });
    expect(overpaid.statusCode).toBe(422);
    expect(overpaid.json().errors.paid).toBeDefined();
    const half = await purchase(fabricId, { quantity: 2.5, paid: 0 });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors.quantity).toBeDefined();
    const [written] = await db.select({ n: count() }).from(fabricLedger).where(eq(fabricLedger.fabricId, fabricId));
    expect(written?.n).toBe(0);
  });

  it('keeps the unit once the fabric has moved', async () => {
    const fabricId = await newFabric('yard');
    expect((await purchase(fabricId, { quantity: 5, paid: 0 })).statusCode).toBe(201);
    const response = await admin.put(`/api/admin/fabrics/${fabricId}`, { name: 'Changed', colour: 'Indigo', unit: 'metre' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.unit).toBeDefined();
  });
});

describe('issuing fabric to a factory', () => {
  it('lowers the stock, writes the ledger row, and the ledger equals the stock', async () => {
    const fabricId = await newFabric();
    await purchase(fabricId, { quantity: 50, paid: 0 });
    const response = await issue(fabricId, 20.25);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ factory_name: 'Gazipur Stitching', quantity: 20.25 });
    expect(await stockOf(fabricId)).toBe(29.75);
    const ledger = await admin.get(`/api/admin/fabrics/${fabricId}/ledger`);
    expect(ledger.json().data.map((row: { balance: number }) => row.balance)).toEqual([29.75, 50]);
    expect(await fabricLedgerMismatches(db)).toEqual([]);
  });

  it('refuses more than in stock with a 422 on quantity and writes nothing', async () => {
    const fabricId = await newFabric();
    await purchase(fabricId, { quantity: 10, paid: 0 });
    const [issuesBefore] = await db.select({ n: count() }).from(fabricIssues);
    const [auditBefore] = await db.select({ n: count() }).from(auditLog);
    const response = await issue(fabricId, 10.01);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.quantity[0]).toMatch(/Not enough .*: 10 metres in stock, 10.01 metres to issue/);
    const [issuesAfter] = await db.select({ n: count() }).from(fabricIssues);
    const [auditAfter] = await db.select({ n: count() }).from(auditLog);
    expect(issuesAfter?.n).toBe(issuesBefore?.n);
    expect(auditAfter?.n).toBe(auditBefore?.n);
    expect(await stockOf(fabricId)).toBe(10);
    const [rows] = await db.select({ n: count() }).from(fabricLedger).where(eq(fabricLedger.fabricId, fabricId));
    expect(rows?.n).toBe(1);
  });

  it('never overdraws under concurrent issues: 10 asks of 3 against 20 → exactly 6', async () => {
    const fabricId = await newFabric();
    await purchase(fabricId, { quantity: 20, paid: 0 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => issue(fabricId, 3)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(6);
    expect(codes.filter((code) => code === 422)).toHaveLength(4);
    expect(await stockOf(fabricId)).toBe(2);
    const [row] = await db.select({ stock: fabrics.stock }).from(fabrics).where(eq(fabrics.id, fabricId));
    expect(row?.stock).toBe(200);
    expect(await fabricLedgerMismatches(db)).toEqual([]);
  });

  it('adjusts the stock with a reason, never below zero', async () => {
    const fabricId = await newFabric();
    await purchase(fabricId, { quantity: 4, paid: 0 });
    const lost = await admin.post(`/api/admin/fabrics/${fabricId}/adjust`, { quantity: -1.5, reason: 'Damaged in the store' });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json().data.stock).toBe(2.5);
    const tooMuch = await admin.post(`/api/admin/fabrics/${fabricId}/adjust`, { quantity: -3, reason: 'Counted' });
    expect(tooMuch.statusCode).toBe(422);
    expect(await fabricLedgerMismatches(db)).toEqual([]);
  });

  it('refuses an unknown factory and an inactive one', async () => {
    const fabricId = await newFabric();
    await purchase(fabricId, { quantity: 4, paid: 0 });
    const unknown = await admin.post('/api/admin/fabric-issues', {
      factory_id: 999999,
      fabric_id: fabricId,
      issued_on: '2026-11-21',
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.factory_id).toBeDefined();
    const choices = await admin.get('/api/admin/fabric-issues/choices');
    expect(choices.json().factories.map((each: { name: string }) => each.name)).toContain('Gazipur Stitching');
  });
});
