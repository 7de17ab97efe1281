import {
  type AccountReportAnswer,
  type BalanceSheetGroup,
  type CashFlowRow,
  type LedgerAccountType,
  type LedgerFigureRow,
  type LedgerGroup,
  type LedgerLinesAnswer,
  type LedgerLineView,
  type LedgerProfitAnswer,
  type LedgerProfitFigures,
  ledgerLinesQuery,
  ledgerProfitQuery,
  ledgerRangeQuery,
  PROFIT_GROUPS,
  type ProfitGroup,
  type ProfitLossGroup,
  SALE_CHANNELS,
  type SaleChannel,
  type TrialBalanceReportRow,
} from '@haat/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { rowsOf } from '../../db/client';
import { invalid, notFound } from '../../http/errors';
import { pageUrl, paginate } from '../../http/pagination';
import { debitNormal, shopDay, type TrialBalanceRow, trialBalance } from './ledger.service';

/**
 * The books' reports (issue 19 §6, decision 053): trial balance, profit and loss, balance sheet and cash
 * flow for a range; profit by month and by channel; and the drill-down listing the journal lines behind
 * any figure. The figures read the daily totals (`ledger_daily`, `ledger_channel_daily`: accounts × days),
 * so a year over a million orders' entries stays small; the drill-down and the cash flow read the lines.
 */

const DELIVERY_COSTS = new Set(['delivery_cost', 'cod_charges']);

/** The profit and loss group of an income or expense account. */
export function profitGroupOf(account: { type: LedgerAccountType; systemKey: string | null }): ProfitGroup | null {
  if (account.type === 'income') {
    if (account.systemKey === 'sales_revenue') return 'sales';
    if (account.systemKey === 'delivery_income') return 'delivery';
    return 'other_income';
  }
  if (account.type === 'expense') {
    if (account.systemKey === 'cost_of_goods') return 'cost_of_goods';
    if (DELIVERY_COSTS.has(account.systemKey ?? '')) return 'delivery';
    return 'expenses';
  }
  return null;
}

/** The SQL condition (over `a`, the ledger_accounts alias) choosing a group's accounts. */
function groupCondition(group: LedgerGroup): SQL {
  switch (group) {
    case 'sales':
      return sql`a.system_key = 'sales_revenue'`;
    case 'delivery':
      return sql`a.system_key in ('delivery_income', 'delivery_cost', 'cod_charges')`;
    case 'delivery_costs':
      return sql`a.system_key in ('delivery_cost', 'cod_charges')`;
    case 'other_income':
      return sql`a.type = 'income' and a.system_key is distinct from 'sales_revenue' and a.system_key is distinct from 'delivery_income'`;
    case 'cost_of_goods':
      return sql`a.system_key = 'cost_of_goods'`;
    case 'expenses':
      return sql`a.type = 'expense' and coalesce(a.system_key, '') not in ('cost_of_goods', 'delivery_cost', 'cod_charges')`;
    case 'income':
    case 'revenue':
      return sql`a.type = 'income'`;
    case 'expense':
      return sql`a.type = 'expense'`;
    case 'profit':
      return sql`a.type in ('income', 'expense')`;
    case 'assets':
      return sql`a.type = 'asset'`;
    case 'liabilities':
      return sql`a.type = 'liability'`;
    case 'equity':
      return sql`a.type = 'equity'`;
    case 'money':
      return sql`a.role = 'balance'`;
  }
}

/** Whether a group reads in the debit sense (held, spent) rather than the credit sense (earned, owed). */
const DEBIT_GROUPS = new Set<LedgerGroup>(['cost_of_goods', 'delivery_costs', 'expenses', 'expense', 'assets', 'money']);
/** The groups whose running balance starts from what they held before the range (the balance sheet's). */
const STOCK_GROUPS = new Set<LedgerGroup>(['assets', 'liabilities', 'equity', 'money']);

const GROUP_TITLES: Record<LedgerGroup, string> = {
  sales: 'Sales',
  cost_of_goods: 'Cost of goods',
  delivery: 'Delivery',
  other_income: 'Other income',
  expenses: 'Expenses',
  income: 'Income',
  expense: 'Expense',
  revenue: 'Revenue',
  delivery_costs: 'Delivery costs',
  profit: 'Profit',
  assets: 'Assets',
  liabilities: 'Liabilities',
  equity: 'Equity',
  money: 'Cash, banks and wallets',
};

