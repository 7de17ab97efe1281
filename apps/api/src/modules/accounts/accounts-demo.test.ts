import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { expectBooksBalanced } from './accounts.fixture';

let t: TestApp;
let admin: TestBrowser;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.browser();
  await admin.loginAdmin();
}, 120_000);
afterAll(() => t.close());

describe('demo accounts', () => {
  it('has a cash box, a bank account, two wallets and the card gateway holding their opening balances less the transfers, purposes, and balanced books', async () => {
    const balances = (await admin.get('/api/admin/balances')).json().data as { name: string; balance: number; opening_balance: number }[];
    expect(balances.map((row) => row.name)).toEqual([
      'Cash box',
      'Dutch-Bangla Bank current',
      'bKash merchant',
      'Nagad merchant',
      // The SSLCommerz gateway's balance (decision 062), holding the demo's card payment less its fee.
      'SSLCommerz',
    ]);
    const total = balances.reduce((sum, row) => sum + row.balance, 0);
    const opening = balances.reduce((sum, row) => sum + row.opening_balance, 0);
    // What other demo events (money in and out, courier remittances…) brought into or took out of the balances.
    const others = rowsOf<{ amount: string }>(
      await t.database.db.execute(sql`select coalesce(sum(l.debit - l.credit), 0) as amount from journal_lines l
        join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
        where a.role = 'balance' and e.source not in ('balance.opening', 'fund.transfer')`),
    );
    // The transfers moved money between balances and cost only their fees.
    expect(total).toBe(opening - (370_00 + 92_50 + 157_25) + Number(others[0]?.amount ?? 0));
    const sum = async (path: string) =>
      ((await admin.get(`${path}?per_page=100`)).json().data as { amount: number }[]).reduce((all, row) => all + row.amount, 0);
    const spent = await sum('/api/admin/debits');
    const received = await sum('/api/admin/credits');
    expect(spent).toBeGreaterThan(0);
    expect(received).toBeGreaterThan(0);
    const months = new Set(
      ((await admin.get('/api/admin/debits?per_page=100')).json().data as { date: string }[]).map((row) => row.date.slice(0, 7)),
    );
    expect(months.size).toBeGreaterThanOrEqual(2);
    for (const row of balances) expect(row.balance).toBeGreaterThan(0);
    expect((await admin.get('/api/admin/fund-transfers')).json().total).toBe(5);
    const purposes = (await admin.get('/api/admin/account-purposes?per_page=50')).json().data as { name: string }[];
    expect(purposes.map((row) => row.name)).toEqual(
      expect.arrayContaining(['Rent', 'Electricity', 'Internet', 'Packaging', 'Courier charges', 'Other income']),
    );
    await expectBooksBalanced(t.database.db);
  });
});
