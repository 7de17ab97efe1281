import { type FundTransferView, formatMoney, fundTransferDescriptor, fundTransferInput } from '@haat/contracts';
import { and, eq, gte, inArray, lte, or } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { invalid } from '../../http/errors';
import { createResource } from '../../http/resource';
import { diffChanges, recordAudit } from '../audit';
import { postEntry } from './ledger.service';
import { fundTransfers, ledgerAccounts } from './ledger.table';

type Row = Record<string, unknown>;

/** Each transfer with its two balances' names, for a page of rows in one statement. */
async function transferViews({ db }: Ctx, rows: Row[]): Promise<FundTransferView[]> {
  const ids = [...new Set(rows.flatMap((row) => [Number(row.fromAccountId), Number(row.toAccountId)]))];
  const names = ids.length
    ? await db.select({ id: ledgerAccounts.id, name: ledgerAccounts.name }).from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids))
    : [];
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return rows.map((row) => ({
    id: Number(row.id),
    from_balance_id: Number(row.fromAccountId),
    from_balance_name: nameOf.get(Number(row.fromAccountId)) ?? '',
    to_balance_id: Number(row.toAccountId),
    to_balance_name: nameOf.get(Number(row.toAccountId)) ?? '',
    amount: Number(row.amount),
    fee: Number(row.fee),
    date: String(row.date),
    note: String(row.note),
    entry_id: Number(row.entryId),
    admin_name: (row.actorName as string | null) ?? null,
    created_at: (row.createdAt as Date).toISOString(),
  }));
}

/** `/admin/found/transfer`: the list and CSV from the machinery; a transfer is made by makeFundTransfer. */
export const fundTransferResource = createResource(fundTransferDescriptor, {
  table: fundTransfers,
  id: fundTransfers.id,
  search: [fundTransfers.note],
  sort: { id: fundTransfers.id, date: fundTransfers.date, amount: fundTransfers.amount, created_at: fundTransfers.createdAt },
  filters: {
    balance_id: { where: (value) => or(eq(fundTransfers.fromAccountId, Number(value)), eq(fundTransfers.toAccountId, Number(value))) },
    from: { where: (value) => gte(fundTransfers.date, String(value)) },
    to: { where: (value) => lte(fundTransfers.date, String(value)) },
  },
  toValues() {
    throw new Error('Fund transfers are made by makeFundTransfer');
  },
  toViews: transferViews,
});

/**
 * Moves money from one balance to another as one journal entry (the receiving balance gains the
 * amount, the sending one loses the amount and the fee, the fee is an expense), audited. The sending
 * balance may not go below zero unless it allows overdraft — decided atomically by postEntry, so
 * transfers at once never overdraw it (422 on `from_balance_id`).
 */
export async function makeFundTransfer(ctx: Ctx, body: unknown): Promise<FundTransferView> {
  const input = fundTransferInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const balances = await tx.db
      .select({ id: ledgerAccounts.id, name: ledgerAccounts.name, status: ledgerAccounts.status })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.role, 'balance'), inArray(ledgerAccounts.id, [input.from_balance_id, input.to_balance_id])));
    const from = balances.find((row) => row.id === input.from_balance_id);
    const to = balances.find((row) => row.id === input.to_balance_id);
    if (from?.status !== 1) throw invalid('from_balance_id', 'Choose an active balance to send from.');
    if (to?.status !== 1) throw invalid('to_balance_id', 'Choose an active balance to send to.');
    const [transfer] = await tx.db
      .insert(fundTransfers)
      .values({
        fromAccountId: from.id,
        toAccountId: to.id,
        amount: input.amount,
        fee: input.fee,
        date: input.date,
        note: input.note,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
      })
      .returning();
    const id = (transfer as { id: number }).id;
    const entry = await postEntry(tx, {
      date: input.date,
      source: 'fund.transfer',
      sourceType: 'fund_transfer',
      sourceId: id,
      memo: `${formatMoney(input.amount)} from ${from.name} to ${to.name}${input.note ? `: ${input.note}` : ''}`,
      lines: [
        { account: to.id, debit: input.amount },
        ...(input.fee ? [{ account: 'bank_charges' as const, debit: input.fee }] : []),
        { account: from.id, credit: input.amount + input.fee, field: 'from_balance_id' },
      ],
    });
    const [saved] = await tx.db.update(fundTransfers).set({ entryId: entry.id }).where(eq(fundTransfers.id, id)).returning();
    const [view] = await transferViews(tx, [saved as Row]);
    await recordAudit(tx, {
      action: 'create',
      entity: 'fund.transfer',
      entityId: id,
      changes: diffChanges(null, {
        from_balance: from.name,
        to_balance: to.name,
        amount: input.amount,
        fee: input.fee,
        date: input.date,
        note: input.note,
        entry_id: entry.id,
      }),
    });
    return view as FundTransferView;
  });
}
