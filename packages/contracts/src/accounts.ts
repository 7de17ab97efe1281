import { z } from 'zod';
import { hasFields, idField, moneyField, nameField, statusField } from './fields';

/**
 * The shop's books (issue 19, decision 048): a double-entry ledger underneath, plain words on top.
 * Money is integer paisa. The screens say income, expense, balance and due, never debit or credit.
 */

export const LEDGER_ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];

/**
 * What an account is for: a `balance` holds money (cash, bank, mobile wallet: `/admin/balance`), a
 * `purpose` is an income or expense account the shop names (`/admin/account/purpose`), a `system`
 * account is one of the chart's own (receivables, payables, revenue, cost of goods…).
 */
export const LEDGER_ACCOUNT_ROLES = ['balance', 'purpose', 'system'] as const;
export type LedgerAccountRole = (typeof LEDGER_ACCOUNT_ROLES)[number];

export const BALANCE_KINDS = ['cash', 'bank', 'mobile_wallet'] as const;
export type BalanceKind = (typeof BALANCE_KINDS)[number];
export const BALANCE_KIND_LABELS: Record<BalanceKind, string> = {
  cash: 'Cash',
  bank: 'Bank account',
  mobile_wallet: 'Mobile wallet',
};

export const PURPOSE_TYPES = ['income', 'expense'] as const;
export type PurposeType = (typeof PURPOSE_TYPES)[number];
export const PURPOSE_TYPE_LABELS: Record<PurposeType, string> = { income: 'Income', expense: 'Expense' };

/** The chart's default accounts, by their stable key. Other modules post to these keys. */
export interface SystemAccount {
  key: string;
  code: string;
  /** English; the screens show it through the phrase book (Bengali in accounts.phrases.bn.ts). */
  name: string;
  type: LedgerAccountType;
  role: LedgerAccountRole;
  /** For the default balances only. */
  kind?: BalanceKind;
}

/**
 * The default chart (decision 048). Codes: 1xxx assets, 2xxx liabilities, 3xxx equity, 4xxx income,
 * 5xxx expenses. Seeded by migrations 0043, 0047 and 0052; accounts.test.ts checks the database holds exactly these.
 */
export const SYSTEM_ACCOUNTS: readonly SystemAccount[] = [
  { key: 'cash', code: '1010', name: 'Cash', type: 'asset', role: 'balance', kind: 'cash' },
  { key: 'bank', code: '1020', name: 'Bank', type: 'asset', role: 'balance', kind: 'bank' },
  { key: 'bkash', code: '1030', name: 'bKash', type: 'asset', role: 'balance', kind: 'mobile_wallet' },
  { key: 'nagad', code: '1040', name: 'Nagad', type: 'asset', role: 'balance', kind: 'mobile_wallet' },
  { key: 'sslcommerz', code: '1050', name: 'SSLCommerz', type: 'asset', role: 'balance', kind: 'bank' },
  { key: 'courier_receivable', code: '1110', name: 'Receivable from couriers', type: 'asset', role: 'system' },
  { key: 'company_receivable', code: '1120', name: 'Receivable from companies', type: 'asset', role: 'system' },
  { key: 'loan_receivable', code: '1130', name: 'Loans given', type: 'asset', role: 'system' },
  { key: 'salary_advance', code: '1140', name: 'Advances to staff', type: 'asset', role: 'system' },
  { key: 'sms_prepaid', code: '1150', name: 'SMS gateway balance', type: 'asset', role: 'system' },
  { key: 'inventory', code: '1200', name: 'Stock', type: 'asset', role: 'system' },
  { key: 'fixed_assets', code: '1500', name: 'Fixed assets', type: 'asset', role: 'system' },
  { key: 'accumulated_depreciation', code: '1510', name: 'Accumulated depreciation', type: 'asset', role: 'system' },
  { key: 'supplier_payable', code: '2010', name: 'Due to suppliers', type: 'liability', role: 'system' },
  { key: 'reseller_payable', code: '2020', name: 'Due to resellers', type: 'liability', role: 'system' },
  { key: 'merchant_payable', code: '2030', name: 'Due to merchants', type: 'liability', role: 'system' },
  { key: 'loan_payable', code: '2100', name: 'Loans taken', type: 'liability', role: 'system' },
  { key: 'salary_payable', code: '2200', name: 'Salaries due', type: 'liability', role: 'system' },
  { key: 'bills_payable', code: '2300', name: 'Bills due', type: 'liability', role: 'system' },
  { key: 'customer_refunds', code: '2400', name: 'Refunds due to customers', type: 'liability', role: 'system' },
  { key: 'customer_advances', code: '2410', name: 'Advances from customers', type: 'liability', role: 'system' },
  { key: 'owner_equity', code: '3010', name: "Owners' capital", type: 'equity', role: 'system' },
  { key: 'investor_capital', code: '3020', name: "Investors' capital", type: 'equity', role: 'system' },
  { key: 'director_drawings', code: '3030', name: "Directors' drawings", type: 'equity', role: 'system' },
  { key: 'opening_balance_equity', code: '3900', name: 'Opening balances', type: 'equity', role: 'system' },
  { key: 'sales_revenue', code: '4010', name: 'Sales', type: 'income', role: 'system' },
  { key: 'delivery_income', code: '4020', name: 'Delivery charges received', type: 'income', role: 'system' },
  { key: 'interest_income', code: '4030', name: 'Interest received', type: 'income', role: 'system' },
  { key: 'other_income', code: '4900', name: 'Other income', type: 'income', role: 'purpose' },
  { key: 'cost_of_goods', code: '5010', name: 'Cost of goods sold', type: 'expense', role: 'system' },
  { key: 'delivery_cost', code: '5020', name: 'Delivery costs', type: 'expense', role: 'system' },
  { key: 'cod_charges', code: '5030', name: 'Cash-on-delivery charges', type: 'expense', role: 'system' },
  { key: 'bank_charges', code: '5040', name: 'Bank and wallet charges', type: 'expense', role: 'system' },
  { key: 'salaries', code: '5100', name: 'Salaries', type: 'expense', role: 'system' },
  { key: 'rent_bills', code: '5200', name: 'Rent and bills', type: 'expense', role: 'purpose' },
  { key: 'sms_cost', code: '5300', name: 'SMS cost', type: 'expense', role: 'system' },
  { key: 'depreciation', code: '5400', name: 'Depreciation', type: 'expense', role: 'system' },
  { key: 'interest', code: '5500', name: 'Interest paid', type: 'expense', role: 'system' },
  { key: 'reseller_profit', code: '5600', name: 'Reseller profit', type: 'expense', role: 'system' },
  { key: 'other_expense', code: '5900', name: 'Other expenses', type: 'expense', role: 'purpose' },
] as const;

