import {
  formatMoney,
  type LedgerAccountRole,
  type LedgerAccountType,
  SALE_CHANNELS,
  type SaleChannel,
  type SystemAccountKey,
} from '@haat/contracts';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import { journalEntries, journalLines, ledgerAccounts } from './ledger.table';

/** An account as a posting names it: a key of the default chart (`'cash'`) or an account's id. */
export type AccountRef = SystemAccountKey | number;

/** One side of an entry: exactly one of debit and credit, a whole number of paisa above zero. */
export interface EntryLineInput {
  account: AccountRef;
  debit?: number;
  credit?: number;
  /**
   * The request field a shortage of this balance is reported under (422 `{errors: {[field]: …}}`), when
   * this line takes money out of a balance that may not go below zero. `balance_id` by default.
   */
  field?: string;
  /** The sale channel the line is about (profit by channel); none for shop-wide lines such as most expenses. */
  channel?: SaleChannel;
}

export interface EntryInput {
  /** The accounting date (`YYYY-MM-DD`, shop time); today in the shop's time zone by default. */
  date?: string;
  /** What happened: `order.delivered`, `fund.transfer`, `supplier.paid`… (decision 048's table). */
  source: string;
  /** The row the entry is about (`order`, 42), for drill-down and for finding it again. */
  sourceType?: string;
  sourceId?: number;
  memo: string;
  lines: EntryLineInput[];
}

export interface PostedEntry {
  id: number;
  date: string;
}

/** A mistake in the calling code (an empty or unbalanced entry, an unknown account): a 500, never shown as a field error. */
export class LedgerError extends Error {
  override name = 'LedgerError';
}

interface AccountFacts {
  id: number;
  systemKey: string | null;
  role: LedgerAccountRole;
}

/**
 * The default chart's accounts by key, per database: a system account is created once (migration 0043 and
 * later ones) and never deleted, and its id and role never change (a purpose's type may), so a posting naming only chart
 * keys needs no lookup. Keyed by the drizzle instance's dialect, which its transactions share (an internal
 * field: without it nothing is cached). Names are not kept: they can be renamed, and only a shortage reads one.
 */
const chartCache = new WeakMap<object, Map<string, AccountFacts>>();

function chartOf(db: Db): Map<string, AccountFacts> | undefined {
  const identity = (db as unknown as { dialect?: unknown }).dialect;
  if (typeof identity !== 'object' || identity === null) return undefined;
  let chart = chartCache.get(identity);
  if (!chart) {
    chart = new Map();
    chartCache.set(identity, chart);
  }
  return chart;
}

/** The account ids and facts for the refs of a posting: chart keys from the cache, the rest in one statement. */
async function accountsFor(db: Db, refs: AccountRef[]): Promise<Map<AccountRef, AccountFacts>> {
  const chart = chartOf(db);
  const found = new Map<AccountRef, AccountFacts>();
  for (const ref of refs) {
    const cached = typeof ref === 'string' ? chart?.get(ref) : undefined;
    if (cached) found.set(ref, cached);
  }
  const missing = refs.filter((ref) => !found.has(ref));
  if (missing.length === 0) return found;
  const keys = [...new Set(missing.filter((ref): ref is SystemAccountKey => typeof ref === 'string'))];
  const ids = [...new Set(missing.filter((ref): ref is number => typeof ref === 'number'))];
  const conditions: SQL[] = [];
  if (keys.length) conditions.push(inArray(ledgerAccounts.systemKey, keys));
  if (ids.length) conditions.push(inArray(ledgerAccounts.id, ids));
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      systemKey: ledgerAccounts.systemKey,
      role: ledgerAccounts.role,
    })
    .from(ledgerAccounts)
    .where(or(...conditions));
  for (const row of rows) {
    found.set(row.id, row);
    if (row.systemKey) {
      found.set(row.systemKey as SystemAccountKey, row);
      chart?.set(row.systemKey, row);
    }
  }
  // i18n-ignore: a mistake in the calling code, for the logs
  for (const ref of refs) if (!found.has(ref)) throw new LedgerError(`There is no ledger account ${JSON.stringify(ref)}`);
  return found;
}

const isPaisa = (value: number) => Number.isSafeInteger(value) && value > 0;

/** An active balance (cash, bank or wallet account) by id, for a module checking what a person chose; null if it is not one. */
export async function activeBalance(db: Db, id: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: ledgerAccounts.id, name: ledgerAccounts.name })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.id, id), eq(ledgerAccounts.role, 'balance'), eq(ledgerAccounts.status, 1)));
  return row ?? null;
}

/** The shop's today (its time zone, settings `general.time_zone`) at the context's moment. */
export async function shopDay(ctx: Ctx): Promise<string> {
  const [row] = rowsOf<{ day: string }>(
    await ctx.db.execute(sql`select haat_shop_day(${ctx.now.toISOString()}::timestamptz)::text as day`),
  );
  return String(row?.day);
}

