import {
  formatMoney,
  OPENING_AMOUNT_KEYS,
  OPENING_AMOUNT_SIDES,
  type OpeningAmountKey,
  type OpeningBalancesView,
  openingBalancesInput,
} from '@haat/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Ctx, inTransaction } from '../../context';
import { invalid } from '../../http/errors';
import { diffChanges, recordAudit } from '../audit';
import { type EntryLineInput, postEntry, reverseEntry } from './ledger.service';
import { ledgerAccounts } from './ledger.table';
import { openingBalances } from './opening-balance.table';

type Saved = typeof openingBalances.$inferSelect;

const COLUMN: Record<OpeningAmountKey, keyof Saved> = {
  courier_receivable: 'courierReceivable',
  company_receivable: 'companyReceivable',
  inventory: 'inventory',
  loan_receivable: 'loanReceivable',
  supplier_payable: 'supplierPayable',
  loan_payable: 'loanPayable',
};

function equityOf(balances: number, amounts: Record<OpeningAmountKey, number>): number {
  return OPENING_AMOUNT_KEYS.reduce((sum, key) => sum + (OPENING_AMOUNT_SIDES[key] === 'asset' ? amounts[key] : -amounts[key]), balances);
}

/** The opening balances as saved (or empty), with every active balance and its opening balance as its own form shows it. */
export async function openingBalancesView(ctx: Ctx): Promise<OpeningBalancesView> {
  const [saved] = await ctx.db.select().from(openingBalances).where(eq(openingBalances.id, 1));
  const listed = new Set((saved?.balanceLines ?? []).map((line) => line.balance_id));
  const rows = await ctx.db
    .select({ id: ledgerAccounts.id, name: ledgerAccounts.name, opening: ledgerAccounts.openingBalance, status: ledgerAccounts.status })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.role, 'balance'))
    .orderBy(asc(ledgerAccounts.code));
  const balances = rows
    .filter((row) => row.status === 1 || listed.has(row.id))
    .map((row) => ({ balance_id: row.id, name: row.name, amount: row.opening }));
  const amounts = Object.fromEntries(OPENING_AMOUNT_KEYS.map((key) => [key, Number(saved?.[COLUMN[key]] ?? 0)])) as Record<
    OpeningAmountKey,
    number
  >;
  return {
    date: saved?.date ?? null,
    balances,
    ...amounts,
    note: saved?.note ?? '',
    equity: equityOf(
      balances.reduce((sum, row) => sum + row.amount, 0),
      amounts,
    ),
    entry_id: saved?.entryId ?? null,
    saves: saved?.saves ?? 0,
    saved_at: saved?.savedAt ? saved.savedAt.toISOString() : null,
    saved_by: saved?.savedBy ?? null,
  };
}

/**
 * Saves the opening balances as ONE entry against "Opening balances" (source `balance.opening`, like a
 * balance's own opening balance). A balance's figure is its whole opening balance: the entry posts only
 * what differs from what its own form already posted, and the balance's opening balance becomes the
 * figure, so the two never post the same money twice. A second save posts the new entry and reverses
 * the one before (dated as it was), in one transaction under the row's lock.
 */
