import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { cities } from '../locations/location.table';
import { orderLines, orders } from '../orders/order.table';
import { type Catalogue, createProduct, makeCatalogue, productBody } from '../products/catalogue.fixture';
import { suppliers } from '../purchasing/supplier.table';
import { suggestedQuantity } from './stock-analysis.service';

/**
 * The stock analysis on a small known dataset: four variants, orders placed 2, 5, 10, 60 and 120
 * days ago, one cancelled order that must not count, and one receipt from a supplier.
 */
let t: TestApp;
let admin: TestBrowser;
let catalogue: Catalogue;
let supplierId = 0;
const v = { a: 0, b: 0, c: 0, d: 0 };
const p = { a: 0, b: 0, c: 0, d: 0 };
const DAY = 86_400_000;

async function product(key: keyof typeof v, name: string, stock: number, cost: number) {
  const made = await createProduct(
    admin,
    productBody(catalogue, {
      name,
      sku: `SA-${key.toUpperCase()}`,
      purchase_cost: cost,
      variants: [{ sku: `SA-${key.toUpperCase()}`, attribute_value_ids: [], opening_stock: stock }],
    }),
  );
  v[key] = made.variants[0]?.id as number;
  p[key] = made.id;
}

let orderCount = 0;
async function sold(key: keyof typeof v, quantity: number, daysAgo: number, status = 5) {
  orderCount += 1;
  const db = t.database.db;
  const [city] = await db.select({ id: cities.id }).from(cities).limit(1);
  const [order] = await db
    .insert(orders)
    .values({
      number: `SA${orderCount}`,
      type: 'website',
      status,
      customerName: 'Test',
      customerPhone: '01700000099',
      customerAddress: 'Dhaka',
      cityId: city?.id as number,
      subtotal: 100000 * quantity,
      deliveryCharge: 6000,
      total: 100000 * quantity + 6000,
      placedAt: new Date(Date.now() - daysAgo * DAY),
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values({
    orderId: order?.id as number,
    productId: p[key],
    variantId: v[key],
    productName: key,
    sku: `SA-${key.toUpperCase()}`,
    quantity,
    unitPrice: 100000,
    wholesalePrice: 70000,
    purchaseCost: 50000,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  catalogue = await makeCatalogue(admin);
  await product('a', 'Analysis Panjabi', 20, 50000);
  await product('b', 'Analysis Saree', 2, 100000);
  await product('c', 'Analysis Shawl', 5, 30000);
  await product('d', 'Analysis Cap', 0, 10000);
  // A: 3 (2 days ago) + 5 (10 days) + 10 (60 days) + 7 (120 days: outside the 90) + 100 cancelled yesterday.
  await sold('a', 3, 2);
  await sold('a', 5, 10);
  await sold('a', 10, 60);
  await sold('a', 7, 120);
  await sold('a', 100, 1, 7);
  // B: 6 five days ago. C: only 120 days ago (dead). D: nothing.
  await sold('b', 6, 5);
  await sold('c', 2, 120);
  const supplier = await admin.post('/api/admin/suppliers', { name: 'Analysis Supplier', phone: '01712345679' });
  expect(supplier.statusCode, supplier.body).toBe(201);
  supplierId = supplier.json().data.id;
  const purchase = await admin.post('/api/admin/purchases', {
    supplier_id: supplierId,
    purchased_on: '2026-11-01',
    lines: [{ variant_id: v.a, quantity: 10, unit_cost: 40000 }],
  });
  expect(purchase.statusCode, purchase.body).toBe(201);
  const received = await admin.post(`/api/admin/purchases/${purchase.json().data.id}/receive`, { all: true });
  expect(received.statusCode, received.body).toBe(200);
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { variant_id: number };
const rowOf = (rows: Row[], key: keyof typeof v) => rows.find((row) => row.variant_id === v[key]);

describe('stock and create analysis', () => {
  it('counts units sold in 7/30/90 days (cancelled orders left out), the cover at the current rate, value at cost and dead stock', async () => {
    const response = await admin.get('/api/admin/stock-analysis?q=Analysis&per_page=100');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const a = rowOf(body.data, 'a');
    expect(a).toMatchObject({
      stock: 30,
      sold_7: 3,
      sold_30: 8,
      sold_90: 18,
      daily_rate: 0.27,
      cover_days: 112.5,
      dead: false,
      low_cover: false,
    });
    expect(a?.supplier_name).toBe('Analysis Supplier');
    // The last sale 2 days ago (the cancelled one yesterday does not count), as noon of that day in Dhaka.
    const twoDaysAgo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date(Date.now() - 2 * DAY));
    expect(a?.last_sold_at).toBe(`${twoDaysAgo}T06:00:00.000Z`);
    expect(rowOf(body.data, 'b')).toMatchObject({
      stock: 2,
      sold_7: 6,
      sold_30: 6,
      sold_90: 6,
      cover_days: 10,
      low_cover: true,
      dead: false,
      stock_value: 200000,
    });
    expect(rowOf(body.data, 'c')).toMatchObject({
      stock: 5,
      sold_90: 0,
      cover_days: null,
      dead: true,
      stock_value: 150000,
      last_sold_at: null,
    });
    expect(rowOf(body.data, 'd')).toMatchObject({ stock: 0, sold_90: 0, cover_days: null, dead: false, stock_value: 0 });
    expect(body.totals).toMatchObject({
      variants: 4,
      units_in_stock: 37,
      dead_variants: 1,
      dead_stock_value: 150000,
      low_cover_variants: 1,
    });
    // Sorted by cover, shortest first; those that never run out last.
    expect(body.data.map((row: Row) => row.variant_id).slice(0, 2)).toEqual([v.b, v.a]);
  });

  it('filters to low cover, dead stock and a supplier, and sorts', async () => {
    const low = (await admin.get('/api/admin/stock-analysis?q=Analysis&low_cover=1')).json();
    expect(low.data.map((row: Row) => row.variant_id)).toEqual([v.b]);
    const dead = (await admin.get('/api/admin/stock-analysis?q=Analysis&dead=1')).json();
    expect(dead.data.map((row: Row) => row.variant_id)).toEqual([v.c]);
    const bySupplier = (await admin.get(`/api/admin/stock-analysis?q=Analysis&supplier_id=${supplierId}`)).json();
    expect(bySupplier.data.map((row: Row) => row.variant_id)).toEqual([v.a]);
    expect(bySupplier.totals.variants).toBe(1);
    const byValue = (await admin.get('/api/admin/stock-analysis?q=Analysis&sort=-sold_90')).json();
    expect(byValue.data[0].variant_id).toBe(v.a);
    const wider = (await admin.get('/api/admin/stock-analysis?q=Analysis&low_cover=1&low_cover_days=200')).json();
    expect(wider.data.map((row: Row) => row.variant_id)).toEqual([v.b, v.a]);
  });

  it('pages through the sorted rows, whole on every page, with the totals of the filter past the last page', async () => {
    const all = (await admin.get('/api/admin/stock-analysis?q=Analysis&sort=-stock_value&per_page=100')).json();
    const second = (await admin.get('/api/admin/stock-analysis?q=Analysis&sort=-stock_value&per_page=2&page=2')).json();
    expect(second.data.map((row: Row) => row.variant_id)).toEqual(all.data.slice(2, 4).map((row: Row) => row.variant_id));
    expect(second.data[0]).toEqual(all.data[2]);
    expect(second.totals).toEqual(all.totals);
    const past = (await admin.get('/api/admin/stock-analysis?q=Analysis&per_page=2&page=9')).json();
    expect(past.data).toEqual([]);
    expect(past.totals).toEqual(all.totals);
    const byName = (await admin.get('/api/admin/stock-analysis?q=Analysis&sort=sku&per_page=100')).json();
    const skus = byName.data.map((row: Row) => String(row.sku));
    expect(skus).toEqual([...skus].sort());
  });

  it('exports the same rows as CSV', async () => {
    const response = await admin.get('/api/admin/stock-analysis/export.csv?q=Analysis&dead=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body).toContain('Analysis Shawl');
    expect(response.body).not.toContain('Analysis Saree');
  });

  it('refuses a bad sort or filter with 422 naming it', async () => {
    const response = await admin.get('/api/admin/stock-analysis?sort=price&low_cover_days=0');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(expect.arrayContaining(['sort', 'low_cover_days']));
  });

  it('suggests reorders grouped by last supplier, and one click makes a draft purchase', async () => {
    expect(suggestedQuantity(2, 0.2, 30)).toBe(4);
    const response = await admin.get('/api/admin/stock-analysis/reorder?low_cover_days=200&cover_days=30');
    expect(response.statusCode, response.body).toBe(200);
    const groups = response.json().groups as {
      supplier_id: number | null;
      lines: { variant_id: number; suggested_quantity: number; unit_cost: number }[];
    }[];
    const fromSupplier = groups.find((group) => group.supplier_id === supplierId);
    const never = groups.find((group) => group.supplier_id === null);
    // A: 8 a month → 30 days need 8, 30 in stock: at least 1. B: 0.2 a day × 30 − 2 = 4.
    expect(fromSupplier?.lines.find((line) => line.variant_id === v.a)).toMatchObject({ suggested_quantity: 1, unit_cost: 40000 });
    expect(never?.lines.find((line) => line.variant_id === v.b)).toMatchObject({ suggested_quantity: 4 });

    const draft = await admin.post('/api/admin/stock-analysis/reorder', {
      supplier_id: supplierId,
      lines: [
        { variant_id: v.a, quantity: 12, unit_cost: 40000 },
        { variant_id: v.b, quantity: 4, unit_cost: 90000 },
      ],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.id;
    const purchase = (await admin.get(`/api/admin/purchases/${id}`)).json().data;
    expect(purchase.status).toBe('draft');
    expect(purchase.supplier_id).toBe(supplierId);
    expect(purchase.lines.map((line: { variant_id: number; quantity: number }) => [line.variant_id, line.quantity])).toEqual([
      [v.a, 12],
      [v.b, 4],
    ]);
    // A draft receives nothing: stock is unchanged.
    const [stock] = rowsOf<{ stock: number }>(await t.database.db.execute(sql`select stock from product_variants where id = ${v.b}`));
    expect(Number(stock?.stock)).toBe(2);
  });

  it('refuses a draft for a fabric supplier, an empty list and a repeated variant', async () => {
    const [weaver] = await t.database.db.insert(suppliers).values({ kind: 'fabric', name: 'Weaver' }).returning({ id: suppliers.id });
    const fabric = await admin.post('/api/admin/stock-analysis/reorder', {
      supplier_id: weaver?.id,
      lines: [{ variant_id: v.a, quantity: 1, unit_cost: 1 }],
    });
    expect(fabric.statusCode).toBe(422);
    expect(fabric.json().errors.supplier_id).toBeDefined();
    const empty = await admin.post('/api/admin/stock-analysis/reorder', { supplier_id: supplierId, lines: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.lines).toBeDefined();
    const twice = await admin.post('/api/admin/stock-analysis/reorder', {
      supplier_id: supplierId,
      lines: [
        { variant_id: v.a, quantity: 1, unit_cost: 1 },
        { variant_id: v.a, quantity: 2, unit_cost: 1 },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['lines.1.variant_id']).toBeDefined();
  });
});
