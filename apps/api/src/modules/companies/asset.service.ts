import { type AssetView, assetDescriptor, assetDisposalInput, formatMoney } from '@haat/contracts';
import { and, asc, eq, ilike, inArray, lt, sql } from 'drizzle-orm';
import { type Ctx, inTransaction } from '../../context';
import { rowsOf } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import { createResource, likeContains } from '../../http/resource';
import { activeBalance, type EntryLineInput, postEntry, reverseEntry, shopDay } from '../accounts';
import { recordAudit } from '../audit';
import { companies } from './company.table';
import { assetDepreciations, companyAssets } from './own-company.table';

type Row = Record<string, unknown>;
type AssetRow = typeof companyAssets.$inferSelect;

// ---- Straight-line depreciation ----------------------------------------------------------------

/** `YYYY-MM` of a day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The month `n` months after `month` (`YYYY-MM`). */
export function addMonths(month: string, n: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The last day of a month (`YYYY-MM-DD`). */
export function monthEnd(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mon, 0)).toISOString().slice(0, 10);
}

/**
 * The depreciation of month `i` (1 … life) of an asset: (value − salvage) / life each month, the
 * paisa of rounding spread so the months add up to exactly value − salvage and never more.
 */
export function depreciationOfMonth(value: number, salvage: number, life: number, i: number): number {
  if (i < 1 || i > life) return 0;
  const total = value - salvage;
  return Math.floor((total * i) / life) - Math.floor((total * (i - 1)) / life);
}

/** What is depreciated so far of an asset: the sum and how many months. */
async function depreciatedSoFar({ db }: Ctx, assetId: number) {
  const [row] = await db
    .select({
      sum: sql<string>`coalesce(sum(${assetDepreciations.amount}), 0)`,
      months: sql<number>`count(*)::int`,
      last: sql<string | null>`max(${assetDepreciations.month})`,
    })
    .from(assetDepreciations)
    .where(eq(assetDepreciations.assetId, assetId));
  return { sum: Number(row?.sum ?? 0), months: Number(row?.months ?? 0), last: row?.last ?? null };
}

/**
 * Posts the depreciation of every month of a locked asset that has ended before `untilMonth`, from
 * its purchase month on, one entry per month dated the month's last day. A month already recorded is
 * skipped (the unique (asset, month) row), so it is safe to run again or from two processes at once.
 */
async function catchUpLocked(ctx: Ctx, asset: AssetRow, untilMonth: string): Promise<number> {
  const done = await depreciatedSoFar(ctx, asset.id);
  const first = monthOf(asset.purchaseDate);
  let posted = 0;
  for (let i = done.months + 1; i <= asset.usefulLifeMonths; i += 1) {
    const month = addMonths(first, i - 1);
    if (month >= untilMonth) break;
    const amount = depreciationOfMonth(asset.purchaseValue, asset.salvageValue, asset.usefulLifeMonths, i);
    if (amount <= 0) continue;
    const [inserted] = await ctx.db
      .insert(assetDepreciations)
      .values({ assetId: asset.id, month, amount })
      .onConflictDoNothing()
      .returning({ id: assetDepreciations.id });
    if (!inserted) continue;
    const entry = await postEntry(ctx, {
      date: monthEnd(month),
      source: 'asset.depreciation',
      sourceType: 'asset',
      sourceId: asset.id,
      memo: `Depreciation of ${asset.name} for ${month}: ${formatMoney(amount)}`,
      lines: [
        { account: 'depreciation', debit: amount },
        { account: 'accumulated_depreciation', credit: amount },
      ],
    });
    await ctx.db.update(assetDepreciations).set({ entryId: entry.id }).where(eq(assetDepreciations.id, inserted.id));
    posted += 1;
  }
  return posted;
}

const lockAsset = async ({ db }: Ctx, id: number) =>
  (await db.select().from(companyAssets).where(eq(companyAssets.id, id)).for('update'))[0];

/**
 * The depreciation job (decision 052): every asset in use gets the months that have ended (before the
 * shop's current month) posted, each asset in its own transaction under its row lock. Idempotent.
 */