export type SystemAccountKey =
  | 'cash'
  | 'bank'
  | 'bkash'
  | 'nagad'
  | 'sslcommerz'
  | 'courier_receivable'
  | 'company_receivable'
  | 'loan_receivable'
  | 'salary_advance'
  | 'sms_prepaid'
  | 'customer_refunds'
  | 'customer_advances'
  | 'inventory'
  | 'fixed_assets'
  | 'accumulated_depreciation'
  | 'supplier_payable'
  | 'reseller_payable'
  | 'merchant_payable'
  | 'loan_payable'
  | 'salary_payable'
  | 'bills_payable'
  | 'investor_capital'
  | 'director_drawings'
  | 'interest_income'
  | 'reseller_profit'
  | 'owner_equity'
  | 'opening_balance_equity'
  | 'sales_revenue'
  | 'delivery_income'
  | 'other_income'
  | 'cost_of_goods'
  | 'delivery_cost'
  | 'cod_charges'
  | 'bank_charges'
  | 'salaries'
  | 'rent_bills'
  | 'sms_cost'
  | 'depreciation'
  | 'interest'
  | 'other_expense';

const text = (max: number, label: string) => z.string().trim().max(max, `Use at most ${max} characters for the ${label}`).default('');
const zeroIfEmpty = (value: unknown) => (value === '' || value === null || value === undefined ? 0 : value);
const day = z.iso.date({ error: 'Use a date like 2025-03-01' });
const optionalDay = z.preprocess((value) => (value === '' || value === null ? undefined : value), day.optional());

/** A balance (cash box, bank account, mobile wallet) as its form sends it. */
export const balanceAccountInput = z.object({
  name: nameField('name', 120),
  kind: z.enum(BALANCE_KINDS, { error: 'Choose cash, bank account or mobile wallet' }).default('cash'),
  provider: text(120, 'bank or provider'),
  account_number: text(60, 'account number'),
  /** What it held when the shop started using Haat; posted once, against opening balances. */
  opening_balance: z.preprocess(zeroIfEmpty, moneyField('opening balance')),
  opening_date: optionalDay,
  /** Whether it may go below zero (an overdraft or credit line). */
  allow_overdraft: z.boolean({ error: 'Say whether it may go below zero' }).default(false),
  note: text(500, 'note'),
  status: statusField,
});
export type BalanceAccountInput = z.input<typeof balanceAccountInput>;

