import { accountPurposeDescriptor, balanceAccountDescriptor, type PurposeType } from '@haat/contracts';
import { and, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { HttpError, invalid } from '../../http/errors';
import { createResource, likeContains } from '../../http/resource';
import { debitNormal, postEntry, shopDay } from './ledger.service';
import { journalLines, ledgerAccounts, ledgerDaily } from './ledger.table';

type Row = Record<string, unknown>;

/** No two accounts share a name (case-insensitive): a person picks them by name. */
async function assertNameFree({ db }: Ctx, name: string, existing: Row | null) {
  const [taken] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(sql`lower(${ledgerAccounts.name}) = lower(${name})`, ne(ledgerAccounts.id, existing ? Number(existing.id) : 0)))
    .limit(1);
  if (taken) throw invalid('name', 'There is already an account with this name.');
}

/**
 * The next free code of a range (`1000`–`1099` balances, `4000`–`4999` income…): the next round ten
 * after the highest, or the next number once the tens run out.
 */
async function nextCode({ db }: Ctx, low: number, high: number): Promise<string> {
  const [row] = await db
    .select({ top: sql<string | null>`max(${ledgerAccounts.code}::int)` })
    .from(ledgerAccounts)
    .where(and(sql`${ledgerAccounts.code} ~ '^[0-9]+$'`, sql`${ledgerAccounts.code}::int between ${low} and ${high}`));
  const top = Math.max(Number(row?.top ?? low), low);
  const next = top + 10 - ((top + 10) % 10) <= high ? top + 10 - ((top + 10) % 10) : top + 1;
  if (next > high) throw invalid('name', 'There are too many accounts of this kind; make an unused one inactive and rename it.');
  return String(next);
}

/** How many journal lines an account has: an account with any cannot be deleted (make it inactive). */
const linesOf = async ({ db }: Ctx, id: number) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(journalLines).where(eq(journalLines.accountId, id)))[0]?.n ?? 0;

const usedByLines = [{ label: 'journal entries', count: linesOf }];

/** A default account of the chart stays: other modules post to it by its key. */
async function refuseSystemAccount(_ctx: Ctx, row: Row) {
  if (row.systemKey) throw new HttpError(409, 'This account belongs to the default chart and cannot be deleted; make it inactive instead.');
}

/** `/admin/balance`: cash, bank and wallet accounts; what each holds is kept by the ledger. */
export const balanceAccountResource = createResource(balanceAccountDescriptor, {
  table: ledgerAccounts,
  id: ledgerAccounts.id,
  scope: () => eq(ledgerAccounts.role, 'balance'),
  searchWhere: (q: string) => {
    const pattern = likeContains(q);
    return or(ilike(ledgerAccounts.name, pattern), ilike(ledgerAccounts.accountNumber, pattern), ilike(ledgerAccounts.provider, pattern));
  },
  sort: {
    id: ledgerAccounts.id,
    name: ledgerAccounts.name,
    code: ledgerAccounts.code,
    balance: ledgerAccounts.balance,
    created_at: ledgerAccounts.createdAt,
  },
  filters: { status: { column: ledgerAccounts.status }, kind: { column: ledgerAccounts.kind } },
  usedBy: usedByLines,
  beforeDelete: refuseSystemAccount,
  statusColumn: ledgerAccounts.status,
  audit: { entity: 'balance', ignore: ['balance'] },
  async toValues(ctx, input, existing) {
    await assertNameFree(ctx, input.name, existing);
    if (existing && !input.allow_overdraft && Number(existing.balance) < 0) {
      throw invalid('allow_overdraft', 'It is below zero now: bring it back to zero before turning overdraft off.');
    }
    return {
      ...(existing ? {} : { code: await nextCode(ctx, 1000, 1099), role: 'balance', type: 'asset' }),
      name: input.name,
      kind: input.kind,
      provider: input.provider,
      accountNumber: input.account_number,
      openingBalance: input.opening_balance,
      openingDate: input.opening_date ?? (existing?.openingDate as string | null) ?? (await shopDay(ctx)),
      allowOverdraft: input.allow_overdraft,
      note: input.note,
      status: input.status,
    };
  },
  /**
   * The opening balance is posted against "Opening balances" on its date; a changed opening balance
   * posts the difference (posted entries are never edited), which may not take it below zero.
   */
  async afterSave(ctx, { row, existing }) {
    const difference = Number(row.openingBalance) - Number(existing?.openingBalance ?? 0);
    if (difference === 0) return;
    const id = Number(row.id);
    const amount = Math.abs(difference);
    await postEntry(ctx, {
      date: String(row.openingDate),
      source: 'balance.opening',
      sourceType: 'ledger_account',
      sourceId: id,
      memo: existing ? `Opening balance of ${row.name} changed` : `Opening balance of ${row.name}`,
      lines:
        difference > 0
          ? [
              { account: id, debit: amount },
              { account: 'opening_balance_equity', credit: amount },
            ]
          : [
              { account: id, credit: amount, field: 'opening_balance' },
              { account: 'opening_balance_equity', debit: amount },
            ],
    });
  },
});

