import {
  type CreditDueAnswer,
  creditDescriptor,
  debitDescriptor,
  formatMoney,
  type MoneyMovementView,
  type MonthlyReportAnswer,
  type MonthlyReportRow,
} from '@haat/contracts';
import { eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { adminIdOf, type Ctx } from '../../context';
import { rowsOf } from '../../db/client';
import { invalid } from '../../http/errors';
import { createResource, likeContains } from '../../http/resource';
import { postEntry, reverseEntry } from './ledger.service';
import { ledgerAccounts, moneyMovements } from './ledger.table';
import { receivableParts } from './receivable-sources';

type Row = Record<string, unknown>;
type Direction = 'in' | 'out';

/** Each row with its purpose's and balance's names, for a page of rows in one statement. */
async function movementViews({ db }: Ctx, rows: Row[]): Promise<MoneyMovementView[]> {
  const ids = [...new Set(rows.flatMap((row) => [Number(row.purposeAccountId), Number(row.balanceAccountId)]))];
  const names = ids.length
    ? await db.select({ id: ledgerAccounts.id, name: ledgerAccounts.name }).from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids))
    : [];
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return rows.map((row) => ({
    id: Number(row.id),
    date: String(row.date),
    purpose_id: Number(row.purposeAccountId),
    purpose_name: nameOf.get(Number(row.purposeAccountId)) ?? '',
    balance_id: Number(row.balanceAccountId),
    balance_name: nameOf.get(Number(row.balanceAccountId)) ?? '',
    amount: Number(row.amount),
    party: String(row.party),
    reference: String(row.reference),
    note: String(row.note),
    entry_id: row.entryId == null ? null : Number(row.entryId),
    admin_name: (row.actorName as string | null) ?? null,
    created_at: (row.createdAt as Date).toISOString(),
    updated_at: (row.updatedAt as Date).toISOString(),
  }));
}

/** The purpose must be an active income (money in) or expense (money out) purpose; the balance an active balance. */
async function checkAccounts({ db }: Ctx, direction: Direction, input: { purpose_id: number; balance_id: number }) {
  const rows = await db
    .select({ id: ledgerAccounts.id, role: ledgerAccounts.role, type: ledgerAccounts.type, status: ledgerAccounts.status })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [input.purpose_id, input.balance_id]));
  const purpose = rows.find((row) => row.id === input.purpose_id);
  const balance = rows.find((row) => row.id === input.balance_id);
  const type = direction === 'in' ? 'income' : 'expense';
  if (purpose?.role !== 'purpose' || purpose.type !== type || purpose.status !== 1) {
    throw invalid('purpose_id', direction === 'in' ? 'Choose an active income purpose.' : 'Choose an active expense purpose.');
  }
  if (balance?.role !== 'balance' || balance.status !== 1) {
    throw invalid('balance_id', direction === 'in' ? 'Choose an active balance to receive into.' : 'Choose an active balance to pay from.');
  }
}

/** The entry of a row: money in raises the balance and the income; money out raises the expense and lowers the balance. */
function entryOf(direction: Direction, row: Row) {
  const amount = Number(row.amount);
  const balance = Number(row.balanceAccountId);
  const purpose = Number(row.purposeAccountId);
  const who = String(row.party) ? ` ${direction === 'in' ? 'from' : 'to'} ${row.party}` : '';
  return {
    date: String(row.date),
    source: direction === 'in' ? 'credit' : 'debit',
    sourceType: direction === 'in' ? 'credit' : 'debit',
    sourceId: Number(row.id),
    memo: `${direction === 'in' ? 'Money in' : 'Money out'} ${formatMoney(amount)}${who}${row.note ? `: ${row.note}` : ''}`,
    lines:
      direction === 'in'
        ? [
            { account: balance, debit: amount },
            { account: purpose, credit: amount },
          ]
        : [
            { account: purpose, debit: amount },
            { account: balance, credit: amount, field: 'balance_id' },
          ],
  };
}

function movementResource(direction: Direction) {
  const descriptor = direction === 'in' ? creditDescriptor : debitDescriptor;
  return createResource(descriptor, {
    table: moneyMovements,
    id: moneyMovements.id,
    scope: () => eq(moneyMovements.direction, direction),
    searchWhere: (q: string) => {
      const pattern = likeContains(q);
      return sql`(${moneyMovements.party} ilike ${pattern} or ${moneyMovements.reference} ilike ${pattern} or ${moneyMovements.note} ilike ${pattern})`;
    },
    sort: { id: moneyMovements.id, date: moneyMovements.date, amount: moneyMovements.amount, created_at: moneyMovements.createdAt },
    filters: {
      purpose_id: { column: moneyMovements.purposeAccountId },
      balance_id: { column: moneyMovements.balanceAccountId },
      from: { where: (value) => gte(moneyMovements.date, String(value)) },
      to: { where: (value) => lte(moneyMovements.date, String(value)) },
    },
    audit: { entity: direction === 'in' ? 'credit' : 'debit', ignore: ['entry_id', 'updated_at'] },
    async toValues(ctx, input, existing) {
      await checkAccounts(ctx, direction, input);
      return {
        ...(existing ? {} : { direction, adminId: adminIdOf(ctx), actorName: ctx.actor.name }),
        date: input.date,
        purposeAccountId: input.purpose_id,
        balanceAccountId: input.balance_id,
        amount: input.amount,
        party: input.party,
        reference: input.reference,
        note: input.note,
      };
    },
    /**
     * Posts the row's entry in the save's transaction. An edit never touches the posted entry: it is
     * reversed (dated as it was) and the new one posted, so both stay in the books.
     */
    async afterSave(ctx, { row, existing }) {
      if (existing?.entryId) {
        const unchanged = (['date', 'purposeAccountId', 'balanceAccountId', 'amount', 'party', 'note'] as const).every(
          (key) => String(existing[key]) === String(row[key]),
        );
        if (unchanged) return;
        await reverseEntry(ctx, Number(existing.entryId), 'edited', { date: String(existing.date), field: 'balance_id' });
      }
      const entry = await postEntry(ctx, entryOf(direction, row));
      await ctx.db
        .update(moneyMovements)
        .set({ entryId: entry.id })
        .where(eq(moneyMovements.id, Number(row.id)));
    },
    /** A delete reverses the entry (the reversal stays in the books, naming this row); then the row goes. */
    async beforeDelete(ctx, row) {
      if (!row.entryId) return;
      await reverseEntry(ctx, Number(row.entryId), `deleted by ${ctx.actor.name ?? 'staff'}`, {
        date: String(row.date),
        field: 'balance_id',
      });
      await ctx.db
        .update(moneyMovements)
        .set({ entryId: null })
        .where(eq(moneyMovements.id, Number(row.id)));
    },
    toViews: movementViews,
  });
}