export async function saveOpeningBalances(ctx: Ctx, body: unknown): Promise<OpeningBalancesView> {
  const input = openingBalancesInput.parse(body);
  const seen = new Set<number>();
  input.balances.forEach((line, index) => {
    if (seen.has(line.balance_id)) throw invalid(`balances.${index}.balance_id`, 'This balance is listed twice.');
    seen.add(line.balance_id);
  });
  await inTransaction(ctx, async (tx) => {
    await tx.db.insert(openingBalances).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx.db.select().from(openingBalances).where(eq(openingBalances.id, 1)).for('update');
    const addedBefore = new Map((before?.balanceLines ?? []).map((line) => [line.balance_id, line.added]));
    const ids = input.balances.map((line) => line.balance_id);
    const found = ids.length
      ? await tx.db
          .select({ id: ledgerAccounts.id, name: ledgerAccounts.name, opening: ledgerAccounts.openingBalance })
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.role, 'balance'), inArray(ledgerAccounts.id, ids)))
      : [];
    const lines: EntryLineInput[] = [];
    const balanceLines: { balance_id: number; amount: number; added: number }[] = [];
    for (const [index, line] of input.balances.entries()) {
      const balance = found.find((row) => row.id === line.balance_id);
      if (!balance) throw invalid(`balances.${index}.balance_id`, 'Choose a balance from the list.');
      // What the balance's own form posted: its opening balance less what the last save here added.
      const own = balance.opening - (addedBefore.get(balance.id) ?? 0);
      const added = line.amount - own;
      balanceLines.push({ balance_id: balance.id, amount: line.amount, added });
      if (added > 0) lines.push({ account: balance.id, debit: added });
      if (added < 0) lines.push({ account: balance.id, credit: -added, field: `balances.${index}.amount` });
      await tx.db
        .update(ledgerAccounts)
        .set({ openingBalance: line.amount, ...(line.amount ? { openingDate: input.date } : {}) })
        .where(eq(ledgerAccounts.id, balance.id));
    }
    // A balance the last save listed and this one does not: what that save added goes with its reversal.
    for (const [id, added] of addedBefore) {
      if (seen.has(id) || added === 0) continue;
      await tx.db
        .update(ledgerAccounts)
        .set({ openingBalance: sql`${ledgerAccounts.openingBalance} - ${added}` })
        .where(eq(ledgerAccounts.id, id));
    }
    for (const key of OPENING_AMOUNT_KEYS) {
      const amount = input[key];
      if (!amount) continue;
      lines.push(OPENING_AMOUNT_SIDES[key] === 'asset' ? { account: key, debit: amount } : { account: key, credit: amount });
    }
    const net = lines.reduce((sum, line) => sum + (line.debit ?? 0) - (line.credit ?? 0), 0);
    if (net > 0) lines.push({ account: 'opening_balance_equity', credit: net });
    if (net < 0) lines.push({ account: 'opening_balance_equity', debit: -net });
    const entry =
      lines.length >= 2
        ? await postEntry(tx, {
            date: input.date,
            source: 'balance.opening',
            sourceType: 'opening_balances',
            sourceId: 1,
            memo: before?.entryId ? 'Opening balances saved again' : 'Opening balances',
            lines,
          })
        : null;
    if (before?.entryId) {
      await reverseEntry(tx, before.entryId, `opening balances saved again by ${tx.actor.name ?? 'staff'}`, {
        date: before.date ?? undefined,
        field: 'date',
      });
    }
    const values = {
      date: input.date,
      balanceLines,
      courierReceivable: input.courier_receivable,
      companyReceivable: input.company_receivable,
      inventory: input.inventory,
      loanReceivable: input.loan_receivable,
      supplierPayable: input.supplier_payable,
      loanPayable: input.loan_payable,
      note: input.note,
      entryId: entry?.id ?? null,
      saves: (before?.saves ?? 0) + 1,
      savedAt: tx.now,
      savedBy: tx.actor.name,
    };
    await tx.db.update(openingBalances).set(values).where(eq(openingBalances.id, 1));
    const shown = (row: Partial<Saved> | undefined) =>
      row
        ? {
            date: row.date,
            balances: (row.balanceLines ?? [])
              .map((line) => `${found.find((each) => each.id === line.balance_id)?.name ?? line.balance_id}: ${formatMoney(line.amount)}`)
              .join(', '),
            ...Object.fromEntries(OPENING_AMOUNT_KEYS.map((key) => [key, row[COLUMN[key]]])),
            entry_id: row.entryId,
          }
        : null;
    await recordAudit(tx, {
      action: before?.saves ? 'update' : 'create',
      entity: 'accounts.opening',
      entityId: 1,
      changes: diffChanges(before?.saves ? shown(before) : null, shown(values) ?? {}),
    });
  });
  return openingBalancesView(ctx);
}
