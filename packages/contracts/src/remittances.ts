import { z } from 'zod';
import { idField, idSchema } from './fields';

/**
 * Cash-on-delivery settlement (issue 19, decision 049): a courier pays over what it collected on
 * delivered COD orders, less its delivery fees and COD charges, in a remittance. Each order a
 * remittance covers with the amount it was to collect becomes paid; a different amount (a mismatch)
 * waits for a person. Money is integer paisa.
 */

export const REMITTANCE_METHODS = ['bank', 'mobile_wallet', 'cash'] as const;
export type RemittanceMethod = (typeof REMITTANCE_METHODS)[number];
export const REMITTANCE_METHOD_LABELS: Record<RemittanceMethod, string> = {
  bank: 'Bank transfer',
  mobile_wallet: 'Mobile wallet',
  cash: 'Cash',
};

export const REMITTANCE_SOURCES = ['manual', 'csv', 'api'] as const;
export type RemittanceSource = (typeof REMITTANCE_SOURCES)[number];

export const REMITTANCE_LINE_STATUSES = ['matched', 'mismatch', 'accepted'] as const;
export type RemittanceLineStatus = (typeof REMITTANCE_LINE_STATUSES)[number];

/** The payment sheets the import reads: Steadfast's, Pathao's, or any sheet with the generic columns. */
export const REMITTANCE_CSV_LAYOUTS = ['steadfast', 'pathao', 'generic'] as const;
export type RemittanceCsvLayout = (typeof REMITTANCE_CSV_LAYOUTS)[number];
export const REMITTANCE_CSV_LAYOUT_LABELS: Record<RemittanceCsvLayout, string> = {
  steadfast: 'Steadfast payment sheet',
  pathao: 'Pathao payment sheet',
  generic: 'Generic (order, collected, delivery charge, COD charge)',
};

const amount = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 0 : value),
    z.coerce
      .number({ error: `Enter the ${label}` })
      .int(`The ${label} must be in whole paisa`)
      .min(0, `The ${label} cannot be negative`)
      .max(100_000_000_00, `The ${label} is too large`),
  );
const day = z
  .string({ error: 'Enter the date' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Enter a real date');
const text = (max: number, label: string) => z.string().trim().max(max, `Use at most ${max} characters for the ${label}`).default('');

/** What every remittance says besides its orders. */
const remittanceHead = {
  courier_id: idField('courier'),
  paid_on: day,
  reference: text(120, 'reference'),
  note: text(500, 'note'),
  method: z.enum(REMITTANCE_METHODS, { error: 'Choose how the money came' }).default('bank'),
  /** The balance (cash, bank or wallet account) the money went into; the books read it. */
  balance_account_id: z.preprocess((value) => (value === '' || value === undefined ? null : value), idSchema.nullable()).default(null),
};

/** One order of a remittance entered by hand: its number (or id) and what the courier says it collected. */
export const remittanceLineInput = z.object({
  order: z
    .union([z.string(), z.number()], { error: 'Enter the order number' })
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1, 'Enter the order number').max(60, 'Use at most 60 characters for the order')),
  collected: amount('amount collected'),
  delivery_fee: amount('delivery fee'),
  cod_charge: amount('COD charge'),
});

/** A remittance typed by hand (`/admin/courier/remittance/add`). */
export const remittanceInput = z.object({
  ...remittanceHead,
  lines: z
    .array(remittanceLineInput, { error: 'Add the orders the courier paid for' })
    .min(1, 'Add the orders the courier paid for')
    .max(2000),
  /** What arrived in the balance; when left out, collected − fees − COD charges. */
  net_received: z.preprocess((value) => (value === '' || value === null ? undefined : value), amount('net received').optional()),
});
export type RemittanceInput = z.input<typeof remittanceInput>;

/** A courier's payment sheet: previewed (`confirm` false) then recorded (`confirm` true). */
export const remittanceImportInput = z.object({
  ...remittanceHead,
  layout: z.enum(REMITTANCE_CSV_LAYOUTS, { error: 'Choose the sheet’s layout' }).default('generic'),
  csv: z
    .string({ error: 'Choose the payment sheet' })
    .min(1, 'Choose the payment sheet')
    .max(5_000_000, 'The sheet is too large (5 MB at most)'),
  confirm: z.boolean().default(false),
});
export type RemittanceImportInput = z.input<typeof remittanceImportInput>;

/** A courier's payment id as its API names it (Steadfast: a number). */
const courierPaymentId = z
  .union([z.string(), z.number()], { error: 'Choose one of the courier’s payments' })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .min(1, 'Choose one of the courier’s payments')
      .max(60, 'Use at most 60 characters for the payment id')
      .regex(/^[A-Za-z0-9_-]+$/, 'Choose one of the courier’s payments'),
  );

