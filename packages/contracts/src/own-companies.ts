import { z } from 'zod';
import { hasFields, idField, idSchema, moneyField, nameField, type ReversalView, statusField } from './fields';

/**
 * The owner's own companies (issue 19 §4, decision 052): their fixed assets with straight-line
 * depreciation, the investors and their investments, the directors and what they are paid. Money is
 * integer paisa; percentages are numbers with up to two decimals (12.5 = 12.5 %).
 */

export const ASSET_CATEGORIES = ['furniture', 'computer', 'vehicle', 'machinery', 'shop_fit_out', 'other'] as const;
export type AssetCategory = (typeof ASSET_CATEGORIES)[number];
export const ASSET_CATEGORY_LABELS: Record<AssetCategory, string> = {
  furniture: 'Furniture',
  computer: 'Computer and electronics',
  vehicle: 'Vehicle',
  machinery: 'Machinery',
  shop_fit_out: 'Shop fit-out',
  other: 'Other',
};

export const ASSET_STATUSES = ['in_use', 'disposed'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];
export const ASSET_STATUS_LABELS: Record<AssetStatus, string> = { in_use: 'In use', disposed: 'Disposed' };

export const DIRECTOR_PAYMENT_KINDS = ['remuneration', 'drawing', 'capital_in'] as const;
export type DirectorPaymentKind = (typeof DIRECTOR_PAYMENT_KINDS)[number];
export const DIRECTOR_PAYMENT_KIND_LABELS: Record<DirectorPaymentKind, string> = {
  remuneration: 'Remuneration (an expense)',
  drawing: 'Drawing (taken out of the business)',
  capital_in: 'Money brought in by the director',
};

export const INVESTOR_PAYOUT_KINDS = ['profit', 'capital_return'] as const;
export type InvestorPayoutKind = (typeof INVESTOR_PAYOUT_KINDS)[number];
export const INVESTOR_PAYOUT_KIND_LABELS: Record<InvestorPayoutKind, string> = {
  profit: 'Profit share',
  capital_return: 'Money returned',
};

const text = (max: number, label: string) => z.string().trim().max(max, `Use at most ${max} characters for the ${label}`).default('');
const zeroIfEmpty = (value: unknown) => (value === '' || value === null || value === undefined ? 0 : value);
const nullIfEmpty = (value: unknown) => (value === '' || value === undefined ? null : value);
const day = z.iso.date({ error: 'Use a date like 2025-03-01' });
const phone = z
  .string()
  .trim()
  .max(40, 'Use at most 40 characters for the phone')
  .refine((value) => value === '' || /^[+\d][\d\s-]{5,}$/.test(value), 'Enter a phone number like 01712345678')
  .default('');
const nationalId = z
  .string()
  .trim()
  .max(30, 'Use at most 30 characters for the national ID')
  .refine((value) => value === '' || /^[0-9]{10,17}$/.test(value), 'Enter a national ID of 10 to 17 digits')
  .default('');
/** A percentage from 0 to 100 with at most two decimals. */
const percent = (label: string) =>
  z.preprocess(
    zeroIfEmpty,
    z.coerce
      .number({ error: `Enter the ${label}` })
      .min(0, `The ${label} cannot be negative`)
      .max(100, `The ${label} cannot be above 100`)
      .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
        message: `Use at most two decimals for the ${label}`,
      }),
  );
const positive = (label: string) => moneyField(label).refine((value) => value > 0, 'Enter an amount above zero');

/** A fixed asset of an own company as its form sends it; `balance_id` empty = on credit or already owned. */
export const assetInput = z
  .object({
    company_id: idField('company'),
    name: nameField('name', 160),
    category: z.enum(ASSET_CATEGORIES, { error: 'Choose a category' }),
    purchase_date: day,
    purchase_value: positive('purchase value'),
    salvage_value: z.preprocess(zeroIfEmpty, moneyField('salvage value')),
    useful_life_months: z.coerce
      .number({ error: 'Enter the useful life in months' })
      .int('Enter the useful life as a whole number of months')
      .min(1, 'Enter a useful life of at least 1 month')
      .max(600, 'Enter a useful life of at most 600 months'),
    balance_id: z.preprocess(nullIfEmpty, idSchema.nullable().default(null)),
    note: text(500, 'note'),
  })
  .refine((asset) => asset.salvage_value < asset.purchase_value, {
    path: ['salvage_value'],
    message: 'The salvage value must be below the purchase value',
    when: hasFields,
  });
export type AssetInput = z.input<typeof assetInput>;

/** Selling or writing off an asset: sold for an amount into a balance, or written off (no balance, amount 0). */
export const assetDisposalInput = z
  .object({
    date: day,
    amount: z.preprocess(zeroIfEmpty, moneyField('amount')),
    balance_id: z.preprocess(nullIfEmpty, idSchema.nullable().default(null)),
    note: text(500, 'note'),
  })
  .refine((input) => input.amount === 0 || input.balance_id !== null, {
    path: ['balance_id'],
    message: 'Choose the balance the money came into',
    when: hasFields,
  });
