import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { auditLog } from '../audit/audit.table';
import { type Catalogue, createProduct, makeCatalogue, productBody } from '../products/catalogue.fixture';
import { productVariants, stockMovements } from '../products/product.table';
import { ledgerMismatches } from '../products/stock.service';
import { supplierDue } from '../purchasing';
import { counterSaleLines, counterSalePayments, counterSales } from './sale.table';

let t: TestApp;
let admin: TestBrowser;
let catalogue: Catalogue;
let panjabi: number;
let saree: number;
let buyer: number;
let limited: number;
let supplierId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  catalogue = await makeCatalogue(admin);
  const a = await createProduct(
    admin,
    productBody(catalogue, {
      name: 'Office Panjabi',
      sku: 'CO-PJ',
      retail_price: 150000,
      purchase_cost: 90000,
      variants: [{ sku: 'CO-PJ-M', attribute_value_ids: [], opening_stock: 100 }],
    }),
  );
  const b = await createProduct(
    admin,
    productBody(catalogue, {
      name: 'Office Saree',
      sku: 'CO-SR',
      retail_price: 500000,
      purchase_cost: 320000,
      variants: [{ sku: 'CO-SR-1', attribute_value_ids: [], opening_stock: 3 }],
    }),
  );
  panjabi = a.variants[0]?.id as number;
  saree = b.variants[0]?.id as number;
  const company = await admin.post('/api/admin/companies', {
    name: 'Dhaka Corporate Gifts',
    kind: 'buyer',
    contact_person: 'Nasrin Akter',
    phone: '01811111111',
    email: 'office@dcg.example',
    opening_balance: 50000,
  });
  expect(company.statusCode, company.body).toBe(201);
  buyer = company.json().data.id;
  const small = await admin.post('/api/admin/companies', { name: 'Small Buyer Ltd', credit_limit: 200000 });
  expect(small.statusCode, small.body).toBe(201);
  limited = small.json().data.id;
  const supplier = await admin.post('/api/admin/suppliers', { name: 'Karim Textiles', opening_balance: 300000 });
  supplierId = supplier.json().data.id;
});
afterAll(() => t.close());

const stockOf = async (id: number) =>
  (await t.database.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)))[0]?.stock;

describe('companies', () => {
  it('are a resource: validated, listed with their due, unique by name', async () => {
    const bad = await admin.post('/api/admin/companies', { name: '', email: 'nope', kind: 'other', credit_limit: -1 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'email', 'kind', 'credit_limit']));
    const twice = await admin.post('/api/admin/companies', { name: 'dhaka corporate gifts' });
    expect(twice.statusCode).toBe(422);
    const list = (await admin.get('/api/admin/companies?filter[kind]=buyer')).json();
    const row = list.data.find((company: { id: number }) => company.id === buyer);
    expect(row).toMatchObject({ name: 'Dhaka Corporate Gifts', contact_person: 'Nasrin Akter', due: 50000, sales_count: 0 });
  });
});

