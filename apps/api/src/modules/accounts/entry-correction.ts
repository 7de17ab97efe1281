import type { Ctx } from '../../context';
import { type EntryInput, postEntry, reverseEntry } from './ledger.service';

/**
 * Replaces a posted entry with a corrected one (decision 048: posted entries are never edited): the old
 * one reversed on its own date, the new one posted. Whichever puts money back into a balance goes first
 * (`oldTookOut`: the old entry paid out of one), so a correction that leaves a balance where it was is
 * never refused midway; one that would take a balance below zero is a 422 on `field`. Used by the
 * loans, bills and own-companies modules' corrections (decisions 051, 052).
 */
export async function replaceEntry(
  tx: Ctx,
  old: { id: number; date: string },
  next: EntryInput,
  reason: string,
  oldTookOut: boolean,
  field = 'balance_id',
) {
  const reverse = () => reverseEntry(tx, old.id, reason, { date: old.date, field });
  if (oldTookOut) {
    await reverse();
    return postEntry(tx, next);
  }
  const posted = await postEntry(tx, next);
  await reverse();
  return posted;
}

/** What a reversed money row shows beside itself (null while it stands); the row as drizzle or a raw select gives it. */
export const reversalOf = (row: { reversedAt?: unknown; reversalReason?: unknown; reversedBy?: unknown }) => ({
  reversed_at: row.reversedAt instanceof Date ? row.reversedAt.toISOString() : null,
  reversal_reason: typeof row.reversalReason === 'string' ? row.reversalReason : null,
  reversed_by: typeof row.reversedBy === 'string' ? row.reversedBy : null,
});

/**
 * What a money row's reversal writes: the values of its reversal columns (`set` them on the row) and the
 * audit's changes for it (spread beside the row's own figures) — one shape for every module's reversals.
 */
export function reversalRecord(ctx: Ctx, reason: string, reversalEntryId: number | null) {
  return {
    columns: { reversedAt: ctx.now, reversalReason: reason, reversalEntryId, reversedBy: ctx.actor.name },
    changes: { reason: { before: null, after: reason }, reversal_entry_id: { before: null, after: reversalEntryId } },
  };
}