/**
 * Posts one balanced journal entry in the caller's transaction (one statement, so no savepoint; on the pool
 * the statement is its own transaction), so the entry commits or rolls back with the event it records.
 *
 * - Empty, one-sided or unbalanced entries, amounts that are not whole paisa above zero, and unknown
 *   accounts throw a LedgerError: the calling code is wrong.
 * - Money taken out of a balance that may not go below zero is decided atomically: `haat_post_entry`
 *   (migration 0054) locks the entry's balances in account-id order, checks them and changes them all or
 *   none, so concurrent payments from one balance never take it below zero (the rows stay locked until
 *   commit). A shortage writes nothing and is a 422 naming the line's `field`: "Not enough in Cash: ৳1,200 available".
 * - Lines are written in account-id order and added to the daily totals in the same call, in account order.
 */
export async function postEntry(ctx: Ctx, input: EntryInput): Promise<PostedEntry> {
  return postWith(ctx, input, null);
}

async function postWith(ctx: Ctx, input: EntryInput, reversalOf: number | null): Promise<PostedEntry> {
  const { lines } = input;
  // i18n-ignore: a mistake in the calling code, for the logs
  if (!input.source) throw new LedgerError('A journal entry needs a source');
  // i18n-ignore: a mistake in the calling code, for the logs
  if (lines.length < 2) throw new LedgerError(`A journal entry needs at least two lines (${input.source})`);
  let debits = 0;
  let credits = 0;
  for (const line of lines) {
    const debit = line.debit ?? 0;
    const credit = line.credit ?? 0;
    if ((debit === 0) === (credit === 0) || !isPaisa(debit || credit)) {
      const what = `${input.source}: ${JSON.stringify(line)}`;
      // i18n-ignore: a mistake in the calling code, for the logs
      throw new LedgerError(`Each line has a debit or a credit, a whole number of paisa above zero (${what})`);
    }
    if (line.channel !== undefined && !SALE_CHANNELS.includes(line.channel)) {
      // i18n-ignore: a mistake in the calling code, for the logs
      throw new LedgerError(`Unknown sale channel ${JSON.stringify(line.channel)} (${input.source})`);
    }
    debits += debit;
    credits += credit;
  }
  // i18n-ignore: a mistake in the calling code, for the logs
  if (debits !== credits) throw new LedgerError(`The entry does not balance: debits ${debits}, credits ${credits} (${input.source})`);

  const accounts = await accountsFor(
    ctx.db,
    lines.map((line) => line.account),
  );
  const resolved = lines.map((line) => ({ ...line, facts: accounts.get(line.account) as AccountFacts }));
  // What each balance gains or loses, and the field its shortage is reported under.
  const deltas = new Map<number, { delta: number; field: string }>();
  for (const line of resolved) {
    if (line.facts.role !== 'balance') continue;
    const kept = deltas.get(line.facts.id) ?? { delta: 0, field: 'balance_id' };
    kept.delta += (line.debit ?? 0) - (line.credit ?? 0);
    if (line.credit && line.field) kept.field = line.field;
    deltas.set(line.facts.id, kept);
  }
  const balances = [...deltas].filter(([, { delta }]) => delta !== 0).map(([id, { delta }]) => ({ id, delta }));
  // Lines in account-id order (a stable sort: an account's lines keep the order given).
  const lineRows = [...resolved]
    .sort((a, b) => a.facts.id - b.facts.id)
    .map((line) => ({ account_id: line.facts.id, debit: line.debit ?? 0, credit: line.credit ?? 0, channel: line.channel ?? null }));
  // One statement (migration 0054): the kept balances, the entry, its lines and the daily totals, or nothing when a
  // balance is short. So no savepoint is needed in the caller's transaction, nor a transaction on the pool.
  const [written] = rowsOf<{ entry_id: number | null; entry_date: string | null; short_of: number | null }>(
    await ctx.db.execute(sql`
      select entry_id, entry_date::text as entry_date, short_of from haat_post_entry(
        ${input.date ?? null}::date, ${ctx.now.toISOString()}::timestamptz, ${input.source}, ${input.sourceType ?? null},
        ${input.sourceId ?? null}::integer, ${input.memo}, ${reversalOf}::integer, ${adminIdOf(ctx)}::integer, ${ctx.actor.name}::text,
        ${JSON.stringify(lineRows)}::jsonb, ${JSON.stringify(balances)}::jsonb)`),
  );
  if (written?.short_of != null) {
    const shortOf = Number(written.short_of);
    const [held] = await ctx.db
      .select({ name: ledgerAccounts.name, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, shortOf));
    const message = `Not enough in ${held?.name}: ${formatMoney(held?.balance ?? 0)} available`;
    throw new HttpError(422, message, { [deltas.get(shortOf)?.field ?? 'balance_id']: [message] });
  }
  return { id: Number(written?.entry_id), date: String(written?.entry_date) };
}

