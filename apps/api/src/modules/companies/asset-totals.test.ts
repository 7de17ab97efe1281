import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { runDepreciation } from './asset.service';

let t: TestApp;
let admin: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

async function created(path: string, body: Record<string, unknown>): Promise<number> {
  const response = await admin.post(path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

describe('the assets list totals', () => {
  it('sums every row the filters keep, not the page: cost of all, worth now of those in use', async () => {
    const fashion = await created('/api/admin/companies', { name: 'Totals Fashion Ltd.', kind: 'own' });
    const tailoring = await created('/api/admin/companies', { name: 'Totals Tailoring', kind: 'own' });
    const box = await created('/api/admin/balances', { name: 'Totals box', kind: 'cash', opening_balance: 5_00_000_00 });
    const asset = (company: number, name: string, value: number) =>
      created('/api/admin/assets', {
        company_id: company,
        name,
        category: 'computer',
        purchase_date: '2026-01-10',
        purchase_value: value,
        salvage_value: 0,
        useful_life_months: 10,
        balance_id: box,
      });
    await asset(fashion, 'Laptop', 10_000_00);
    const sold = await asset(fashion, 'Printer', 5_000_00);
    await asset(tailoring, 'Sewing machine', 40_000_00);
    // Four months booked (January to April): each in-use asset is worth 60% of its cost.
    await runDepreciation(systemCtx(t.database.db), { today: '2026-05-05' });
    const disposed = await admin.post(`/api/admin/assets/${sold}/dispose`, { date: '2026-05-06', amount: 1_000_00, balance_id: box });
    expect(disposed.statusCode, disposed.body).toBe(200);

    const page = (await admin.get(`/api/admin/assets?filter[company_id]=${fashion}&per_page=1`)).json();
    expect(page.data).toHaveLength(1);
    expect(page.total).toBe(2);
    // The disposed printer cost money but is worth nothing now.
    expect(page.totals).toEqual({ purchase_value: 15_000_00, worth_now: 6_000_00 });

    const inUse = (await admin.get('/api/admin/assets?filter[status]=in_use')).json();
    expect(inUse.totals).toEqual({ purchase_value: 50_000_00, worth_now: 30_000_00 });
    const none = (await admin.get('/api/admin/assets?q=nothing-is-called-this')).json();
    expect(none.totals).toEqual({ purchase_value: 0, worth_now: 0 });
  });
});
