import { gs1CheckDigitOk } from '@haat/contracts';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { ledgerMismatches } from '../products';
import { productVariants } from '../products/product.table';
import { orderLines, orderStatusHistory, orders } from './order.table';
import { settleAfterCommitWork } from './order-events';
import { variantSalesMismatches } from './variant-sales.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(async () => {
  await settleAfterCommitWork();
  await t.close();
});

describe('the demo shop has orders', () => {
  it('in every status, placed and moved like real ones: stock ledger, history and tab counts agree', async () => {
    const db = t.database.db;
    const byStatus = await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
    const statuses = new Map(byStatus.map((row) => [row.status, row.n]));
    for (const status of [1, 2, 3, 4, 5, 6, 7, 8]) expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
    const [moves] = await db.select({ n: count() }).from(orderStatusHistory);
    expect(moves?.n).toBeGreaterThan(byStatus.reduce((sum, row) => sum + row.n, 0));
    expect(await ledgerMismatches(db)).toEqual([]);
    expect(await variantSalesMismatches(db)).toEqual([]);

    const admin = await t.browser();
    await admin.loginAdmin();
    const counts = (await admin.get('/api/admin/orders/counts')).json();
    for (const row of counts.data) expect(row.count, `status ${row.status}`).toBe(statuses.get(row.status) ?? 0);
    const pending = (await admin.get('/api/admin/orders?filter[status]=1')).json();
    expect(pending.data.length).toBe(statuses.get(1));
  });

  it('each line with the unit cost recorded when it was placed, and each variant with its own EAN-13 barcode', async () => {
    const db = t.database.db;
    const [lines] = await db
      .select({
        n: count(),
        costed: sql<number>`count(*) filter (where ${orderLines.purchaseCost} > 0)`.mapWith(Number),
      })
      .from(orderLines);
    expect(lines?.n).toBeGreaterThan(0);
    expect(lines?.costed).toBe(lines?.n);

    const variants = await db.select({ barcode: productVariants.barcode }).from(productVariants);
    const codes = variants.map((variant) => variant.barcode).filter((code): code is string => code !== null);
    // The demo catalogue's variants have one each (variants other demo data adds may not).
    expect(codes.length).toBeGreaterThan(variants.length / 2);
    expect(codes.filter((code) => !/^\d{13}$/.test(code) || !gs1CheckDigitOk(code))).toEqual([]);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