export type AssetDisposalInput = z.input<typeof assetDisposalInput>;

export type AssetView = {
  id: number;
  company_id: number;
  company_name: string;
  name: string;
  category: AssetCategory;
  purchase_date: string;
  purchase_value: number;
  salvage_value: number;
  useful_life_months: number;
  balance_id: number | null;
  balance_name: string | null;
  note: string;
  status: AssetStatus;
  /** What one month's depreciation is (the last month takes the rounding). */
  monthly_depreciation: number;
  accumulated_depreciation: number;
  net_book_value: number;
  months_depreciated: number;
  /** The last month depreciated, `YYYY-MM`. */
  depreciated_to: string | null;
  disposed_on: string | null;
  disposal_amount: number | null;
  disposal_balance_id: number | null;
  /** Sold for more (positive) or less (negative) than its net book value. */
  disposal_gain: number | null;
  created_at: string;
  updated_at: string;
};

/** An investment into an own company: an existing investor, or a new one named here. */
export const investmentInput = z
  .object({
    company_id: idField('company'),
    investor_id: z.preprocess(nullIfEmpty, idSchema.nullable().default(null)),
    investor_name: text(120, 'investor name'),
    investor_phone: phone,
    investor_national_id: nationalId,
    investor_address: text(500, 'address'),
    amount: positive('amount'),
    date: day,
    balance_id: idField('balance'),
    profit_share: percent('profit share'),
    note: text(500, 'note'),
  })
  .refine((input) => input.investor_id !== null || input.investor_name.length >= 2, {
    path: ['investor_id'],
    message: 'Choose an investor or enter a new investor name',
    when: hasFields,
  });
export type InvestmentInput = z.input<typeof investmentInput>;

export type InvestmentView = {
  id: number;
  company_id: number;
  company_name: string;
  investor_id: number;
  investor_name: string;
  investor_phone: string;
  investor_national_id: string;
  investor_address: string;
  amount: number;
  date: string;
  balance_id: number;
  balance_name: string;
  profit_share: number;
  note: string;
  entry_id: number | null;
  created_at: string;
  updated_at: string;
};

/** An investor's own details, editable after their first investment (`PUT /api/admin/investors/{id}`). */
export const investorInput = z.object({
  name: nameField('name', 120),
  phone,
  national_id: nationalId,
  address: text(500, 'address'),
});
export type InvestorInput = z.input<typeof investorInput>;

/** Paying an investor: their profit share, or money returned from what they invested (the same shape corrects one). */
export const investorPayoutInput = z.object({
  kind: z.enum(INVESTOR_PAYOUT_KINDS, { error: 'Choose profit share or money returned' }),
  date: day,
  amount: positive('amount'),
  balance_id: idField('balance'),
  note: text(500, 'note'),
});
export type InvestorPayoutInput = z.input<typeof investorPayoutInput>;

export interface InvestorDetails {
  investor: { id: number; name: string; phone: string; national_id: string; address: string };
  investments: {
    id: number;
    company_name: string;
    date: string;
    amount: number;
    balance_name: string;
    profit_share: number;
    note: string;
  }[];
  payouts: ({
    id: number;
    kind: InvestorPayoutKind;
    date: string;
    amount: number;
    balance_id: number;
    balance_name: string;
    note: string;
  } & ReversalView)[];
  totals: {
    invested: number;
    profit_paid: number;
    returned: number;
    /** What they still have in: invested − returned. */
    outstanding: number;
    /** Their share of profit: each investment's share weighted by its amount. */
    profit_share: number;
  };
}

/** A director of an own company as its form sends it. */
export const directorInput = z.object({
  company_id: idField('company'),
  name: nameField('name', 120),
  designation: text(120, 'designation'),
  phone,
  national_id: nationalId,
  share_percent: percent('share'),
  status: statusField,
});
export type DirectorInput = z.input<typeof directorInput>;

export type DirectorView = {
  id: number;
  company_id: number;
  company_name: string;
  name: string;
  designation: string;
  phone: string;
  national_id: string;
  share_percent: number;
  status: number;
  paid: number;
  brought_in: number;
  created_at: string;
  updated_at: string;
};

/** A payment to a director, or money a director brings in. */
export const directorPaymentInput = z.object({
  kind: z.enum(DIRECTOR_PAYMENT_KINDS, { error: 'Choose remuneration, drawing or money brought in' }),
  date: day,
  amount: positive('amount'),
  balance_id: idField('balance'),
  note: text(500, 'note'),
});
export type DirectorPaymentInput = z.input<typeof directorPaymentInput>;

export interface DirectorPaymentDetails {
  director: { id: number; name: string; designation: string; company_name: string; phone: string; share_percent: number };
  payments: ({
    id: number;
    kind: DirectorPaymentKind;
    date: string;
    amount: number;
    balance_id: number;
    balance_name: string;
    note: string;
    admin_name: string | null;
  } & ReversalView)[];
  totals: { remuneration: number; drawing: number; capital_in: number };
}
