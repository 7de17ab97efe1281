import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { booksMismatches, postEntry, trialBalance } from './ledger.service';

/**
 * The books' invariants, for any test that moves money (issue 19): every entry balances, the trial
 * balance sums to zero, every balance's kept figure equals the sum of its lines, and the daily
 * totals equal the lines. Call it after each scenario.
 */
export async function expectBooksBalanced(db: Db): Promise<void> {
  expect(await booksMismatches(db)).toEqual([]);
  const books = await trialBalance(db, { from: '1900-01-01', to: '9999-12-31' });
  expect(books.debit).toBe(books.credit);
  expect(books.closing).toBe(0);
}

/**
 * Puts `amount` (paisa) into each of the default balances (cash, bank, bKash, Nagad) against opening
 * balances: money for a test's payouts and payments, which may not take a balance below zero.
 */
export async function fundShopBalances(db: Db, amount = 1_000_000_00): Promise<void> {
  await postEntry(systemCtx(db), {
    source: 'balance.opening',
    memo: 'Opening balances (test)',
    lines: [
      { account: 'cash', debit: amount },
      { account: 'bank', debit: amount },
      { account: 'bkash', debit: amount },
      { account: 'nagad', debit: amount },
      { account: 'opening_balance_equity', credit: amount * 4 },
    ],
  });
}

/** The journal entries matching `where` (on `e`, journal_entries), oldest first, each with its lines as `key: ±amount` (debit positive). */
export async function bookEntries(db: Db, where: SQL): Promise<{ source: string; lines: Record<string, number> }[]> {
  const rows = rowsOf<{ id: number; source: string; key: string | null; code: string; debit: string; credit: string }>(
    await db.execute(sql`
      select e.id, e.source, a.system_key as key, a.code, l.debit, l.credit
      from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
      where ${where} order by e.id, a.code`),
  );
  const byId = new Map<number, { source: string; lines: Record<string, number> }>();
  for (const row of rows) {
    const entry = byId.get(Number(row.id)) ?? { source: row.source, lines: {} };
    entry.lines[row.key ?? row.code] = Number(row.debit) - Number(row.credit);
    byId.set(Number(row.id), entry);
  }
  return [...byId.values()];
}