export async function runDepreciation(ctx: Ctx, options: { today?: string } = {}): Promise<{ assets: number; posted: number }> {
  const today = options.today ?? (await shopDay(ctx));
  const untilMonth = monthOf(today);
  const due = await ctx.db
    .select({ id: companyAssets.id })
    .from(companyAssets)
    .where(and(eq(companyAssets.status, 'in_use'), lt(companyAssets.purchaseDate, `${untilMonth}-01`)))
    .orderBy(asc(companyAssets.id));
  let posted = 0;
  for (const { id } of due) {
    posted += await inTransaction(ctx, async (tx) => {
      const asset = await lockAsset(tx, id);
      if (asset?.status !== 'in_use') return 0;
      return catchUpLocked(tx, asset, untilMonth);
    });
  }
  return { assets: due.length, posted };
}

// ---- The declared resource ---------------------------------------------------------------------

/** Only our own, active companies hold assets, investments and directors. */
export async function assertOwnCompany({ db }: Ctx, id: number, field = 'company_id'): Promise<{ id: number; name: string }> {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, kind: companies.kind })
    .from(companies)
    .where(eq(companies.id, id));
  if (!company) throw invalid(field, 'Choose one of your own companies.');
  if (company.kind !== 'own') throw invalid(field, 'This company buys from you; choose one of your own companies.');
  return company;
}