export type BalanceAccountView = {
  id: number;
  code: string;
  system_key: string | null;
  name: string;
  kind: BalanceKind;
  provider: string;
  account_number: string;
  opening_balance: number;
  opening_date: string | null;
  allow_overdraft: boolean;
  note: string;
  status: number;
  /** What it holds now, in paisa. */
  balance: number;
  created_at: string;
  updated_at: string;
};

/** An income or expense purpose (Rent, Electricity, Other income…) as its form sends it. */
export const accountPurposeInput = z.object({
  name: nameField('name', 120),
  type: z.enum(PURPOSE_TYPES, { error: 'Choose income or expense' }),
  note: text(500, 'note'),
  status: statusField,
});
export type AccountPurposeInput = z.input<typeof accountPurposeInput>;

export type AccountPurposeView = {
  id: number;
  code: string;
  system_key: string | null;
  name: string;
  type: PurposeType;
  note: string;
  status: number;
  /** Everything posted to it so far, in paisa (income received or money spent). */
  total: number;
  created_at: string;
  updated_at: string;
};

/** A fund transfer between two balances: one entry; an optional fee comes out of the sending balance. */
export const fundTransferInput = z
  .object({
    from_balance_id: idField('balance to send from'),
    to_balance_id: idField('balance to send to'),
    amount: moneyField('amount').refine((value) => value > 0, 'Enter an amount above zero'),
    fee: z.preprocess(zeroIfEmpty, moneyField('fee')),
    date: day,
    note: text(500, 'note'),
  })
  .refine((input) => input.from_balance_id !== input.to_balance_id, {
    path: ['to_balance_id'],
    message: 'Choose a different balance to send to',
    when: hasFields,
  });
export type FundTransferInput = z.input<typeof fundTransferInput>;

export type FundTransferView = {
  id: number;
  from_balance_id: number;
  from_balance_name: string;
  to_balance_id: number;
  to_balance_name: string;
  amount: number;
  fee: number;
  date: string;
  note: string;
  entry_id: number;
  admin_name: string | null;
  created_at: string;
};

/**
 * Money in (`/admin/credit`) or money out (`/admin/debit`) with a purpose: one entry each, the
 * balance and the purpose moving together. An edit reverses the old entry and posts the new one.
 */
export const moneyMovementInput = z.object({
  date: day,
  purpose_id: idField('purpose'),
  balance_id: idField('balance'),
  amount: moneyField('amount').refine((value) => value > 0, 'Enter an amount above zero'),
  /** Who paid us (money in) or whom we paid (money out). */
  party: text(160, 'name'),
  reference: text(120, 'reference'),
  note: text(500, 'note'),
});
export type MoneyMovementInput = z.input<typeof moneyMovementInput>;

export type MoneyMovementView = {
  id: number;
  date: string;
  purpose_id: number;
  purpose_name: string;
  balance_id: number;
  balance_name: string;
  amount: number;
  party: string;
  reference: string;
  note: string;
  /** The entry now in force; earlier ones were reversed by edits. */
  entry_id: number | null;
  admin_name: string | null;
  created_at: string;
  updated_at: string;
};

/** `/admin/credit/due`: what is owed to us, one row per receivable account of the chart. */
export type CreditDueRow = {
  account_id: number;
  code: string;
  system_key: string | null;
  name: string;
  /** What is owed now, in paisa. */
  due: number;
  /** The day of the latest movement, or null if none. */
  last_movement: string | null;
  /** Who owes it, when the module keeping the counterparts says (loans given: each borrower). */
  parts?: CreditDuePart[];
};
/** One counterpart's share of a receivable: a borrower and what they still owe, with the screen that shows it. */
export type CreditDuePart = { name: string; due: number; overdue: boolean; link: string | null };
export type CreditDueAnswer = { data: CreditDueRow[]; total: number };

/** `/admin/accounts/monthly/report`: income and expense per purpose per month. */
export type MonthlyReportRow = {
  account_id: number;
  code: string;
  name: string;
  type: PurposeType;
  /** Per month (`YYYY-MM`, in `months` order): income received or money spent, in paisa. */
  months: number[];
  total: number;
};
export type MonthlyReportAnswer = {
  from: string;
  to: string;
  months: string[];
  data: MonthlyReportRow[];
  income: number[];
  expense: number[];
  net: number[];
  totals: { income: number; expense: number; net: number };
};