/** Runs `work` in the caller's transaction when there is one (no savepoint), else in a transaction of its own. */
function inSomeTransaction<T>(ctx: Ctx, work: (ctx: Ctx) => Promise<T>): Promise<T> {
  return ctx.db instanceof PgTransaction ? work(ctx) : inTransaction(ctx, work);
}

/**
 * Reverses a posted entry with a new entry of the opposite lines (posted entries are never edited),
 * dated today unless `date` is given. An entry is reversed at most once (409); the reversal may be
 * refused for a balance it would take below zero (422 on `field`).
 */
export async function reverseEntry(
  ctx: Ctx,
  entryId: number,
  reason: string,
  options: { date?: string; field?: string } = {},
): Promise<PostedEntry> {
  // Nothing is written before the last step (a refused reversal writes nothing): no savepoint is needed.
  return inSomeTransaction(ctx, async (tx) => {
    const [entry] = await tx.db.select().from(journalEntries).where(eq(journalEntries.id, entryId)).for('update');
    if (!entry) throw notFound('The journal entry');
    const [already] = await tx.db.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.reversalOf, entryId));
    if (already) throw new HttpError(409, 'This entry was already reversed.');
    const lines = await tx.db
      .select({ accountId: journalLines.accountId, debit: journalLines.debit, credit: journalLines.credit, channel: journalLines.channel })
      .from(journalLines)
      .where(eq(journalLines.entryId, entryId))
      .orderBy(asc(journalLines.id));
    return postWith(
      tx,
      {
        date: options.date,
        source: 'reversal',
        sourceType: entry.sourceType ?? undefined,
        sourceId: entry.sourceId ?? undefined,
        memo: `Reversal of entry ${entryId}: ${reason}`,
        lines: lines.map((line) => ({
          account: line.accountId,
          debit: line.credit || undefined,
          credit: line.debit || undefined,
          field: options.field,
          ...(line.channel ? { channel: line.channel } : {}),
        })),
      },
      entryId,
    );
  });
}

/** The id of a default account by its key (`'cash'`, `'sales_revenue'`); throws a LedgerError if the chart lacks it. */
export async function accountIdFor(db: Db, key: SystemAccountKey): Promise<number> {
  const cached = chartOf(db)?.get(key);
  if (cached) return cached.id;
  const [row] = await db
    .select({ id: ledgerAccounts.id, systemKey: ledgerAccounts.systemKey, role: ledgerAccounts.role })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.systemKey, key));
  // i18n-ignore: a mistake in the calling code, for the logs
  if (!row) throw new LedgerError(`The chart has no account "${key}"`);
  chartOf(db)?.set(key, row);
  return row.id;
}

/** Assets and expenses grow by debits; liabilities, equity and income by credits. */
export const debitNormal = (type: LedgerAccountType) => type === 'asset' || type === 'expense';

/**
 * What an account holds in its own sense (cash held, income earned, what is due), in paisa: debits −
 * credits for assets and expenses, credits − debits for the rest. Up to and including `asOf`
 * (`YYYY-MM-DD`) when given. Read from the daily totals: one index range, whatever the history.
 */
export async function accountBalance(db: Db, accountId: number, asOf?: string): Promise<number> {
  const [account] = await db.select({ type: ledgerAccounts.type }).from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  // i18n-ignore: a mistake in the calling code, for the logs
  if (!account) throw new LedgerError(`There is no ledger account ${accountId}`);
  const [row] = rowsOf<{ net: string | number | null }>(
    await db.execute(sql`select sum(debit - credit) as net from ledger_daily
      where account_id = ${accountId} ${asOf ? sql`and day <= ${asOf}::date` : sql``}`),
  );
  const net = Number(row?.net ?? 0);
  return debitNormal(account.type) ? net : -net;
}

export interface TrialBalanceRow {
  id: number;
  code: string;
  name: string;
  type: LedgerAccountType;
  role: LedgerAccountRole;
  systemKey: string | null;
  /** Debits − credits before `from`. */
  opening: number;
  /** Debits and credits within the range. */
  debit: number;
  credit: number;
  /** Debits − credits up to and including `to`. */
  closing: number;
}

export interface TrialBalance {
  from: string;
  to: string;
  rows: TrialBalanceRow[];
  /** Within the range: equal when the books balance. */
  debit: number;
  credit: number;
  /** Sum of every account's closing debits − credits: zero when the books balance. */
  closing: number;
}

/**
 * Every account with activity up to `to`: what it held before `from`, its debits and credits from
 * `from` to `to` (inclusive), and what it held at `to`. One aggregate over the daily totals (accounts
 * × days), so a year over millions of entries stays small. The profit and loss of the range is the
 * income and expense rows' `debit`/`credit`.
 */