/** The month `YYYY-MM-DD` falls in: its first and last days. */
function monthOf(day: string): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The range asked for, this month (the shop's) by default; one side given alone runs to the month's other end. */
async function rangeOf(ctx: Ctx, query: { from?: string; to?: string }): Promise<{ from: string; to: string }> {
  if (query.from && query.to) return { from: query.from, to: query.to };
  const anchor = query.from ?? query.to ?? (await shopDay(ctx));
  const month = monthOf(anchor);
  const range = { from: query.from ?? month.from, to: query.to ?? month.to };
  if (range.from > range.to) throw invalid('to', 'The end comes before the start');
  return range;
}

/** What a row of the trial balance holds in its own sense: debits − credits for assets and expenses, the opposite for the rest. */
const ownSense = (type: LedgerAccountType, net: number) => (debitNormal(type) ? net : -net);

const figure = (row: TrialBalanceRow, amount: number): LedgerFigureRow => ({
  account_id: row.id,
  code: row.code,
  name: row.name,
  type: row.type,
  amount,
});

/** `GET /api/admin/account-report`: the four statements for a range (this month by default). */
export async function accountReport(ctx: Ctx, raw: unknown): Promise<AccountReportAnswer> {
  const range = await rangeOf(ctx, ledgerRangeQuery.parse(raw ?? {}));
  const tb = await trialBalance(ctx.db, range);

  const trialRows: TrialBalanceReportRow[] = tb.rows
    .filter((row) => row.opening !== 0 || row.debit !== 0 || row.credit !== 0)
    .map((row) => ({
      account_id: row.id,
      code: row.code,
      name: row.name,
      type: row.type,
      opening: row.opening,
      increase: debitNormal(row.type) ? row.debit : row.credit,
      decrease: debitNormal(row.type) ? row.credit : row.debit,
      closing: row.closing,
      debit: row.debit,
      credit: row.credit,
    }));

  // Profit and loss: each income and expense account's activity in the range, grouped; a group's total is what it adds to profit.
  const groups = new Map<ProfitGroup, ProfitLossGroup>(PROFIT_GROUPS.map((group) => [group, { group, rows: [], total: 0 }]));
  let income = 0;
  let expense = 0;
  for (const row of tb.rows) {
    const group = profitGroupOf({ type: row.type, systemKey: row.systemKey });
    if (!group || (row.debit === 0 && row.credit === 0)) continue;
    const amount = ownSense(row.type, row.debit - row.credit);
    const kept = groups.get(group) as ProfitLossGroup;
    kept.rows.push(figure(row, amount));
    kept.total += row.type === 'income' ? amount : -amount;
    if (row.type === 'income') income += amount;
    else expense += amount;
  }

  // Balance sheet at the end date: every asset, liability and equity account's closing figure, with the profit not yet closed into equity.
  const sheet = (['assets', 'liabilities', 'equity'] as const).map((group): BalanceSheetGroup => {
    const type = group === 'assets' ? 'asset' : group === 'liabilities' ? 'liability' : 'equity';
    const rows = tb.rows.filter((row) => row.type === type && row.closing !== 0).map((row) => figure(row, ownSense(row.type, row.closing)));
    return { group, rows, total: rows.reduce((sum, row) => sum + row.amount, 0) };
  });
  const retained = -tb.rows.filter((row) => row.type === 'income' || row.type === 'expense').reduce((sum, row) => sum + row.closing, 0);
  const equity = sheet[2] as BalanceSheetGroup;
  equity.total += retained;
  const assets = (sheet[0] as BalanceSheetGroup).total;
  const liabilitiesAndEquity = (sheet[1] as BalanceSheetGroup).total + equity.total;

  // Cash flow: what entered and left the money balances, each entry netted over them (a transfer between two is internal), by its source.
  // The balances' ids are listed, so the lines are read through their (account, day) index, never scanned.
  const balanceIds = await balanceAccountIds(ctx);
  const flows = balanceIds.length
    ? rowsOf<{ source: string; money_in: string; money_out: string; moved: string }>(
        await ctx.db.execute(sql`
          select e.source, sum(greatest(n.net, 0)) as money_in, sum(greatest(-n.net, 0)) as money_out,
            sum(n.moved - greatest(n.net, 0)) as moved
          from (
            select l.entry_id, sum(l.debit - l.credit) as net, sum(l.debit) as moved
            from journal_lines l
            where l.account_id = any(${idArray(balanceIds)}::int[]) and l.day between ${range.from}::date and ${range.to}::date
            group by l.entry_id
          ) n
          -- Each entry's source by its key (a lateral lookup), never a pass over every entry of the books.
          cross join lateral (select source from journal_entries where id = n.entry_id) e
          group by e.source order by e.source`),
      )
    : [];
  const cashRows: CashFlowRow[] = flows
    .map((row) => ({ source: row.source, money_in: Number(row.money_in), money_out: Number(row.money_out), net: 0 }))
    .map((row) => ({ ...row, net: row.money_in - row.money_out }))
    .filter((row) => row.money_in !== 0 || row.money_out !== 0);
  const internal = flows.reduce((sum, row) => sum + Number(row.moved), 0);
  const money = tb.rows.filter((row) => row.role === 'balance');
  const moneyIn = cashRows.reduce((sum, row) => sum + row.money_in, 0);
  const moneyOut = cashRows.reduce((sum, row) => sum + row.money_out, 0);

  return {
    ...range,
    trial_balance: { rows: trialRows, debit: tb.debit, credit: tb.credit },
    profit_loss: { groups: [...groups.values()], income, expense, profit: income - expense },
    balance_sheet: {
      as_of: range.to,
      groups: sheet,
      retained_profit: retained,
      assets,
      liabilities_and_equity: liabilitiesAndEquity,
      balanced: assets === liabilitiesAndEquity,
    },
    cash_flow: {
      opening: money.reduce((sum, row) => sum + row.opening, 0),
      rows: cashRows,
      internal,
      money_in: moneyIn,
      money_out: moneyOut,
      closing: money.reduce((sum, row) => sum + row.closing, 0),
    },
  };
}

/** A list of ids as a PostgreSQL array literal (`{1,2,3}`), for `= any(…::int[])`. */
const idArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

async function balanceAccountIds(ctx: Ctx): Promise<number[]> {
  return rowsOf<{ id: number }>(await ctx.db.execute(sql`select id from ledger_accounts where role = 'balance' order by id`)).map((row) =>
    Number(row.id),
  );
}

/** Where the record an entry came from is seen in the back office, when it has a screen. */
export function sourceLink(source: string, sourceType: string | null, sourceId: number | null): string | null {
  if (sourceId == null) return sourceType === 'fund_transfer' ? '/admin/found/transfer' : null;
  switch (sourceType) {
    case 'order':
      return `/admin/view/order/${sourceId}`;
    case 'counter_sale':
      return source.startsWith('sale.company') ? `/admin/company/sale/details/${sourceId}` : `/admin/sale/view/${sourceId}`;
    case 'purchase':
      return `/admin/purchaseView/${sourceId}`;
    case 'courier_remittance':
      return `/admin/courier/remittance/${sourceId}`;
    case 'credit':
      return `/admin/credit/edit/${sourceId}`;
    case 'debit':
      return `/admin/debit/edit/${sourceId}`;
    case 'fund_transfer':
      return '/admin/found/transfer';
    case 'ledger_account':
      return `/admin/balance/edit/${sourceId}`;
    default:
      return null;
  }
}

/**
 * `GET /api/admin/account-report/lines`: the journal lines behind one figure — one account or one group,
 * in a range, optionally of one channel (`shop_wide`: none) or one source (the cash flow's rows) — with
 * what each added or took away and the running balance, a page at a time.
 */
export async function ledgerLines(ctx: Ctx, raw: unknown, path = '/api/admin/account-report/lines'): Promise<LedgerLinesAnswer> {
  const query = ledgerLinesQuery.parse(raw ?? {});
  const range = await rangeOf(ctx, query);
  let title: string;
  let debitSense: boolean;
  let stock: boolean;
  let accountsWhere: SQL;
  if (query.account_id !== undefined) {
    const [account] = rowsOf<{ id: number; name: string; type: LedgerAccountType }>(
      await ctx.db.execute(sql`select id, name, type from ledger_accounts where id = ${query.account_id}`),
    );
    if (!account) throw notFound('The account');
    title = account.name;
    debitSense = debitNormal(account.type);
    stock = !['income', 'expense'].includes(account.type);
    accountsWhere = sql`a.id = ${query.account_id}`;
  } else {
    const group = query.group as LedgerGroup;
    title = GROUP_TITLES[group];
    debitSense = DEBIT_GROUPS.has(group);
    stock = STOCK_GROUPS.has(group);
    accountsWhere = groupCondition(group);
  }
  // The accounts first, so the lines are read through their (account, day) index.
  const accountIds = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`select a.id from ledger_accounts a where ${accountsWhere} order by a.id`),
  ).map((row) => Number(row.id));
  const linesOf = sql`l.account_id = any(${idArray(accountIds)}::int[])`;
  const channel = query.channel;
  const channelWhere =
    channel === undefined ? sql`` : channel === 'shop_wide' ? sql`and l.channel is null` : sql`and l.channel = ${channel}`;
  const sourceWhere = query.source === undefined ? sql`` : sql`and e.source = ${query.source}`;
  // Income and expense figures are a range's activity (from zero); a balance sheet figure starts from what it held before.
  const sign = debitSense ? sql`1` : sql`-1`;
  let opening = 0;
  if (stock && query.source === undefined) {
    const [before] = rowsOf<{ net: string | null }>(
      await ctx.db.execute(
        channel === undefined
          ? sql`select sum(d.debit - d.credit) as net from ledger_daily d join ledger_accounts a on a.id = d.account_id
              where ${accountsWhere} and d.day < ${range.from}::date`
          : sql`select sum(l.debit - l.credit) as net from journal_lines l
              where ${linesOf} and l.day < ${range.from}::date ${channelWhere}`,
      ),
    );
    opening = (debitSense ? 1 : -1) * Number(before?.net ?? 0);
  }
  const filtered = sql`
    from journal_lines l
    join ledger_accounts a on a.id = l.account_id
    join journal_entries e on e.id = l.entry_id
    where ${linesOf} and l.day between ${range.from}::date and ${range.to}::date ${channelWhere} ${sourceWhere}`;
  const [sums] = rowsOf<{ n: string; debit: string | null; credit: string | null }>(
    await ctx.db.execute(sql`select count(*) as n, sum(l.debit) as debit, sum(l.credit) as credit ${filtered}`),
  );
  const total = Number(sums?.n ?? 0);
  const debits = Number(sums?.debit ?? 0);
  const credits = Number(sums?.credit ?? 0);
  const offset = (query.page - 1) * query.per_page;
  const rows = rowsOf<{
    id: number;
    entry_id: number;
    day: string;
    memo: string;
    source: string;
    source_type: string | null;
    source_id: number | null;
    account_id: number;
    account_name: string;
    channel: SaleChannel | null;
    debit: string;
    credit: string;
    running: string;
  }>(
    await ctx.db.execute(sql`
      select * from (
        select l.id, l.entry_id, l.day::text as day, e.memo, e.source, e.source_type, e.source_id, l.account_id,
          a.name as account_name, l.channel, l.debit, l.credit,
          sum(${sign} * (l.debit - l.credit)) over (order by l.day, l.entry_id, l.id) as running
        ${filtered}
      ) t order by t.day, t.entry_id, t.id limit ${query.per_page} offset ${offset}`),
  );
  const data: LedgerLineView[] = rows.map((row) => {
    const debit = Number(row.debit);
    const credit = Number(row.credit);
    return {
      id: Number(row.id),
      entry_id: Number(row.entry_id),
      date: row.day,
      memo: row.memo,
      source: row.source,
      source_type: row.source_type,
      source_id: row.source_id == null ? null : Number(row.source_id),
      link: sourceLink(row.source, row.source_type, row.source_id == null ? null : Number(row.source_id)),
      account_id: Number(row.account_id),
      account_name: row.account_name,
      channel: row.channel,
      increase: debitSense ? debit : credit,
      decrease: debitSense ? credit : debit,
      balance: opening + Number(row.running),
    };
  });
  const increase = debitSense ? debits : credits;
  const decrease = debitSense ? credits : debits;
  const { plain } = paginate(data, total, { page: query.page, perPage: query.per_page }, (page) =>
    pageUrl(path, raw as Record<string, unknown>, page),
  );
  return { ...plain, range, title, opening, increase, decrease, closing: opening + increase - decrease };
}