describe('company sales', () => {
  let saleId: number;

  it('sells on credit: stock out at once, cost per line, what is paid now, the rest due', async () => {
    const response = await admin.post('/api/admin/sales/company', {
      company_id: buyer,
      lines: [
        { variant_id: panjabi, quantity: 10, unit_price: 140000, discount: 0 },
        { variant_id: saree, quantity: 1, unit_price: 500000, discount: 50000 },
      ],
      discount: 50000,
      paid: 300000,
      method: 'bank',
      reference: 'DBBL-7781',
      due_date: '2026-12-31',
      note: 'Eid gifts',
    });
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json().data;
    // 10 × 1,400 + 5,000 − 500 − 500 = 18,000 taka; 3,000 paid → 15,000 due.
    expect(sale).toMatchObject({
      buyer_type: 'company',
      buyer_id: buyer,
      buyer_name: 'Dhaka Corporate Gifts',
      total: 1800000,
      paid: 300000,
      due: 1500000,
      due_date: '2026-12-31',
      status: 'part_paid',
      item_count: 11,
    });
    saleId = sale.id;
    expect(await stockOf(panjabi)).toBe(90);
    expect(await stockOf(saree)).toBe(2);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
    const lines = await t.database.db.select().from(counterSaleLines).where(eq(counterSaleLines.saleId, saleId));
    expect(lines.map((line) => line.unitCost).sort()).toEqual([320000, 90000].sort());
    const [row] = await t.database.db.select().from(counterSales).where(eq(counterSales.id, saleId));
    expect(row).toMatchObject({ kind: 'company', companyId: buyer, supplierId: null, cost: 10 * 90000 + 320000 });
    const moves = await t.database.db.select().from(stockMovements).where(eq(stockMovements.referenceId, saleId));
    expect(moves.filter((move) => move.referenceType === 'counter_sale').length).toBe(2);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'company_sale'));
    expect(audit.some((entry) => entry.entityId === String(saleId) && entry.action === 'create')).toBe(true);
    // The counter's view reads it too (its lines), and the company view adds the buyer and payments.
    expect((await admin.get(`/api/admin/sales/counter/${saleId}`)).json().data.lines).toHaveLength(2);
    const detail = (await admin.get(`/api/admin/sales/company/${saleId}`)).json().data;
    expect(detail.payments).toEqual([expect.objectContaining({ method: 'bank', amount: 300000, reference: 'DBBL-7781' })]);
  });

  it('takes part payments up to the due, refuses an overpayment, due = total − payments', async () => {
    const part = await admin.post(`/api/admin/sales/company/${saleId}/payments`, {
      amount: 500000,
      method: 'bkash',
      reference: 'BK-1',
      paid_on: '2026-01-05',
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data).toMatchObject({ paid: 800000, due: 1000000, status: 'part_paid' });
    const over = await admin.post(`/api/admin/sales/company/${saleId}/payments`, { amount: 1000001, method: 'cash' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toHaveProperty('amount');
    const bad = await admin.post(`/api/admin/sales/company/${saleId}/payments`, { amount: 0, method: 'cheque', paid_on: 'soon' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['amount', 'method', 'paid_on']));
    expect((await admin.post('/api/admin/sales/company/999999/payments', { amount: 1, method: 'cash' })).statusCode).toBe(404);
    const payments = await t.database.db.select().from(counterSalePayments).where(eq(counterSalePayments.saleId, saleId));
    expect(payments.reduce((sum, payment) => sum + payment.amount, 0)).toBe(800000);
  });

  it('shows the buyer due in the statement, from the opening balance, and on the company row', async () => {
    const statement = (await admin.get(`/api/admin/companies/${buyer}/statement`)).json().data;
    expect(statement).toMatchObject({ opening_balance: 50000, sales_total: 1800000, payments_total: 800000, due: 50000 + 1000000 });
    expect(statement.rows[0]).toMatchObject({ kind: 'opening', balance: 50000 });
    expect(statement.rows.map((row: { kind: string }) => row.kind).sort()).toEqual(['opening', 'payment', 'payment', 'sale']);
    expect(statement.rows.at(-1).balance).toBe(1050000);
    const csv = await admin.get(`/api/admin/companies/${buyer}/statement.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Due');
    const list = (await admin.get('/api/admin/companies')).json();
    expect(list.data.find((company: { id: number }) => company.id === buyer)).toMatchObject({ due: 1050000, sales_count: 1 });
    const sales = (await admin.get(`/api/admin/company-sales?filter[company_id]=${buyer}&filter[status]=part_paid`)).json();
    expect(sales.data.map((sale: { id: number }) => sale.id)).toEqual([saleId]);
    expect(sales.totals).toEqual({ total: 1800000, paid: 800000, due: 1000000 });
    expect((await admin.get(`/api/admin/company-sales?filter[status]=unpaid&filter[company_id]=${buyer}`)).json().data).toEqual([]);
    expect((await admin.get('/api/admin/company-sales?filter[status]=late')).statusCode).toBe(422);
    const lines = (await admin.get(`/api/admin/company-sales/export.csv?filter[company_id]=${buyer}`)).body.trim().split('\n');
    expect(lines[0]).toContain('Due date');
    expect(lines).toHaveLength(2);
    // Found by its number as printed or typed short; the totals follow the search and the filters.
    const byNumber = (await admin.get(`/api/admin/company-sales?q=CS-${String(saleId).padStart(6, '0')}`)).json();
    expect(byNumber.data.map((sale: { id: number }) => sale.id)).toEqual([saleId]);
    expect(byNumber.totals).toEqual({ total: 1800000, paid: 800000, due: 1000000 });
    expect((await admin.get(`/api/admin/company-sales?q=cs-${saleId}`)).json().data).toHaveLength(1);
    const sorted = (await admin.get('/api/admin/company-sales?sort=-total&format=resource')).json();
    expect(sorted.meta.total).toBeGreaterThan(0);
    expect(sorted.totals.due).toBe(sorted.totals.total - sorted.totals.paid);
    // Only company sales: a counter sale is not in this list, nor a company sale in the counter's.
    expect(sorted.data.every((sale: { kind: string }) => sale.kind === 'company')).toBe(true);
    const counter = (await admin.get('/api/admin/counter-sales?per_page=100')).json();
    expect(counter.data.map((sale: { id: number }) => sale.id)).not.toContain(saleId);
    expect((await admin.get(`/api/admin/company-sales/${saleId}`)).json().data).toMatchObject({ id: saleId, payments: expect.any(Array) });
    expect((await admin.get('/api/admin/company-sales?filter[from]=2025-13-01')).statusCode).toBe(422);
  });

  it('refuses a shortfall naming the line, and writes nothing', async () => {
    const before = (await t.database.db.select().from(counterSales)).length;
    const response = await admin.post('/api/admin/sales/company', {
      company_id: buyer,
      lines: [
        { variant_id: panjabi, quantity: 1, unit_price: 150000 },
        { variant_id: saree, quantity: 5, unit_price: 500000 },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty(['lines.1.quantity']);
    expect((await t.database.db.select().from(counterSales)).length).toBe(before);
    expect(await stockOf(panjabi)).toBe(90);
    expect(await stockOf(saree)).toBe(2);
  });

  it('refuses a buyer missing, two buyers, or paying more than the total', async () => {
    const none = await admin.post('/api/admin/sales/company', { lines: [{ variant_id: panjabi, quantity: 1, unit_price: 100 }] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toHaveProperty('company_id');
    const both = await admin.post('/api/admin/sales/company', {
      company_id: buyer,
      supplier_id: supplierId,
      lines: [{ variant_id: panjabi, quantity: 1, unit_price: 100 }],
    });
    expect(both.json().errors).toHaveProperty('supplier_id');
    const over = await admin.post('/api/admin/sales/company', {
      company_id: buyer,
      lines: [{ variant_id: panjabi, quantity: 1, unit_price: 100 }],
      paid: 200,
    });
    expect(over.json().errors).toHaveProperty('paid');
    const unknown = await admin.post('/api/admin/sales/company', {
      company_id: 999999,
      lines: [{ variant_id: panjabi, quantity: 1, unit_price: 100 }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty('company_id');
  });

  it("refuses a sale that would take the buyer's due above its credit limit, decided under the company's lock", async () => {
    const sell = (quantity: number) =>
      admin.post('/api/admin/sales/company', { company_id: limited, lines: [{ variant_id: panjabi, quantity, unit_price: 100000 }] });
    const over = await sell(3);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toHaveProperty('company_id');
    // Five sales of 1,000 taka at once against a 2,000 taka limit: two pass, never more.
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => sell(1)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 422, 422, 422]);
    const statement = (await admin.get(`/api/admin/companies/${limited}/statement`)).json().data;
    expect(statement.due).toBe(200000);
  });

  it('never over-pays a sale under 20 payments at once', async () => {
    const sale = await admin.post('/api/admin/sales/company', {
      company_id: buyer,
      lines: [{ variant_id: panjabi, quantity: 1, unit_price: 100000 }],
    });
    expect(sale.json().data.status).toBe('unpaid');
    const id = sale.json().data.id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => admin.post(`/api/admin/sales/company/${id}/payments`, { amount: 30000, method: 'cash' })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBe(3);
    expect(answers.filter((answer) => answer.statusCode === 422).length).toBe(17);
    const [row] = await t.database.db.select().from(counterSales).where(eq(counterSales.id, id));
    expect(row?.paid).toBe(90000);
    const payments = await t.database.db.select().from(counterSalePayments).where(eq(counterSalePayments.saleId, id));
    expect(payments.reduce((sum, payment) => sum + payment.amount, 0)).toBe(90000);
  });
});

describe('a supplier buying from us', () => {
  it('is a company sale to the supplier; the net position is what we owe them less what they owe us', async () => {
    const sale = await admin.post('/api/admin/sales/company', {
      supplier_id: supplierId,
      lines: [{ variant_id: panjabi, quantity: 2, unit_price: 100000 }],
      paid: 50000,
      method: 'cash',
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().data).toMatchObject({ buyer_type: 'supplier', buyer_name: 'Karim Textiles', due: 150000 });
    const position = (await admin.get(`/api/admin/suppliers/${supplierId}/sales-from-us`)).json().data;
    const weOwe = await supplierDue(t.database.db, supplierId);
    expect(weOwe).toBe(300000);
    expect(position).toMatchObject({ sales_total: 200000, payments_total: 50000, they_owe: 150000, we_owe: weOwe, net: weOwe - 150000 });
    expect(position.sales).toHaveLength(1);
    expect((await admin.get('/api/admin/suppliers/999999/sales-from-us')).statusCode).toBe(404);
    const buyers = (await admin.get('/api/admin/sales/company/buyers')).json().data;
    expect(buyers.suppliers.map((row: { id: number }) => row.id)).toContain(supplierId);
    expect(buyers.companies.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining([buyer, limited]));
  });
});

describe('exchanges against a company sale (decision 040)', () => {
  let shawl: number;
  const companyNamed = async (name: string, credit_limit = 0) => {
    const response = await admin.post('/api/admin/companies', { name, credit_limit });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  };
  const dueOf = async (id: number) => (await admin.get(`/api/admin/companies/${id}/statement`)).json().data.due as number;

  beforeAll(async () => {
    const c = await createProduct(
      admin,
      productBody(catalogue, {
        name: 'Office Shawl',
        sku: 'CO-SH',
        retail_price: 40000,
        wholesale_price: 35000,
        purchase_cost: 25000,
        variants: [{ sku: 'CO-SH-1', attribute_value_ids: [], opening_stock: 50 }],
      }),
    );
    shawl = c.variants[0]?.id as number;
  });

  it("spreads the sale's discount over its lines, and puts the difference on the buyer's account both ways", async () => {
    const company = await companyNamed('Exchange Buyer Ltd');
    const sold = await admin.post('/api/admin/sales/company', {
      company_id: company,
      lines: [
        { variant_id: panjabi, quantity: 1, unit_price: 60000, discount: 0 },
        { variant_id: shawl, quantity: 1, unit_price: 40000, discount: 0 },
      ],
      discount: 10000,
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId = sold.json().data.id;
    expect(await dueOf(company)).toBe(90000);
    // 600 + 400 with 100 off the whole sale: the 400 line's net share is 360, the 600 line's 540.
    const returnable = (await admin.get(`/api/admin/sales/exchange/returnable/${saleId}`)).json().data;
    expect(returnable).toMatchObject({
      kind: 'company',
      discount: 10000,
      buyer: { type: 'company', id: company, name: 'Exchange Buyer Ltd' },
    });
    expect(returnable.lines.map((line: { unit_price: number }) => line.unit_price)).toEqual([54000, 36000]);

    // No refund in cash: the difference goes to the account.
    const refund = await admin.post('/api/admin/sales/exchange', {
      return_of_sale_id: saleId,
      returns: [{ variant_id: shawl, quantity: 1, unit_price: 0 }],
      refunds: [{ method: 'cash', amount: 36000 }],
    });
    expect(refund.statusCode).toBe(422);
    expect(refund.json().errors).toHaveProperty(['refunds']);
    const back = await admin.post('/api/admin/sales/exchange', {
      return_of_sale_id: saleId,
      returns: [{ variant_id: shawl, quantity: 1, unit_price: 40000 }],
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().data).toMatchObject({ kind: 'exchange', total: 0, refunded: 36000, paid: 0 });
    expect(back.json().data.payments).toEqual([]);
    // The shawl coming back lowers what the buyer owes by its net 360.
    expect(await dueOf(company)).toBe(54000);
    const view = (await admin.get(`/api/admin/sales/company/${back.json().data.id}`)).json().data;
    expect(view).toMatchObject({ kind: 'exchange', buyer_id: company, refunded: 36000, due: -36000, status: 'credited' });

    // The panjabi back (540) for two shawls (800): 260 more, 100 paid now → the due rises by 160.
    const swap = await admin.post('/api/admin/sales/exchange', {
      return_of_sale_id: saleId,
      returns: [{ variant_id: panjabi, quantity: 1, unit_price: 0 }],
      lines: [{ variant_id: shawl, quantity: 2, unit_price: 40000, discount: 0 }],
      payments: [{ method: 'cash', amount: 10000 }],
    });
    expect(swap.statusCode, swap.body).toBe(201);
    expect(swap.json().data).toMatchObject({ total: 26000, paid: 10000, refunded: 0, change_given: 0 });
    expect(await dueOf(company)).toBe(70000);
    const statement = (await admin.get(`/api/admin/companies/${company}/statement`)).json().data;
    expect(statement.rows.map((row: { kind: string }) => row.kind)).toEqual(['opening', 'sale', 'exchange', 'exchange', 'payment']);
    expect(statement.rows.at(-1).balance).toBe(70000);
    expect(statement.rows[2]).toMatchObject({ debit: 0, credit: 36000, balance: 54000 });
    // The rest of the exchange is paid like a company sale's, never more than it adds.
    const over = await admin.post(`/api/admin/sales/company/${swap.json().data.id}/payments`, { amount: 20000, method: 'cash' });
    expect(over.statusCode).toBe(422);
    const paid = await admin.post(`/api/admin/sales/company/${swap.json().data.id}/payments`, { amount: 16000, method: 'cash' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await dueOf(company)).toBe(54000);
    // On the buyer's account, not the counter's takings: the office sale report leaves them out.
    const office = (await admin.get('/api/admin/reports/office-sales')).json();
    expect(office.totals.sales).toBe(0);

    // Nothing more of the panjabi can come back.
    const again = await admin.post('/api/admin/sales/exchange', {
      return_of_sale_id: saleId,
      returns: [{ variant_id: panjabi, quantity: 1, unit_price: 0 }],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toHaveProperty(['returns.0.quantity']);
  });

  it("keeps the company's credit limit, decided under its lock", async () => {
    const company = await companyNamed('Tight Limit Ltd', 100000);
    const sold = await admin.post('/api/admin/sales/company', {
      company_id: company,
      lines: [{ variant_id: panjabi, quantity: 1, unit_price: 60000, discount: 0 }],
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const before = (await t.database.db.select().from(counterSales)).length;
    const exchange = {
      return_of_sale_id: sold.json().data.id,
      returns: [{ variant_id: panjabi, quantity: 1, unit_price: 0 }],
      lines: [{ variant_id: shawl, quantity: 3, unit_price: 40000, discount: 0 }],
    };
    // 1,200 out − 600 back = 600 more: the due would be 1,200, over the 1,000 limit.
    const over = await admin.post('/api/admin/sales/exchange', exchange);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toHaveProperty(['lines']);
    expect((await t.database.db.select().from(counterSales)).length).toBe(before);
    const within = await admin.post('/api/admin/sales/exchange', {
      ...exchange,
      payments: [{ method: 'bkash', amount: 20000, reference: 'TRX1' }],
    });
    expect(within.statusCode, within.body).toBe(201);
    expect(await dueOf(company)).toBe(100000);
  });

  it("lowers what a supplier buyer owes us on the supplier's position", async () => {
    const sold = await admin.post('/api/admin/sales/company', {
      supplier_id: supplierId,
      lines: [{ variant_id: shawl, quantity: 2, unit_price: 40000, discount: 0 }],
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const before = (await admin.get(`/api/admin/suppliers/${supplierId}/sales-from-us`)).json().data;
    const back = await admin.post('/api/admin/sales/exchange', {
      return_of_sale_id: sold.json().data.id,
      returns: [{ variant_id: shawl, quantity: 1, unit_price: 0 }],
    });
    expect(back.statusCode, back.body).toBe(201);
    const after = (await admin.get(`/api/admin/suppliers/${supplierId}/sales-from-us`)).json().data;
    expect(after.they_owe).toBe(before.they_owe - 40000);
    expect(after.sales.map((sale: { kind: string }) => sale.kind)).toContain('exchange');
  });
});
