import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { auditLog } from '../audit/audit.table';
import { type Catalogue, createProduct, makeCatalogue, productBody } from '../products/catalogue.fixture';
import { productVariants, stockMovements } from '../products/product.table';
import { ledgerMismatches } from '../products/stock.service';
import { counterSales } from './sale.table';

let t: TestApp;
let admin: TestBrowser;
let catalogue: Catalogue;
let panjabi: number;
let saree: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  catalogue = await makeCatalogue(admin);
  const a = await createProduct(
    admin,
    productBody(catalogue, {
      name: 'Cotton Panjabi',
      sku: 'CS-PJ',
      retail_price: 150000,
      purchase_cost: 90000,
      variants: [{ sku: 'CS-PJ-M', attribute_value_ids: [], opening_stock: 10 }],
    }),
  );
  const b = await createProduct(
    admin,
    productBody(catalogue, {
      name: 'Silk Saree',
      sku: 'CS-SR',
      retail_price: 500000,
      purchase_cost: 320000,
      variants: [{ sku: 'CS-SR-1', attribute_value_ids: [], opening_stock: 3 }],
    }),
  );
  panjabi = a.variants[0]?.id as number;
  saree = b.variants[0]?.id as number;
  await t.database.db.update(productVariants).set({ barcode: '8901234567894' }).where(eq(productVariants.id, panjabi));
});
afterAll(() => t.close());

const stockOf = async (id: number) =>
  (await t.database.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)))[0]?.stock;