/** `/admin/credit`: money in with a purpose. */
export const creditResource = movementResource('in');
/** `/admin/debit`: money out with a purpose. */
export const debitResource = movementResource('out');

/**
 * What is owed to us (`/admin/credit/due`): every receivable account of the chart (couriers,
 * companies, loans given, and any other `*_receivable`), with what it holds now — from the daily totals.
 */
export async function creditDue(ctx: Ctx): Promise<CreditDueAnswer> {
  const { db } = ctx;
  const rows = rowsOf<{ id: number; code: string; system_key: string | null; name: string; due: string | null; last: string | null }>(
    await db.execute(sql`
      select a.id, a.code, a.system_key, a.name, sum(d.debit - d.credit) as due, max(d.day)::text as last
      from ledger_accounts a left join ledger_daily d on d.account_id = a.id
      where a.type = 'asset' and a.role = 'system' and (a.system_key like '%\_receivable' or a.name ilike 'receivable%')
      group by a.id order by a.code`),
  );
  const parts = await receivableParts(ctx);
  const data = rows.map((row) => ({
    account_id: Number(row.id),
    code: row.code,
    system_key: row.system_key,
    name: row.name,
    due: Number(row.due ?? 0),
    last_movement: row.last,
    ...(row.system_key && parts.has(row.system_key) ? { parts: parts.get(row.system_key) } : {}),
  }));
  return { data, total: data.reduce((sum, row) => sum + row.due, 0) };
}

const monthlyQuery = z
  .object({
    year: z.coerce.number().int().min(1900, 'Use a year like 2026').max(9999, 'Use a year like 2026').optional(),
    from: z.iso.date({ error: 'Use a date like 2025-03-01' }).optional(),
    to: z.iso.date({ error: 'Use a date like 2025-03-01' }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'The end comes before the start' });

/** The months (`YYYY-MM`) from one day to another, inclusive. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last || months.length >= 120) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/**
 * Income and expense per account per month (`/admin/accounts/monthly/report`) for a year or a range
 * of days: one aggregate over `ledger_daily` (accounts × days), never the journal lines, so the figure
 * does not grow with the number of entries (decision 048's budget: < 300 ms).
 */
export async function monthlyReport(ctx: Ctx, raw: unknown): Promise<MonthlyReportAnswer> {
  const query = monthlyQuery.parse(raw ?? {});
  const year = query.year ?? Number((query.to ?? query.from ?? ctx.now.toISOString()).slice(0, 4));
  const from = query.from ?? `${year}-01-01`;
  const to = query.to ?? (query.from ? `${from.slice(0, 4)}-12-31` : `${year}-12-31`);
  if (from > to) throw invalid('to', 'The end comes before the start');
  const months = monthsBetween(from, to);
  const sums = rowsOf<{ id: number; code: string; name: string; type: 'income' | 'expense'; month: string; net: string }>(
    await ctx.db.execute(sql`
      select a.id, a.code, a.name, a.type, t.month, t.net
      from (
        select account_id, to_char(day, 'YYYY-MM') as month, sum(debit - credit) as net
        from ledger_daily where day between ${from}::date and ${to}::date
        group by account_id, to_char(day, 'YYYY-MM')
      ) t join ledger_accounts a on a.id = t.account_id
      where a.type in ('income', 'expense')
      order by a.type desc, a.code`),
  );
  const byAccount = new Map<number, MonthlyReportRow>();
  for (const sum of sums) {
    let row = byAccount.get(Number(sum.id));
    if (!row) {
      row = { account_id: Number(sum.id), code: sum.code, name: sum.name, type: sum.type, months: months.map(() => 0), total: 0 };
      byAccount.set(row.account_id, row);
    }
    const index = months.indexOf(sum.month);
    // Income grows by credits, expenses by debits: each in its own sense.
    const amount = sum.type === 'income' ? 0 - Number(sum.net) : Number(sum.net);
    if (index >= 0) row.months[index] = (row.months[index] ?? 0) + amount;
    row.total += amount;
  }
  const data = [...byAccount.values()].filter((row) => row.total !== 0 || row.months.some((value) => value !== 0));
  const column = (type: 'income' | 'expense') =>
    months.map((_, index) => data.filter((row) => row.type === type).reduce((sum, row) => sum + (row.months[index] ?? 0), 0));
  const income = column('income');
  const expense = column('expense');
  const net = months.map((_, index) => (income[index] ?? 0) - (expense[index] ?? 0));
  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  return {
    from,
    to,
    months,
    data,
    income,
    expense,
    net,
    totals: { income: total(income), expense: total(expense), net: total(net) },
  };
}
