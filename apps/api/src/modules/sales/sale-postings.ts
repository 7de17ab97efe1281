import type { SystemAccountKey } from '@haat/contracts';
import type { Ctx } from '../../context';
import { type EntryLineInput, postEntry } from '../accounts';

/**
 * The balance a sale's payment goes into, by its method (decision 048): cash to the cash drawer, card and
 * bank transfer to the bank, bKash and Nagad to their wallets. Rocket has no account of its own in the
 * default chart yet: it goes to the bKash wallet, the shop's default mobile wallet.
 */
export function balanceOfMethod(method: string): SystemAccountKey {
  if (method === 'cash') return 'cash';
  if (method === 'bkash' || method === 'rocket') return 'bkash';
  if (method === 'nagad') return 'nagad';
  return 'bank';
}

/** An entry's amounts per account, signed: a positive amount is a debit, a negative one a credit. */
export class SignedLines {
  private readonly amounts = new Map<SystemAccountKey, number>();
  private readonly fields = new Map<SystemAccountKey, string>();

  add(account: SystemAccountKey, amount: number, field?: string): this {
    if (amount !== 0) this.amounts.set(account, (this.amounts.get(account) ?? 0) + amount);
    if (field) this.fields.set(account, field);
    return this;
  }

  lines(): EntryLineInput[] {
    const out: EntryLineInput[] = [];
    for (const [account, amount] of this.amounts) {
      const field = this.fields.get(account);
      if (amount > 0) out.push({ account, debit: amount });
      else if (amount < 0) out.push({ account, credit: -amount, ...(field ? { field } : {}) });
    }
    return out;
  }
}

/** Posts a sale's entry (no entry when nothing moved: an even exchange at the same cost). */
export async function postSaleEntry(
  ctx: Ctx,
  entry: { source: string; saleId: number; memo: string; date?: string; lines: SignedLines },
): Promise<void> {
  const lines = entry.lines.lines();
  if (lines.length < 2) return;
  await postEntry(ctx, {
    source: entry.source,
    sourceType: 'counter_sale',
    sourceId: entry.saleId,
    memo: entry.memo,
    ...(entry.date ? { date: entry.date } : {}),
    lines,
  });
}