/** One of the courier's payments read from its API, previewed before it is recorded. */
export const remittancePaymentPreviewInput = z.object({
  courier_id: idField('courier'),
  payment_id: courierPaymentId,
});
export type RemittancePaymentPreviewInput = z.input<typeof remittancePaymentPreviewInput>;

/** One of the courier's payments read from its API and recorded as a remittance (once per courier and payment id). */
export const remittancePaymentImportInput = z.object({
  ...remittanceHead,
  payment_id: courierPaymentId,
});
export type RemittancePaymentImportInput = z.input<typeof remittancePaymentImportInput>;

/** A person settles a mismatched line: accept what the courier collected (with why), which marks the order paid. */
export const remittanceResolveInput = z.object({
  note: z.string().trim().min(1, 'Say why the collected amount is accepted').max(500, 'Use at most 500 characters for the note'),
});
export type RemittanceResolveInput = z.input<typeof remittanceResolveInput>;

export type RemittancePreviewKind = 'matched' | 'mismatch' | 'unknown' | 'paid' | 'refused';

export interface RemittancePreviewRow {
  row: number;
  reference: string;
  kind: RemittancePreviewKind;
  order_id: number | null;
  order_number: string | null;
  to_collect: number | null;
  collected: number;
  delivery_fee: number;
  cod_charge: number;
  message: string;
}

export interface RemittancePreview {
  rows: RemittancePreviewRow[];
  counts: Record<RemittancePreviewKind, number>;
  totals: { collected: number; delivery_fees: number; cod_charges: number; net: number };
}

export interface RemittanceLineView {
  id: number;
  remittance_id: number;
  order_id: number;
  order_number: string;
  customer_name: string;
  to_collect: number;
  collected: number;
  delivery_fee: number;
  cod_charge: number;
  status: RemittanceLineStatus;
  note: string;
}

/** A payment the courier's API lists, and whether a remittance records it already. */
export interface CourierPaymentView {
  payment_id: string;
  /** When the courier paid, `YYYY-MM-DD`, when it says. */
  paid_on: string | null;
  /** What the courier says it paid over (paisa), when it says. */
  amount: number | null;
  /** How many consignments it covers, when the list says. */
  consignments: number | null;
  status: string;
  /** The remittance recording it, or null when it is not recorded yet. */
  remittance_id: number | null;
}

/** `GET /api/admin/courier/remittances/payments?courier_id=`: the courier's recent payments from its API. */
export interface CourierPaymentsAnswer {
  courier_id: number;
  courier_name: string;
  payments: CourierPaymentView[];
}

/** One of the courier's payments sorted against the orders, like a payment sheet's preview. */
export interface RemittancePaymentPreview extends RemittancePreview {
  payment: CourierPaymentView;
}

/** A balance (cash, bank, mobile wallet account of the books) a remittance's money may go into. */
export interface RemittanceBalanceOption {
  id: number;
  name: string;
  kind: string;
}

/** `GET /api/admin/courier/remittances/balances`: the active balances, and each method's default one. */
export interface RemittanceBalanceOptions {
  balances: RemittanceBalanceOption[];
  defaults: Record<RemittanceMethod, number | null>;
}

export interface RemittanceSummary {
  id: number;
  courier_id: number;
  courier_name: string;
  paid_on: string;
  reference: string;
  method: RemittanceMethod;
  source: RemittanceSource;
  orders: number;
  mismatches: number;
  collected: number;
  delivery_fees: number;
  cod_charges: number;
  net_received: number;
  created_at: string;
}

export interface RemittanceDetail extends RemittanceSummary {
  note: string;
  balance_account_id: number | null;
  /** The balance's name, when it names one. */
  balance_name: string | null;
  /** The courier's own payment id, for a remittance read from its API. */
  courier_payment_id: string | null;
  admin_name: string | null;
  lines: RemittanceLineView[];
}

/** How an order was settled, for the order's view. */
export interface OrderRemittance {
  remittance_id: number;
  courier_name: string;
  paid_on: string;
  collected: number;
  delivery_fee: number;
  cod_charge: number;
  status: RemittanceLineStatus;
  note: string;
}

export interface CourierReceivable {
  courier_id: number;
  courier_name: string;
  orders: number;
  total: number;
  since: string | null;
  mismatches: RemittanceLineView[];
  unpaid: { order_id: number; order_number: string; customer_name: string; to_collect: number; delivered_at: string }[];
}