/** What has been posted to each account in its own sense (income received, money spent), for a page of rows. */
async function totalsOf({ db }: Ctx, rows: Row[]): Promise<Map<number, number>> {
  const ids = rows.map((row) => Number(row.id));
  if (ids.length === 0) return new Map();
  const sums = await db
    .select({ id: ledgerDaily.accountId, net: sql<string>`sum(${ledgerDaily.debit} - ${ledgerDaily.credit})` })
    .from(ledgerDaily)
    .where(inArray(ledgerDaily.accountId, ids))
    .groupBy(ledgerDaily.accountId);
  const byId = new Map(sums.map((row) => [row.id, Number(row.net)]));
  return new Map(
    rows.map((row) => {
      const net = byId.get(Number(row.id)) ?? 0;
      return [Number(row.id), debitNormal(row.type as PurposeType) ? net : -net];
    }),
  );
}

/** `/admin/account/purpose`: the income and expense accounts money in and money out are booked under. */
export const accountPurposeResource = createResource(accountPurposeDescriptor, {
  table: ledgerAccounts,
  id: ledgerAccounts.id,
  scope: () => eq(ledgerAccounts.role, 'purpose'),
  search: [ledgerAccounts.name, ledgerAccounts.note],
  sort: { id: ledgerAccounts.id, name: ledgerAccounts.name, code: ledgerAccounts.code, created_at: ledgerAccounts.createdAt },
  filters: { status: { column: ledgerAccounts.status }, type: { column: ledgerAccounts.type } },
  usedBy: usedByLines,
  beforeDelete: refuseSystemAccount,
  statusColumn: ledgerAccounts.status,
  audit: { entity: 'account.purpose', ignore: ['balance', 'total'] },
  async toValues(ctx, input, existing) {
    await assertNameFree(ctx, input.name, existing);
    if (existing && existing.type !== input.type && (await linesOf(ctx, Number(existing.id))) > 0) {
      throw invalid('type', 'Money is already booked under it; its type cannot change. Add a new purpose instead.');
    }
    const range: [number, number] = input.type === 'income' ? [4000, 4999] : [5000, 5999];
    return {
      ...(existing && existing.type === input.type ? {} : { code: await nextCode(ctx, ...range) }),
      ...(existing ? {} : { role: 'purpose' }),
      name: input.name,
      type: input.type,
      note: input.note,
      status: input.status,
    };
  },
  async toViews(ctx, rows) {
    const totals = await totalsOf(ctx, rows);
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      system_key: row.systemKey,
      name: row.name,
      type: row.type,
      note: row.note,
      status: row.status,
      total: totals.get(Number(row.id)) ?? 0,
      created_at: row.createdAt,
      updated_at: row.updatedAt,
    }));
  },
});
