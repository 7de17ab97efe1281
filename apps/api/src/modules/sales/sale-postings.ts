import type { SaleChannel, SystemAccountKey } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { type EntryLineInput, postEntry } from '../accounts';
import { counterSales } from './sale.table';

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

  /** The entry's lines; with a channel, every line names it (a sale is of one channel). */
  lines(channel?: SaleChannel): EntryLineInput[] {
    const out: EntryLineInput[] = [];
    const tag = channel ? { channel } : {};
    for (const [account, amount] of this.amounts) {
      const field = this.fields.get(account);
      if (amount > 0) out.push({ account, debit: amount, ...tag });
      else if (amount < 0) out.push({ account, credit: -amount, ...(field ? { field } : {}), ...tag });
    }
    return out;
  }
}

/**
 * The sale channel of a sale's entry (decision 053): a counter sale is `counter`, a company sale and its
 * payments `company`; an exchange is of the kind of sale it is recorded as (a walk-in buyer's at the
 * counter, a company's for a company).
 */
async function saleChannel(ctx: Ctx, source: string, saleId: number): Promise<SaleChannel> {
  if (source === 'sale.counter') return 'counter';
  if (source.startsWith('sale.company')) return 'company';
  const [sale] = await ctx.db
    .select({ kind: counterSales.kind, companyId: counterSales.companyId, supplierId: counterSales.supplierId })
    .from(counterSales)
    .where(eq(counterSales.id, saleId));
  return sale?.kind === 'company' || sale?.companyId != null || sale?.supplierId != null ? 'company' : 'counter';
}

/** Posts a sale's entry (no entry when nothing moved: an even exchange at the same cost), its lines naming the sale's channel. */
export async function postSaleEntry(
  ctx: Ctx,
  entry: { source: string; saleId: number; memo: string; date?: string; lines: SignedLines },
): Promise<void> {
  if (entry.lines.lines().length < 2) return;
  const lines = entry.lines.lines(await saleChannel(ctx, entry.source, entry.saleId));
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
