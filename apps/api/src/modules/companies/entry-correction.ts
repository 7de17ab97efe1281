import type { Ctx } from '../../context';
import { type EntryInput, postEntry, reverseEntry } from '../accounts';

/**
 * Replaces a posted entry with a corrected one (decision 048: posted entries are never edited): the old
 * one reversed on its own date, the new one posted. Whichever puts money back into a balance goes first
 * (`oldTookOut`: the old entry paid out of one), so a correction that leaves a balance where it was is
 * never refused midway; one that would take a balance below zero is a 422 on `balance_id`.
 */
export async function replaceEntry(tx: Ctx, old: { id: number; date: string }, next: EntryInput, reason: string, oldTookOut: boolean) {
  const reverse = () => reverseEntry(tx, old.id, reason, { date: old.date, field: 'balance_id' });
  if (oldTookOut) {
    await reverse();
    return postEntry(tx, next);
  }
  const posted = await postEntry(tx, next);
  await reverse();
  return posted;
}

/** What a reversed money row shows beside itself (null while it stands). */
export const reversalOf = (row: { reversedAt: Date | null; reversalReason: string | null; reversedBy: string | null }) => ({
  reversed_at: row.reversedAt ? row.reversedAt.toISOString() : null,
  reversal_reason: row.reversalReason ?? null,
  reversed_by: row.reversedBy ?? null,
});