/** The profit report's class of an income or expense account. */
type ProfitClass = 'revenue' | 'cost_of_goods' | 'delivery' | 'expenses';
function profitClassOf(type: string, systemKey: string | null): ProfitClass | null {
  if (type === 'income') return 'revenue';
  if (type !== 'expense') return null;
  if (systemKey === 'cost_of_goods') return 'cost_of_goods';
  if (DELIVERY_COSTS.has(systemKey ?? '')) return 'delivery';
  return 'expenses';
}

const zero = (): LedgerProfitFigures => ({ revenue: 0, cost_of_goods: 0, delivery: 0, expenses: 0, profit: 0 });
function addTo(figures: LedgerProfitFigures, type: string, systemKey: string | null, net: number): void {
  const kind = profitClassOf(type, systemKey);
  if (!kind) return;
  // Income grows by credits (net = debits − credits, so −net), expenses by debits.
  const amount = kind === 'revenue' ? -net : net;
  figures[kind] += amount;
  figures.profit += kind === 'revenue' ? amount : -amount;
}
const minus = (a: LedgerProfitFigures, b: LedgerProfitFigures): LedgerProfitFigures => ({
  revenue: a.revenue - b.revenue,
  cost_of_goods: a.cost_of_goods - b.cost_of_goods,
  delivery: a.delivery - b.delivery,
  expenses: a.expenses - b.expenses,
  profit: a.profit - b.profit,
});

