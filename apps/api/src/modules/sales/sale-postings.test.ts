import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { expectBooksBalanced } from '../accounts/accounts.fixture';
import { createProduct, makeCatalogue, productBody } from '../products/catalogue.fixture';

let t: TestApp;
let admin: TestBrowser;
let panjabi: number;
let buyer: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  const catalogue = await makeCatalogue(admin);
  const product = await createProduct(
    admin,
    productBody(catalogue, {
      name: 'Books Panjabi',
      sku: 'BK-PJ',
      retail_price: 150000,
      purchase_cost: 90000,
      variants: [{ sku: 'BK-PJ-M', attribute_value_ids: [], opening_stock: 100 }],
    }),
  );
  panjabi = product.variants[0]?.id as number;
  const company = await admin.post('/api/admin/companies', { name: 'Sylhet Tea Estates', kind: 'buyer' });
  expect(company.statusCode, company.body).toBe(201);
  buyer = company.json().data.id;
});
afterAll(() => t.close());

/** The entries posted about one sale, oldest first, each with its lines as `key: ±amount` (debit positive). */
async function entriesOf(saleId: number) {
  const rows = rowsOf<{ id: number; source: string; date: string; key: string; debit: string; credit: string }>(
    await t.database.db.execute(sql`
      select e.id, e.source, e.date::text as date, a.system_key as key, l.debit, l.credit
      from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
      where e.source_type = 'counter_sale' and e.source_id = ${saleId} order by e.id, a.code`),
  );
  const entries = new Map<number, { source: string; date: string; lines: Record<string, number> }>();
  for (const row of rows) {
    const entry = entries.get(Number(row.id)) ?? { source: row.source, date: row.date, lines: {} };
    entry.lines[row.key] = Number(row.debit) - Number(row.credit);
    entries.set(Number(row.id), entry);
  }
  return [...entries.values()];
}

describe('the books of sales (issue 19)', () => {
  it('a counter sale paid in cash and bKash: each payment in its balance, the change out of the cash, the sale and its cost', async () => {
    const response = await admin.post('/api/admin/sales/counter', {
      lines: [{ variant_id: panjabi, quantity: 2, unit_price: 150000, discount: 0 }],
      payments: [
        { method: 'bkash', amount: 100000, reference: 'TRX1' },
        { method: 'cash', amount: 250000 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    // ৳3,000: ৳1,000 by bKash, ৳2,500 cash less ৳500 change; two units at ৳900.
    expect(await entriesOf(response.json().data.id)).toEqual([
      {
        source: 'sale.counter',
        date: expect.any(String),
        lines: { cash: 200000, bkash: 100000, inventory: -180000, sales_revenue: -300000, cost_of_goods: 180000 },
      },
    ]);
    await expectBooksBalanced(t.database.db);
  });

  it('a company sale on credit, then a part payment into the bank', async () => {
    const response = await admin.post('/api/admin/sales/company', {
      company_id: buyer,
      lines: [{ variant_id: panjabi, quantity: 10, unit_price: 140000, discount: 0 }],
      paid: 0,
      method: 'cash',
    });
    expect(response.statusCode, response.body).toBe(201);
    const saleId = response.json().data.id;
    const paid = await admin.post(`/api/admin/sales/company/${saleId}/payments`, {
      amount: 500000,
      method: 'bank',
      paid_on: '2026-11-20',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await entriesOf(saleId)).toEqual([
      {
        source: 'sale.company',
        date: expect.any(String),
        lines: { company_receivable: 1400000, inventory: -900000, sales_revenue: -1400000, cost_of_goods: 900000 },
      },
      { source: 'sale.company.paid', date: '2026-11-20', lines: { bank: 500000, company_receivable: -500000 } },
    ]);
    await expectBooksBalanced(t.database.db);
  });

  it('an exchange that refunds: the difference off the sales and out of the cash, the goods back at the cost they were sold at', async () => {
    const sold = await admin.post('/api/admin/sales/counter', {
      lines: [{ variant_id: panjabi, quantity: 2, unit_price: 150000, discount: 0 }],
      payments: [{ method: 'cash', amount: 300000 }],
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const exchange = await admin.post('/api/admin/sales/exchange', {
      return_of_sale_id: sold.json().data.id,
      returns: [{ variant_id: panjabi, quantity: 2, unit_price: 150000 }],
      lines: [{ variant_id: panjabi, quantity: 1, unit_price: 150000, discount: 0 }],
      refunds: [{ method: 'cash', amount: 150000 }],
    });
    expect(exchange.statusCode, exchange.body).toBe(201);
    expect(await entriesOf(exchange.json().data.id)).toEqual([
      {
        source: 'sale.exchange',
        date: expect.any(String),
        lines: { cash: -150000, inventory: 90000, sales_revenue: 150000, cost_of_goods: -90000 },
      },
    ]);
    await expectBooksBalanced(t.database.db);
  });
});