/** Names of ledger accounts by id (balances), in one statement. */
export async function accountNames({ db }: Ctx, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id): id is number => typeof id === 'number' && id > 0))];
  if (!unique.length) return new Map();
  const rows = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select id, name from ledger_accounts where id in (${sql.join(unique, sql`, `)})`),
  );
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/** Names of companies by id. */
export async function companyNames({ db }: Ctx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function assetViews(ctx: Ctx, rows: Row[]): Promise<AssetView[]> {
  const ids = rows.map((row) => Number(row.id));
  const sums = ids.length
    ? await ctx.db
        .select({
          assetId: assetDepreciations.assetId,
          sum: sql<string>`sum(${assetDepreciations.amount})`,
          months: sql<number>`count(*)::int`,
          last: sql<string>`max(${assetDepreciations.month})`,
        })
        .from(assetDepreciations)
        .where(inArray(assetDepreciations.assetId, ids))
        .groupBy(assetDepreciations.assetId)
    : [];
  const byAsset = new Map(sums.map((row) => [row.assetId, row]));
  const names = await accountNames(
    ctx,
    rows.flatMap((row) => [row.balanceId as number | null, row.disposalBalanceId as number | null]),
  );
  const companiesById = await companyNames(
    ctx,
    rows.map((row) => Number(row.companyId)),
  );
  return rows.map((row) => {
    const value = Number(row.purchaseValue);
    const salvage = Number(row.salvageValue);
    const life = Number(row.usefulLifeMonths);
    const done = byAsset.get(Number(row.id));
    const accumulated = Number(done?.sum ?? 0);
    const net = value - accumulated;
    const disposalAmount = row.disposalAmount == null ? null : Number(row.disposalAmount);
    return {
      id: Number(row.id),
      company_id: Number(row.companyId),
      company_name: companiesById.get(Number(row.companyId)) ?? '',
      name: String(row.name),
      category: row.category as AssetView['category'],
      purchase_date: String(row.purchaseDate),
      purchase_value: value,
      salvage_value: salvage,
      useful_life_months: life,
      balance_id: row.balanceId == null ? null : Number(row.balanceId),
      balance_name: row.balanceId == null ? null : (names.get(Number(row.balanceId)) ?? null),
      note: String(row.note),
      status: row.status as AssetView['status'],
      monthly_depreciation: Math.floor((value - salvage) / life),
      accumulated_depreciation: accumulated,
      net_book_value: net,
      months_depreciated: Number(done?.months ?? 0),
      depreciated_to: done?.last ?? null,
      disposed_on: (row.disposedOn as string | null) ?? null,
      disposal_amount: disposalAmount,
      disposal_balance_id: row.disposalBalanceId == null ? null : Number(row.disposalBalanceId),
      disposal_gain: disposalAmount == null ? null : disposalAmount - net,
      created_at: (row.createdAt as Date).toISOString(),
      updated_at: (row.updatedAt as Date).toISOString(),
    };
  });
}

/** The purchase: the asset's cost into fixed assets, out of the balance it was paid from (or against opening balances). */
function purchaseEntry(row: Row) {
  const value = Number(row.purchaseValue);
  const paidFrom: EntryLineInput =
    row.balanceId == null
      ? { account: 'opening_balance_equity', credit: value }
      : { account: Number(row.balanceId), credit: value, field: 'balance_id' };
  return {
    date: String(row.purchaseDate),
    source: 'asset.purchase',
    sourceType: 'asset',
    sourceId: Number(row.id),
    memo: `${row.balanceId == null ? 'Asset already owned' : 'Asset bought'}: ${row.name} ${formatMoney(value)}`,
    lines: [{ account: 'fixed_assets' as const, debit: value }, paidFrom],
  };
}

/** What of an asset decides its books: none of it changes once depreciation is booked or it is disposed of. */
const BOOKED_FIELDS = [
  ['company_id', 'companyId'],
  ['purchase_date', 'purchaseDate'],
  ['purchase_value', 'purchaseValue'],
  ['salvage_value', 'salvageValue'],
  ['useful_life_months', 'usefulLifeMonths'],
  ['balance_id', 'balanceId'],
] as const;

/** `/admin/company/assets`: assets of our own companies, with what is depreciated and what they are worth now. */
export const assetResource = createResource(assetDescriptor, {
  table: companyAssets,
  id: companyAssets.id,
  searchWhere: (q: string) => ilike(companyAssets.name, likeContains(q)),
  sort: {
    id: companyAssets.id,
    name: companyAssets.name,
    purchase_date: companyAssets.purchaseDate,
    purchase_value: companyAssets.purchaseValue,
    created_at: companyAssets.createdAt,
  },
  filters: {
    company_id: { column: companyAssets.companyId },
    category: { column: companyAssets.category },
    status: { column: companyAssets.status },
  },
  /** What the listed assets cost, and what those in use are worth now (cost less what is depreciated so far). */
  async totals({ db }, where) {
    const depreciated = sql`coalesce((select sum(${assetDepreciations.amount}) from ${assetDepreciations} where ${assetDepreciations.assetId} = ${companyAssets.id}), 0)`;
    const [sums] = await db
      .select({
        purchase_value: sql<number>`coalesce(sum(${companyAssets.purchaseValue}), 0)`.mapWith(Number),
        worth_now:
          sql<number>`coalesce(sum(${companyAssets.purchaseValue} - ${depreciated}) filter (where ${companyAssets.status} = 'in_use'), 0)`.mapWith(
            Number,
          ),
      })
      .from(companyAssets)
      .where(where);
    return { purchase_value: sums?.purchase_value ?? 0, worth_now: sums?.worth_now ?? 0 };
  },
  audit: { entity: 'asset', ignore: ['entry_id', 'updated_at'] },
  async toValues(ctx, input, existing) {
    await assertOwnCompany(ctx, input.company_id);
    if (input.balance_id !== null && !(await activeBalance(ctx.db, input.balance_id))) {
      throw invalid('balance_id', 'Choose an active balance to pay from.');
    }
    const today = await shopDay(ctx);
    if (input.purchase_date > today) throw invalid('purchase_date', 'The purchase date cannot be in the future.');
    if (existing) {
      const booked = existing.status === 'disposed' || (await depreciatedSoFar(ctx, Number(existing.id))).months > 0;
      if (booked) {
        for (const [field, column] of BOOKED_FIELDS) {
          if (String(existing[column] ?? '') !== String(input[field] ?? '')) {
            throw invalid(
              field,
              'Depreciation is already booked for this asset, so its company, date, values, life and balance stay as they are. Dispose of it and add it again to correct them.',
            );
          }
        }
      }
    }
    return {
      companyId: input.company_id,
      name: input.name,
      category: input.category,
      purchaseDate: input.purchase_date,
      purchaseValue: input.purchase_value,
      salvageValue: input.salvage_value,
      usefulLifeMonths: input.useful_life_months,
      balanceId: input.balance_id,
      note: input.note,
    };
  },
  /** Posts the purchase in the save's transaction; an edit before any depreciation reverses it and posts again. */
  async afterSave(ctx, { row, existing }) {
    if (existing?.entryId) {
      const unchanged = (['purchaseDate', 'purchaseValue', 'balanceId', 'name'] as const).every(
        (key) => String(existing[key] ?? '') === String(row[key] ?? ''),
      );
      if (unchanged) return;
      await reverseEntry(ctx, Number(existing.entryId), 'edited', { date: String(existing.purchaseDate), field: 'balance_id' });
    }
    const entry = await postEntry(ctx, purchaseEntry(row));
    await ctx.db
      .update(companyAssets)
      .set({ entryId: entry.id })
      .where(eq(companyAssets.id, Number(row.id)));
  },
  /** Only an asset with nothing depreciated may go (its purchase is reversed); otherwise dispose of it. */
  async beforeDelete(ctx, row) {
    const done = await depreciatedSoFar(ctx, Number(row.id));
    if (done.months > 0 || row.status === 'disposed') {
      throw new HttpError(409, 'Depreciation is already booked for this asset; dispose of it instead of deleting it.');
    }
    if (!row.entryId) return;
    await reverseEntry(ctx, Number(row.entryId), `deleted by ${ctx.actor.name ?? 'staff'}`, { date: String(row.purchaseDate) });
    await ctx.db
      .update(companyAssets)
      .set({ entryId: null })
      .where(eq(companyAssets.id, Number(row.id)));
  },
  toViews: assetViews,
});

/**
 * Sells or writes off an asset (decision 052): the months ended before the disposal are depreciated
 * first, then one entry clears its cost and accumulated depreciation, puts what it was sold for into
 * the balance, and books the difference from its net book value as other income (gain) or other
 * expense (loss).
 */
export async function disposeAsset(ctx: Ctx, id: number, body: unknown): Promise<AssetView> {
  const input = assetDisposalInput.parse(body);
  await inTransaction(ctx, async (tx) => {
    const asset = await lockAsset(tx, id);
    if (!asset) throw notFound('The asset');
    if (asset.status === 'disposed') throw new HttpError(409, 'This asset was already disposed of.');
    if (input.date < asset.purchaseDate) throw invalid('date', 'The disposal date cannot be before the purchase date.');
    const today = await shopDay(tx);
    if (input.date > today) throw invalid('date', 'The disposal date cannot be in the future.');
    if (input.balance_id !== null && !(await activeBalance(tx.db, input.balance_id))) {
      throw invalid('balance_id', 'Choose an active balance to receive into.');
    }
    await catchUpLocked(tx, asset, monthOf(input.date));
    const done = await depreciatedSoFar(tx, asset.id);
    if (done.last && done.last >= monthOf(input.date)) {
      throw invalid('date', `Depreciation is booked up to ${done.last}; use a date after that month.`);
    }
    const cost = asset.purchaseValue;
    const net = cost - done.sum;
    const gain = input.amount - net;
    const lines: EntryLineInput[] = [{ account: 'fixed_assets', credit: cost }];
    if (done.sum > 0) lines.push({ account: 'accumulated_depreciation', debit: done.sum });
    if (input.amount > 0 && input.balance_id !== null) lines.push({ account: input.balance_id, debit: input.amount });
    if (gain > 0) lines.push({ account: 'other_income', credit: gain });
    if (gain < 0) lines.push({ account: 'other_expense', debit: -gain });
    const entry = await postEntry(tx, {
      date: input.date,
      source: input.amount > 0 ? 'asset.sold' : 'asset.written_off',
      sourceType: 'asset',
      sourceId: asset.id,
      memo: `${input.amount > 0 ? `Asset sold for ${formatMoney(input.amount)}` : 'Asset written off'}: ${asset.name}${input.note ? `: ${input.note}` : ''}`,
      lines,
    });
    await tx.db
      .update(companyAssets)
      .set({
        status: 'disposed',
        disposedOn: input.date,
        disposalAmount: input.amount,
        disposalBalanceId: input.balance_id,
        disposalEntryId: entry.id,
        note: input.note ? (asset.note ? `${asset.note}\n${input.note}` : input.note) : asset.note,
        updatedAt: tx.now,
      })
      .where(eq(companyAssets.id, asset.id));
    await recordAudit(tx, {
      action: 'asset.dispose',
      entity: 'asset',
      entityId: asset.id,
      changes: {
        status: { before: 'in_use', after: 'disposed' },
        disposed_on: { before: null, after: input.date },
        disposal_amount: { before: null, after: input.amount },
        net_book_value: { before: net, after: 0 },
      },
    });
  });
  const [row] = await ctx.db.select().from(companyAssets).where(eq(companyAssets.id, id));
  const [view] = await assetViews(ctx, [row as unknown as Row]);
  return view as AssetView;
}