/** The months (`YYYY-MM`) from one day to another, inclusive (at most ten years). */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  while (months.length < 120) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
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
 * `GET /api/admin/profit-report`: revenue − cost of goods − delivery costs − expenses = profit, per month
 * of a year (or a range) and per sale channel. Two aggregates over the daily totals: `ledger_daily` by
 * account and month, `ledger_channel_daily` by account and channel; what no channel names is "shop-wide".
 */
export async function profitReport(ctx: Ctx, raw: unknown): Promise<LedgerProfitAnswer> {
  const query = ledgerProfitQuery.parse(raw ?? {});
  const year = query.year ?? Number((query.to ?? query.from ?? (await shopDay(ctx))).slice(0, 4));
  const from = query.from ?? `${year}-01-01`;
  const to = query.to ?? (query.from ? `${from.slice(0, 4)}-12-31` : `${year}-12-31`);
  if (from > to) throw invalid('to', 'The end comes before the start');
  const months = monthsBetween(from, to);
  const byMonth = rowsOf<{ type: string; system_key: string | null; month: string; net: string }>(
    await ctx.db.execute(sql`
      select a.type, a.system_key, t.month, t.net
      from (
        select account_id, to_char(day, 'YYYY-MM') as month, sum(debit - credit) as net
        from ledger_daily where day between ${from}::date and ${to}::date
        group by account_id, to_char(day, 'YYYY-MM')
      ) t join ledger_accounts a on a.id = t.account_id
      where a.type in ('income', 'expense')`),
  );
  const monthFigures = new Map(months.map((month) => [month, zero()]));
  const totals = zero();
  for (const row of byMonth) {
    const kept = monthFigures.get(row.month);
    if (kept) addTo(kept, row.type, row.system_key, Number(row.net));
    addTo(totals, row.type, row.system_key, Number(row.net));
  }
  const byChannel = rowsOf<{ type: string; system_key: string | null; channel: SaleChannel; net: string }>(
    await ctx.db.execute(sql`
      select a.type, a.system_key, t.channel, t.net
      from (
        select account_id, channel, sum(debit - credit) as net
        from ledger_channel_daily where day between ${from}::date and ${to}::date
        group by account_id, channel
      ) t join ledger_accounts a on a.id = t.account_id
      where a.type in ('income', 'expense')`),
  );
  const channelFigures = new Map(SALE_CHANNELS.map((channel) => [channel, zero()]));
  const named = zero();
  for (const row of byChannel) {
    const kept = channelFigures.get(row.channel);
    if (kept) addTo(kept, row.type, row.system_key, Number(row.net));
    addTo(named, row.type, row.system_key, Number(row.net));
  }
  return {
    from,
    to,
    months: months.map((month) => ({ month, ...(monthFigures.get(month) as LedgerProfitFigures) })),
    channels: [
      ...SALE_CHANNELS.map((channel) => ({ channel, ...(channelFigures.get(channel) as LedgerProfitFigures) })),
      { channel: 'shop_wide' as const, ...minus(totals, named) },
    ],
    totals,
  };
}

