import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { expectBooksBalanced } from './accounts.fixture';
import { accountBalance, accountIdFor } from './ledger.service';
import { ledgerAccounts } from './ledger.table';

let t: TestApp;
let admin: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

const balanceOf = async (id: number) =>
  (await t.database.db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, id)))[0]?.balance;

async function created(path: string, body: Record<string, unknown>): Promise<number> {
  const response = await admin.post(path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

describe('opening balances', () => {
  it('post one entry against opening balances; a second save reverses it and posts again; balances are not posted twice', async () => {
    const wallet = await created('/api/admin/balances', { name: 'Opening wallet', kind: 'mobile_wallet', opening_balance: 5_000_00 });
    const equity = await accountIdFor(t.database.db, 'opening_balance_equity');
    const equityBefore = await accountBalance(t.database.db, equity);
    const first = await admin.put('/api/admin/accounts/opening', {
      date: '2026-07-01',
      balances: [{ balance_id: wallet, amount: 8_000_00 }],
      inventory: 2_00_000_00,
      supplier_payable: 50_000_00,
      courier_receivable: 10_000_00,
    });
    expect(first.statusCode, first.body).toBe(200);
    const view = first.json().data;
    expect(view.saves).toBe(1);
    expect(view.balances.find((row: { balance_id: number }) => row.balance_id === wallet).amount).toBe(8_000_00);
    // The wallet's own form posted ৳5,000; this entry adds ৳3,000 — ৳8,000 in all, never ৳13,000.
    expect(await balanceOf(wallet)).toBe(8_000_00);
    expect((await accountBalance(t.database.db, equity)) - equityBefore).toBe(3_000_00 + 2_00_000_00 + 10_000_00 - 50_000_00);
    const walletRow = (await admin.get(`/api/admin/balances/${wallet}`)).json().data;
    expect(walletRow.opening_balance).toBe(8_000_00);

    const second = await admin.put('/api/admin/accounts/opening', {
      date: '2026-07-01',
      balances: [{ balance_id: wallet, amount: 6_000_00 }],
      inventory: 1_50_000_00,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.saves).toBe(2);
    expect(await balanceOf(wallet)).toBe(6_000_00);
    expect((await accountBalance(t.database.db, equity)) - equityBefore).toBe(1_000_00 + 1_50_000_00);
    expect((await accountBalance(t.database.db, await accountIdFor(t.database.db, 'supplier_payable'))) + 0).toBe(0);
    await expectBooksBalanced(t.database.db);

    const bad = await admin.put('/api/admin/accounts/opening', { date: 'July', inventory: -5 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['date', 'inventory']));
  });
});
