import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { ledgerMismatches } from '../products';
import { orderStatusHistory, orders } from './order.table';
import { settleAfterCommitWork } from './order-events';

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

    const admin = await t.browser();
    await admin.loginAdmin();
    const counts = (await admin.get('/api/admin/orders/counts')).json();
    for (const row of counts.data) expect(row.count, `status ${row.status}`).toBe(statuses.get(row.status) ?? 0);
    const pending = (await admin.get('/api/admin/orders?filter[status]=1')).json();
    expect(pending.data.length).toBe(statuses.get(1));
  });
});
