import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { expectBooksBalanced } from '../accounts/accounts.fixture';

let t: TestApp;
let admin: TestBrowser;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.browser();
  await admin.loginAdmin();
}, 120_000);
afterAll(() => t.close());

describe('demo team', () => {
  it('has five members, three months of salaries (this one partly paid) and an advance recovered over two months', async () => {
    const members = (await admin.get('/api/admin/team-members?sort=id')).json().data as { id: number; name: string; designation: string }[];
    expect(members).toHaveLength(5);
    expect(members.map((row) => row.designation)).toEqual(
      expect.arrayContaining(['Order executive', 'Packing', 'Delivery coordinator', 'Accountant']),
    );
    const first = (await admin.get(`/api/admin/team-members/${members[0]?.id}/salary`)).json().data;
    expect(first.months.slice(0, 3).map((row: { saved: boolean }) => row.saved)).toEqual([true, true, true]);
    expect(first.months[0].due).toBeGreaterThan(0);
    expect(first.months[1].due).toBe(0);
    expect(first.months[2].due).toBe(0);
    const packer = (await admin.get(`/api/admin/team-members/${members[1]?.id}/salary`)).json().data;
    expect(packer.advances).toMatchObject([{ amount: 6_000_00, recovered: 6_000_00, left: 0 }]);
    expect(packer.months.slice(0, 2).map((row: { advance_recovery: number }) => row.advance_recovery)).toEqual([3_000_00, 3_000_00]);
    const balances = (await admin.get('/api/admin/balances')).json().data as { name: string; balance: number }[];
    for (const row of balances) expect(row.balance, `${row.name}: ${JSON.stringify(balances)}`).toBeGreaterThan(0);
    await expectBooksBalanced(t.database.db);
  });

  it('is paid by a shop that earns it: the last twelve months show a modest profit after salaries, rent, bills and depreciation', async () => {
    const day = (daysAgo: number) => new Date(Date.now() + 6 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const report = (await admin.get(`/api/admin/profit-report?from=${day(364)}&to=${day(0)}`)).json();
    const { revenue, expenses, profit } = report.totals as { revenue: number; expenses: number; profit: number };
    expect(expenses, JSON.stringify(report.totals)).toBeGreaterThan(0);
    expect(profit, JSON.stringify(report.totals)).toBeGreaterThan(0);
    expect(profit, JSON.stringify(report.totals)).toBeLessThan(revenue * 0.15);
  });
});
