import { z } from 'zod';
import { hasFields, idField, moneyField } from './fields';

/**
 * Counter sales (issue 18, decision 036): a sale made at the shop's counter, paid at once in cash,
 * by card or by mobile banking (several at once), stock out at once. Money is integer paisa.
 */

export const SALE_PAYMENT_METHODS = ['cash', 'card', 'bkash', 'nagad', 'rocket'] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];
export const SALE_PAYMENT_METHOD_LABELS: Record<SalePaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  bkash: 'bKash',
  nagad: 'Nagad',
  rocket: 'Rocket',
};

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `Use at most ${max} characters for the ${label}`).default('');

export const counterSaleLineInput = z.object({
  variant_id: idField('product'),
  quantity: z.coerce
    .number({ error: 'Enter the quantity' })
    .int('The quantity must be a whole number')
    .min(1, 'The quantity must be at least 1')
    .max(10_000, 'The quantity is too large'),
  unit_price: moneyField('price'),
  discount: z.preprocess((value) => (value === '' || value == null ? 0 : value), moneyField('line discount')),
});

export const counterSalePaymentInput = z.object({
  method: z.enum(SALE_PAYMENT_METHODS, { error: 'Choose cash, card, bKash, Nagad or Rocket' }),
  amount: moneyField('amount paid').refine((value) => value > 0, 'Enter the amount paid'),
  reference: optionalText(80, 'transaction id'),
});

/** What the point-of-sale screen sends when the sale is paid. */
export const counterSaleInput = z
  .object({
    customer_name: optionalText(120, 'customer name'),
    customer_phone: z
      .string()
      .trim()
      .max(20, 'Use at most 20 characters for the phone')
      .refine((value) => value === '' || /^\+?[\d\s-]{6,}$/.test(value), 'Enter a phone number like 01712345678')
      .default(''),
    note: optionalText(500, 'note'),
    discount: z.preprocess((value) => (value === '' || value == null ? 0 : value), moneyField('discount')),
    lines: z
      .array(counterSaleLineInput, { error: 'Add at least one item' })
      .min(1, 'Add at least one item')
      .max(300, 'A sale can have at most 300 lines'),
    payments: z
      .array(counterSalePaymentInput, { error: 'Add a payment' })
      .min(1, 'Add a payment')
      .max(5, 'A sale can be paid in at most 5 parts'),
  })
  .superRefine(
    (sale, check) => {
      // Runs even when other fields failed (every mistake named at once): only what parsed is looked at.
      if (!Array.isArray(sale.lines) || !Array.isArray(sale.payments)) return;
      sale.lines.forEach((line, index) => {
        if (typeof line?.discount !== 'number' || typeof line.unit_price !== 'number' || typeof line.quantity !== 'number') return;
        if (line.discount > line.unit_price * line.quantity) {
          check.addIssue({ code: 'custom', path: ['lines', index, 'discount'], message: 'The line discount is more than the line' });
        }
      });
      sale.payments.forEach((payment, index) => {
        if (payment.method !== 'cash' && payment.reference === '') {
          check.addIssue({ code: 'custom', path: ['payments', index, 'reference'], message: 'Enter the transaction id' });
        }
      });
    },
    { when: hasFields },
  );
export type CounterSaleInput = z.input<typeof counterSaleInput>;

/** A counter sale's totals from its lines and payments: what the screen shows and the server checks. */
export function counterSaleTotals(sale: {
  discount: number;
  lines: readonly { quantity: number; unit_price: number; discount: number }[];
  payments: readonly { method: SalePaymentMethod; amount: number }[];
}) {
  const subtotal = sale.lines.reduce((sum, line) => sum + line.quantity * line.unit_price - line.discount, 0);
  const total = Math.max(0, subtotal - sale.discount);
  const cash = sale.payments.filter((payment) => payment.method === 'cash').reduce((sum, payment) => sum + payment.amount, 0);
  const other = sale.payments.filter((payment) => payment.method !== 'cash').reduce((sum, payment) => sum + payment.amount, 0);
  const tendered = cash + other;
  /** Change is given from cash only: what is paid above the total, up to the cash handed over. */
  const change = Math.min(cash, Math.max(0, tendered - total));
  return { subtotal, total, cash, other, tendered, change, short: Math.max(0, total - tendered) };
}

export interface CounterSaleLineView {
  id: number;
  variant_id: number;
  product_name: string;
  variant_label: string;
  sku: string;
  quantity: number;
  unit_price: number;
  discount: number;
  unit_cost: number;
  line_total: number;
  /** `in`: came back in an exchange (decision 040). */
  direction: 'out' | 'in';
  return_of_sale_id: number | null;
}

export interface CounterSalePaymentView {
  id: number;
  /** `bank`: a company sale paid by bank transfer (decision 039). */
  method: SalePaymentMethod | 'bank';
  amount: number;
  reference: string;
  /** A refund paid back to the customer in an exchange (decision 040). */
  refund: boolean;
}

export interface CounterSaleView {
  id: number;
  number: string;
  /** counter, company or exchange (decision 040). */
  kind: 'counter' | 'company' | 'exchange';
  /** What an exchange paid back, or put on its buyer's account (`on_account`). */
  refunded: number;
  /** A company sale, or an exchange of one: what is not paid is owed by its buyer (decisions 039, 040). */
  on_account: boolean;
  customer_name: string;
  customer_phone: string;
  note: string;
  subtotal: number;
  discount: number;
  total: number;
  paid: number;
  change_given: number;
  profit: number;
  item_count: number;
  sold_by: string | null;
  sold_at: string;
}

export interface CounterSaleDetail extends CounterSaleView {
  lines: CounterSaleLineView[];
  payments: CounterSalePaymentView[];
}

/** A product the counter can sell, found by a scan or a search. */
export interface CounterItem {
  variant_id: number;
  product_name: string;
  variant_label: string;
  sku: string;
  barcode: string | null;
  stock: number;
  unit_price: number;
}