describe('the counter', () => {
  it('finds an item by its barcode or SKU exactly, and by name otherwise, at the price it sells for', async () => {
    const scanned = (await admin.get('/api/admin/sales/counter/items?code=8901234567894')).json();
    expect(scanned.exact).toBe(true);
    expect(scanned.data).toEqual([expect.objectContaining({ variant_id: panjabi, unit_price: 150000, stock: 10 })]);
    const bySku = (await admin.get('/api/admin/sales/counter/items?code=cs-sr-1')).json();
    expect(bySku.data[0]?.variant_id).toBe(saree);
    const byName = (await admin.get('/api/admin/sales/counter/items?q=saree')).json();
    expect(byName.exact).toBe(false);
    expect(byName.data.map((item: { variant_id: number }) => item.variant_id)).toContain(saree);
  });

  it('sells with a split payment: stock out at once, change from the cash, costs recorded, audited', async () => {
    const response = await admin.post('/api/admin/sales/counter', {
      customer_name: 'Rahim',
      customer_phone: '01711111111',
      discount: 10000,
      lines: [
        { variant_id: panjabi, quantity: 2, unit_price: 150000, discount: 0 },
        { variant_id: saree, quantity: 1, unit_price: 500000, discount: 20000 },
      ],
      payments: [
        { method: 'bkash', amount: 300000, reference: 'TRX123' },
        { method: 'cash', amount: 500000 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json().data;
    // 2 × 1,500 + 5,000 − 200 − 100 = 7,700 taka; 3,000 by bKash and 5,000 cash → 300 change.
    expect(sale).toMatchObject({ subtotal: 780000, discount: 10000, total: 770000, paid: 800000, change_given: 30000 });
    expect(sale.number).toMatch(/^CS-\d{6}$/);
    expect(sale.lines).toEqual([
      expect.objectContaining({ variant_id: panjabi, quantity: 2, unit_cost: 90000, line_total: 300000 }),
      expect.objectContaining({ variant_id: saree, quantity: 1, unit_cost: 320000, line_total: 480000 }),
    ]);
    expect(sale.profit).toBe(770000 - (2 * 90000 + 320000));
    expect(sale.payments).toEqual([
      { id: expect.any(Number), method: 'bkash', amount: 300000, reference: 'TRX123', refund: false },
      { id: expect.any(Number), method: 'cash', amount: 500000, reference: '', refund: false },
    ]);
    expect(await stockOf(panjabi)).toBe(8);
    expect(await stockOf(saree)).toBe(2);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
    const moves = await t.database.db.select().from(stockMovements).where(eq(stockMovements.referenceId, sale.id));
    expect(
      moves
        .filter((move) => move.referenceType === 'counter_sale')
        .map((move) => move.quantity)
        .sort(),
    ).toEqual([-1, -2]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'counter_sale'));
    expect(audit.some((row) => row.entityId === String(sale.id) && row.action === 'create')).toBe(true);
    const view = (await admin.get(`/api/admin/sales/counter/${sale.id}`)).json().data;
    expect(view.lines).toHaveLength(2);
    const list = (await admin.get('/api/admin/counter-sales?q=Rahim')).json();
    expect(list.data.map((row: { id: number }) => row.id)).toEqual([sale.id]);
    expect(list.data[0].item_count).toBe(3);
    // The figures over the rows the search keeps: how many, the takings and the profit.
    expect(list.totals).toEqual({ sales: 1, takings: sale.total, profit: sale.profit });
    const csv = (await admin.get('/api/admin/counter-sales/export.csv?q=Rahim')).body.trim().split('\n');
    expect(csv[0]).toContain('Served by');
    expect(csv).toHaveLength(2);
  });

  it('refuses a sale the payments do not cover, or a card paying more than the total, and writes nothing', async () => {
    const before = (await t.database.db.select().from(counterSales)).length;
    const short = await admin.post('/api/admin/sales/counter', {
      lines: [{ variant_id: panjabi, quantity: 1, unit_price: 150000 }],
      payments: [{ method: 'cash', amount: 100000 }],
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toHaveProperty('payments');
    const card = await admin.post('/api/admin/sales/counter', {
      lines: [{ variant_id: panjabi, quantity: 1, unit_price: 150000 }],
      payments: [{ method: 'card', amount: 200000, reference: 'POS-1' }],
    });
    expect(card.statusCode).toBe(422);
    const noReference = await admin.post('/api/admin/sales/counter', {
      lines: [{ variant_id: panjabi, quantity: 1, unit_price: 150000 }],
      payments: [{ method: 'nagad', amount: 150000 }],
    });
    expect(noReference.statusCode).toBe(422);
    expect(noReference.json().errors).toHaveProperty(['payments.0.reference']);
    expect((await t.database.db.select().from(counterSales)).length).toBe(before);
    expect(await stockOf(panjabi)).toBe(8);
  });

  it('refuses more than the stock, naming the line, and writes nothing', async () => {
    const before = (await t.database.db.select().from(counterSales)).length;
    const response = await admin.post('/api/admin/sales/counter', {
      lines: [
        { variant_id: panjabi, quantity: 1, unit_price: 150000 },
        { variant_id: saree, quantity: 5, unit_price: 500000 },
      ],
      payments: [{ method: 'cash', amount: 5000000 }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty(['lines.1.quantity']);
    expect((await t.database.db.select().from(counterSales)).length).toBe(before);
    expect(await stockOf(panjabi)).toBe(8);
    expect(await stockOf(saree)).toBe(2);
  });

  it('sells the last units once when two counters sell them at the same moment', async () => {
    const sell = () =>
      admin.post('/api/admin/sales/counter', {
        lines: [{ variant_id: saree, quantity: 2, unit_price: 500000 }],
        payments: [{ method: 'cash', amount: 1000000 }],
      });
    const answers = await Promise.all([sell(), sell(), sell()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422]);
    expect(await stockOf(saree)).toBe(0);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it('edits what the sale says about its customer, never its goods', async () => {
    const [sale] = await t.database.db.select().from(counterSales).limit(1);
    const id = sale?.id as number;
    const response = await admin.put(`/api/admin/sales/counter/${id}`, { customer_name: 'Rahim Uddin', customer_phone: '', note: 'Gift' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ customer_name: 'Rahim Uddin', note: 'Gift' });
    expect((await admin.put('/api/admin/sales/counter/999999', { note: 'x' })).statusCode).toBe(404);
  });

  it('reports the counter day by day: takings, cost, profit and how it was paid', async () => {
    const report = (await admin.get('/api/admin/reports/office-sales')).json();
    expect(report.totals).toMatchObject({ sales: 2, total: 770000 + 1000000, cash: 500000 - 30000 + 1000000, mobile: 300000, card: 0 });
    expect(report.totals.profit).toBe(report.totals.total - report.totals.cost);
    expect(report.chart.length).toBe(30);
    const csv = await admin.get('/api/admin/reports/office-sales/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Takings');
  });
});
