import { z } from 'zod';
import type { LedgerAccountType } from './accounts';
import type { Paginator } from './pagination';

/**
 * The books' reports (issue 19 §6, decision 053): `/admin/account/report` (trial balance, profit and
 * loss, balance sheet, cash flow) and `/admin/profit/report` (profit by month and by channel), each
 * figure drilling down to its journal lines. Amounts are paisa.
 */

/** Where a sale came from: a journal line of an order or a counter/company sale names it; expenses have none ("shop-wide"). */
export const SALE_CHANNELS = ['website', 'reseller', 'phone', 'counter', 'company'] as const;
export type SaleChannel = (typeof SALE_CHANNELS)[number];
export const SALE_CHANNEL_LABELS: Record<SaleChannel, string> = {
  website: 'Website',
  reseller: 'Reseller',
  phone: 'Phone',
  counter: 'Counter',
  company: 'Company',
};

/** The profit and loss groups an income or expense account falls in. */
export const PROFIT_GROUPS = ['sales', 'cost_of_goods', 'delivery', 'other_income', 'expenses'] as const;
export type ProfitGroup = (typeof PROFIT_GROUPS)[number];
export const PROFIT_GROUP_LABELS: Record<ProfitGroup, string> = {
  sales: 'Sales',
  cost_of_goods: 'Cost of goods',
  delivery: 'Delivery',
  other_income: 'Other income',
  expenses: 'Expenses',
};

/** The balance sheet's and cash flow's groups a drill-down may name. */
export const LEDGER_GROUPS = [
  ...PROFIT_GROUPS,
  'income',
  'expense',
  'revenue',
  'delivery_costs',
  'profit',
  'assets',
  'liabilities',
  'equity',
  'money',
] as const;
export type LedgerGroup = (typeof LEDGER_GROUPS)[number];

const day = z.iso.date({ error: 'Use a date like 2025-03-01' });
const optionalDay = z.preprocess((value) => (value === '' || value === null ? undefined : value), day.optional());

/** A range of days; both optional (this month by default). */
export const ledgerRangeQuery = z
  .object({ from: optionalDay, to: optionalDay })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'The end comes before the start' });

/** The drill-down: the lines of one account or one group in a range, optionally of one channel. */
export const ledgerLinesQuery = z
  .object({
    from: optionalDay,
    to: optionalDay,
    account_id: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().positive('Choose an account').optional(),
    ),
    group: z.preprocess((value) => (value === '' ? undefined : value), z.enum(LEDGER_GROUPS, { error: 'Choose a known group' }).optional()),
    /** A channel, or `shop_wide` for the lines with none. */
    channel: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum([...SALE_CHANNELS, 'shop_wide'], { error: 'Choose a known channel' }).optional(),
    ),
    /** The cash flow's lines: one source of the money balances' movements. */
    source: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(80, 'Use a known source').optional()),
    page: z.coerce.number().int().min(1, 'Use a page from 1').default(1),
    per_page: z.coerce.number().int().min(1, 'Use 1 to 100 per page').max(100, 'Use 1 to 100 per page').default(50),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'The end comes before the start' })
  .refine((query) => query.account_id !== undefined || query.group !== undefined, {
    path: ['account_id'],
    message: 'Choose an account or a group',
  });

/** `?year=` or `?from=&to=`: the profit report's range. */
export const ledgerProfitQuery = z
  .object({
    year: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().min(1900, 'Use a year like 2026').max(9999, 'Use a year like 2026').optional(),
    ),
    from: optionalDay,
    to: optionalDay,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'The end comes before the start' });

/** One account's figure in a report, in the account's own sense (income earned, expense spent, held, owed). */
export type LedgerFigureRow = {
  account_id: number;
  code: string;
  name: string;
  type: LedgerAccountType;
  amount: number;
};

export type TrialBalanceReportRow = {
  account_id: number;
  code: string;
  name: string;
  type: LedgerAccountType;
  /** Held before the range, debits − credits. */
  opening: number;
  /** Increases and decreases within the range, in the account's own sense. */
  increase: number;
  decrease: number;
  /** Debits − credits at the end (positive: held or spent; negative: owed or earned). */
  closing: number;
  debit: number;
  credit: number;
};

export type ProfitLossGroup = { group: ProfitGroup; rows: LedgerFigureRow[]; total: number };
export type BalanceSheetGroup = { group: 'assets' | 'liabilities' | 'equity'; rows: LedgerFigureRow[]; total: number };
export type CashFlowRow = { source: string; money_in: number; money_out: number; net: number };

export type AccountReportAnswer = {
  from: string;
  to: string;
  trial_balance: { rows: TrialBalanceReportRow[]; debit: number; credit: number };
  profit_loss: {
    groups: ProfitLossGroup[];
    income: number;
    expense: number;
    profit: number;
  };
  balance_sheet: {
    /** At the end of the range. */
    as_of: string;
    groups: BalanceSheetGroup[];
    /** Income − expense up to the end date, not yet closed into equity: shown inside equity so the sheet balances. */
    retained_profit: number;
    assets: number;
    liabilities_and_equity: number;
    balanced: boolean;
  };
  cash_flow: {
    opening: number;
    rows: CashFlowRow[];
    /** Money moved between the shop's own balances (fund transfers): not counted as in or out. */
    internal: number;
    money_in: number;
    money_out: number;
    closing: number;
  };
};

/** One journal line in a drill-down, in plain words: what it added to or took from the account. */
export type LedgerLineView = {
  id: number;
  entry_id: number;
  date: string;
  memo: string;
  source: string;
  source_type: string | null;
  source_id: number | null;
  /** Where the record it came from is seen, when the app has a screen for it. */
  link: string | null;
  account_id: number;
  account_name: string;
  channel: SaleChannel | null;
  /** What it added to (increase) or took from (decrease) the account, in the account's own sense. */
  increase: number;
  decrease: number;
  /** The running balance after this line, in the account's (or group's) own sense. */
  balance: number;
};

export type LedgerLinesAnswer = Paginator<LedgerLineView> & {
  range: { from: string; to: string };
  title: string;
  opening: number;
  increase: number;
  decrease: number;
  closing: number;
};

/** Revenue − cost of goods − delivery costs − expenses = profit. */
export type LedgerProfitFigures = { revenue: number; cost_of_goods: number; delivery: number; expenses: number; profit: number };

export type LedgerProfitAnswer = {
  from: string;
  to: string;
  months: (LedgerProfitFigures & { month: string })[];
  /** Per channel; `shop_wide` holds what no channel names (most expenses). */
  channels: (LedgerProfitFigures & { channel: SaleChannel | 'shop_wide' })[];
  totals: LedgerProfitFigures;
};
