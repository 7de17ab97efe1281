import { z } from 'zod';
import { hasFields, idSchema, moneyField, nameField, statusField } from './fields';
import { counterSaleLineInput, SALE_PAYMENT_METHOD_LABELS, SALE_PAYMENT_METHODS } from './sales';

/**
 * Company sales (issue 18, decision 039): a sale to a buyer company or to one of our goods suppliers
 * on credit, stock out at once, paid in parts later. A company sale is a counter sale row of kind
 * `company`. Money is integer paisa.
 */

export const COMPANY_KINDS = ['buyer', 'own'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];
export const COMPANY_KIND_LABELS: Record<CompanyKind, string> = {
  buyer: 'Buys from us',
  own: 'Our own business',
};

const text = (max: number, label: string) => z.string().trim().max(max, `Use at most ${max} characters for the ${label}`).default('');
const zeroIfEmpty = (value: unknown) => (value === '' || value === null || value === undefined ? 0 : value);

/** A company as its form sends it. */
export const companyInput = z.object({
  name: nameField('name', 160),
  kind: z.enum(COMPANY_KINDS, { error: 'Choose whether it buys from us or is one of our own businesses' }).default('buyer'),
  contact_person: text(120, 'contact person'),
  phone: z
    .string()
    .trim()
    .max(40, 'Use at most 40 characters for the phone')
    .refine((value) => value === '' || /^[+\d][\d\s-]{5,}$/.test(value), 'Enter a phone number like 01712345678')
    .default(''),
  email: z
    .string()
    .trim()
    .max(160, 'Use at most 160 characters for the email')
    .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'Enter an email like office@example.com')
    .default(''),
  address: text(500, 'address'),
  opening_balance: z.preprocess(
    zeroIfEmpty,
    z.coerce
      .number({ error: 'Enter the opening balance' })
      .int('The opening balance must be in whole paisa')
      .min(-100_000_000_00, 'The opening balance is too small')
      .max(100_000_000_00, 'The opening balance is too large'),
  ),
  credit_limit: z.preprocess(zeroIfEmpty, moneyField('credit limit')),
  status: statusField,
});
export type CompanyInput = z.input<typeof companyInput>;

/** How a company pays: the counter's methods and a bank transfer. */
export const COMPANY_PAYMENT_METHODS = [...SALE_PAYMENT_METHODS, 'bank'] as const;
export type CompanyPaymentMethod = (typeof COMPANY_PAYMENT_METHODS)[number];
export const COMPANY_PAYMENT_METHOD_LABELS: Record<CompanyPaymentMethod, string> = {
  ...SALE_PAYMENT_METHOD_LABELS,
  bank: 'Bank transfer',
};
const paymentMethod = z.enum(COMPANY_PAYMENT_METHODS, { error: 'Choose cash, card, bKash, Nagad, Rocket or bank transfer' });
const day = z.iso.date({ error: 'Use a date like 2025-03-01' });

/** A company sale as the screen sends it: one buyer (a company or a supplier), lines, what is paid now. */
export const companySaleInput = z
  .object({
    company_id: z.preprocess((value) => (value === '' ? null : value), idSchema.nullable().optional()),
    supplier_id: z.preprocess((value) => (value === '' ? null : value), idSchema.nullable().optional()),
    note: text(500, 'note'),
    discount: z.preprocess(zeroIfEmpty, moneyField('discount')),
    lines: z
      .array(counterSaleLineInput, { error: 'Add at least one item' })
      .min(1, 'Add at least one item')
      .max(300, 'A sale can have at most 300 lines'),
    paid: z.preprocess(zeroIfEmpty, moneyField('amount paid')),
    method: paymentMethod.default('cash'),
    reference: text(80, 'reference'),
    due_date: z.preprocess((value) => (value === '' ? undefined : value), day.optional()),
  })
  .superRefine(
    (sale, check) => {
      if ((sale.company_id ?? null) === null && (sale.supplier_id ?? null) === null) {
        check.addIssue({ code: 'custom', path: ['company_id'], message: 'Choose the buyer' });
      }
      if ((sale.company_id ?? null) !== null && (sale.supplier_id ?? null) !== null) {
        check.addIssue({ code: 'custom', path: ['supplier_id'], message: 'Choose one buyer: a company or a supplier' });
      }
      if (!Array.isArray(sale.lines)) return;
      sale.lines.forEach((line, index) => {
        if (typeof line?.discount !== 'number' || typeof line.unit_price !== 'number' || typeof line.quantity !== 'number') return;
        if (line.discount > line.unit_price * line.quantity) {
          check.addIssue({ code: 'custom', path: ['lines', index, 'discount'], message: 'The line discount is more than the line' });
        }
      });
    },
    { when: hasFields },
  );
