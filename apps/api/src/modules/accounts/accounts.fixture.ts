import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { booksMismatches, trialBalance } from './ledger.service';

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