/** The dashboard's money figures (decision 053): what the balances hold, what couriers owe, what the shop owes. */
export async function moneyPosition(ctx: Pick<Ctx, 'db'>): Promise<{
  cash: number;
  banks: number;
  courierReceivable: number;
  payable: { key: string; name: string; amount: number }[];
}> {
  const [held] = rowsOf<{ cash: string | null; banks: string | null }>(
    await ctx.db.execute(sql`
      select sum(balance) filter (where kind = 'cash') as cash, sum(balance) filter (where kind <> 'cash') as banks
      from ledger_accounts where role = 'balance'`),
  );
  const owed = rowsOf<{ system_key: string; name: string; net: string | null }>(
    await ctx.db.execute(sql`
      select a.system_key, a.name, (select sum(d.debit - d.credit) from ledger_daily d where d.account_id = a.id) as net
      from ledger_accounts a
      where a.system_key in ('courier_receivable', 'supplier_payable', 'reseller_payable', 'merchant_payable')
      order by a.code`),
  );
  const net = (key: string) => Number(owed.find((row) => row.system_key === key)?.net ?? 0);
  return {
    cash: Number(held?.cash ?? 0),
    banks: Number(held?.banks ?? 0),
    courierReceivable: net('courier_receivable'),
    payable: owed
      .filter((row) => row.system_key !== 'courier_receivable')
      .map((row) => ({ key: row.system_key, name: row.name, amount: -Number(row.net ?? 0) })),
  };
}