export type CompanySaleInput = z.input<typeof companySaleInput>;

/** A part payment received later against one company sale. */
export const companySalePaymentInput = z.object({
  amount: z.coerce
    .number({ error: 'Enter the amount' })
    .int('The amount must be in whole paisa')
    .min(1, 'The amount must be more than zero')
    .max(100_000_000_00, 'The amount is too large'),
  method: paymentMethod,
  reference: text(80, 'reference'),
  note: text(500, 'note'),
  paid_on: z.preprocess((value) => (value === '' ? undefined : value), day.optional()),
});
export type CompanySalePaymentInput = z.input<typeof companySalePaymentInput>;

export const COMPANY_SALE_STATUSES = ['paid', 'part_paid', 'unpaid'] as const;
export type CompanySaleStatus = (typeof COMPANY_SALE_STATUSES)[number];
export const COMPANY_SALE_STATUS_LABELS: Record<CompanySaleStatus, string> = {
  paid: 'Paid',
  part_paid: 'Part paid',
  unpaid: 'Unpaid',
};

/** Where a sale stands from what it is worth and what was paid. */
export const companySaleStatus = (total: number, paid: number): CompanySaleStatus =>
  paid >= total ? 'paid' : paid > 0 ? 'part_paid' : 'unpaid';

/**
 * A row of a buyer's statement: a sale's status, or `credited` for an exchange whose goods back were worth
 * more than those out (the difference went onto the buyer's account, nothing was paid).
 */
export type CompanySaleRowStatus = CompanySaleStatus | 'credited';
export const COMPANY_SALE_ROW_STATUS_LABELS: Record<CompanySaleRowStatus, string> = {
  ...COMPANY_SALE_STATUS_LABELS,
  credited: 'Credited to the account',
};
/** The status of a sale or an exchange: what it adds to the account (total − refunded) against what was paid. */
export const companySaleRowStatus = (total: number, paid: number, refunded: number): CompanySaleRowStatus =>
  total - refunded < 0 || (refunded > 0 && total - refunded === 0 && paid === 0) ? 'credited' : companySaleStatus(total - refunded, paid);

export interface CompanySaleView {
  id: number;
  number: string;
  /** `exchange`: goods back and out for this buyer (decision 040); the difference is on the account. */
  kind: 'company' | 'exchange';
  buyer_type: 'company' | 'supplier';
  buyer_id: number;
  buyer_name: string;
  subtotal: number;
  discount: number;
  total: number;
  paid: number;
  /** What an exchange credited to the buyer's account (the goods back were worth more). */
  refunded: number;
  /** total − paid − refunded: what this sale or exchange adds to the buyer's due (negative: takes off). */
  due: number;
  due_date: string | null;
  status: CompanySaleRowStatus;
  note: string;
  item_count: number;
  sold_by: string | null;
  sold_at: string;
}

export interface CompanySalePaymentView {
  id: number;
  sale_id: number;
  number: string;
  method: CompanyPaymentMethod;
  amount: number;
  reference: string;
  note: string;
  paid_at: string;
  received_by: string | null;
}

/** One line of a buyer's statement: the opening balance, a sale (+) or a payment (−), and the due after it. */
export interface CompanyStatementRow {
  date: string;
  kind: 'opening' | 'sale' | 'exchange' | 'payment';
  sale_id: number | null;
  number: string;
  description: string;
  debit: number;
  credit: number;
  balance: number;
}

export interface CompanyStatement {
  buyer: { type: 'company' | 'supplier'; id: number; name: string; phone: string; address: string; credit_limit: number };
  opening_balance: number;
  sales_total: number;
  payments_total: number;
  due: number;
  rows: CompanyStatementRow[];
  sales: CompanySaleView[];
  payments: CompanySalePaymentView[];
}

/** What a supplier bought from us, and where we stand with them. */
export interface SupplierNetPosition {
  supplier: { id: number; name: string; company: string; phone: string };
  sales: CompanySaleView[];
  sales_total: number;
  payments_total: number;
  /** What the supplier owes us for what they bought. */
  they_owe: number;
  /** What we owe the supplier for purchases (decision 034). */
  we_owe: number;
  /** we_owe − they_owe: positive, we pay them; negative, they pay us. */
  net: number;
}
