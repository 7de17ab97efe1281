import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { ledgerMismatches } from '../products/stock.service';

let t: TestApp;
let admin: TestBrowser;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.browser();
  await admin.loginAdmin();
}, 120_000);
afterAll(() => t.close());

describe('demo purchasing', () => {
  it('shows suppliers of both kinds, purchases in every state, a credit note, and dues that add up', async () => {
    expect((await admin.get('/api/admin/suppliers')).json().total).toBe(3);
    expect((await admin.get('/api/admin/fabric-suppliers')).json().total).toBe(2);
    const purchases = (await admin.get('/api/admin/purchases?per_page=50')).json().data as {
      status: string;
      supplier_id: number;
      credited_value: number;
    }[];
    expect(new Set(purchases.map((row) => row.status))).toEqual(new Set(['received', 'partly_received', 'ordered', 'draft']));
    for (const supplierId of new Set(purchases.map((row) => row.supplier_id))) {
      const { totals } = (await admin.get(`/api/admin/suppliers/${supplierId}/statement`)).json().data;
      expect(totals.due).toBe(totals.opening + totals.purchases - totals.returns - totals.credits - totals.payments);
    }
    const credited = purchases.filter((row) => row.credited_value > 0);
    expect(credited).toHaveLength(1);
    const karim = credited[0];
    const statement = (await admin.get(`/api/admin/suppliers/${karim?.supplier_id}/statement`)).json().data;
    expect(statement.rows.filter((row: { kind: string }) => row.kind === 'credit_note')).toHaveLength(1);
    expect(statement.totals.credits).toBe(20 * 25_00);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
    const report = (await admin.get('/api/admin/reports/suppliers')).json();
    expect(report.totals.suppliers).toBe(5);
  });
});