export async function trialBalance(db: Db, range: { from: string; to: string }): Promise<TrialBalance> {
  const rows = rowsOf<{
    id: number;
    code: string;
    name: string;
    type: LedgerAccountType;
    role: LedgerAccountRole;
    system_key: string | null;
    opening: string;
    debit: string;
    credit: string;
  }>(
    await db.execute(sql`
      select a.id, a.code, a.name, a.type, a.role, a.system_key, t.opening, t.debit, t.credit
      from (
        select account_id,
          coalesce(sum(debit - credit) filter (where day < ${range.from}::date), 0) as opening,
          coalesce(sum(debit) filter (where day >= ${range.from}::date), 0) as debit,
          coalesce(sum(credit) filter (where day >= ${range.from}::date), 0) as credit
        from ledger_daily where day <= ${range.to}::date
        group by account_id
      ) t join ledger_accounts a on a.id = t.account_id
      order by a.code`),
  );
  const shaped = rows.map((row) => {
    const opening = Number(row.opening);
    const debit = Number(row.debit);
    const credit = Number(row.credit);
    return {
      id: Number(row.id),
      code: row.code,
      name: row.name,
      type: row.type,
      role: row.role,
      systemKey: row.system_key,
      opening,
      debit,
      credit,
      closing: opening + debit - credit,
    };
  });
  return {
    from: range.from,
    to: range.to,
    rows: shaped,
    debit: shaped.reduce((sum, row) => sum + row.debit, 0),
    credit: shaped.reduce((sum, row) => sum + row.credit, 0),
    closing: shaped.reduce((sum, row) => sum + row.closing, 0),
  };
}

/**
 * What does not add up in the books, for tests and health checks: entries that do not balance, daily
 * totals that differ from the lines, balances whose kept figure differs from their lines. Empty when
 * all is well.
 */
export async function booksMismatches(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = rowsOf<{ entry_id: number; net: string }>(
    await db.execute(
      sql`select entry_id, sum(debit - credit) as net from journal_lines group by entry_id having sum(debit - credit) <> 0 limit 20`,
    ),
  );
  for (const row of unbalanced) problems.push(`entry ${row.entry_id} is off by ${row.net}`);
  const daily = rowsOf<{ account_id: number; day: string; kept: string; lines: string }>(
    await db.execute(sql`
      select coalesce(d.account_id, l.account_id) as account_id, coalesce(d.day, l.day)::text as day,
        coalesce(d.debit, 0) || '/' || coalesce(d.credit, 0) as kept, coalesce(l.debit, 0) || '/' || coalesce(l.credit, 0) as lines
      from (select * from ledger_daily where debit <> 0 or credit <> 0) d
      full join (select account_id, day, sum(debit) as debit, sum(credit) as credit from journal_lines group by account_id, day) l
        on l.account_id = d.account_id and l.day = d.day
      where d.debit is distinct from l.debit or d.credit is distinct from l.credit
      limit 20`),
  );
  for (const row of daily) problems.push(`account ${row.account_id} on ${row.day}: daily ${row.kept}, lines ${row.lines}`);
  const kept = rowsOf<{ id: number; name: string; balance: string; lines: string }>(
    await db.execute(sql`
      select a.id, a.name, a.balance, coalesce(sum(l.debit - l.credit), 0) as lines
      from ledger_accounts a left join journal_lines l on l.account_id = a.id
      where a.role = 'balance'
      group by a.id having a.balance <> coalesce(sum(l.debit - l.credit), 0)`),
  );
  for (const row of kept) problems.push(`balance ${row.name} keeps ${row.balance}, its lines say ${row.lines}`);
  const byChannel = rowsOf<{ account_id: number; day: string; channel: string }>(
    await db.execute(sql`
      select coalesce(d.account_id, l.account_id) as account_id, coalesce(d.day, l.day)::text as day, coalesce(d.channel, l.channel) as channel
      from ledger_channel_daily d
      full join (select account_id, day, channel, sum(debit) as debit, sum(credit) as credit from journal_lines
        where channel is not null group by account_id, day, channel) l
        on l.account_id = d.account_id and l.day = d.day and l.channel = d.channel
      where d.debit is distinct from l.debit or d.credit is distinct from l.credit
      limit 20`),
  );
  for (const row of byChannel)
    problems.push(`account ${row.account_id} on ${row.day} (${row.channel}): channel totals differ from the lines`);
  const [sum] = rowsOf<{ net: string | null }>(await db.execute(sql`select sum(debit - credit) as net from ledger_daily`));
  if (Number(sum?.net ?? 0) !== 0) problems.push(`the trial balance is off by ${sum?.net}`);
  return problems;
}
