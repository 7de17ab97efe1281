import { z } from 'zod';
import { hasFields, idField, moneyField } from './fields';
import type { OrderType } from './order-status';
import { counterSaleInput, counterSaleLineInput, counterSalePaymentInput, counterSaleTotals, type SalePaymentMethod } from './sales';

/**
 * Exchanges at the counter and the sale profit report (issue 18, decision 040). An exchange is a
 * sale (kind `exchange`) with lines coming back (`in`: stock up, at the price they were sold for) and
 * lines going out (`out`: stock down, at today's price). The difference is paid like a counter sale,
 * or refunded when the goods coming back are worth more. Money is integer paisa.
 */

export const SALE_KINDS = ['counter', 'company', 'exchange'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
export const SALE_KIND_LABELS: Record<SaleKind, string> = { counter: 'Counter sale', company: 'Company sale', exchange: 'Exchange' };

/** A line coming back. From a known sale its price is the one it was sold for (the server's). */
export const exchangeReturnInput = z.object({
  variant_id: idField('product'),
  quantity: z.coerce
    .number({ error: 'Enter the quantity' })
    .int('The quantity must be a whole number')
    .min(1, 'The quantity must be at least 1')
    .max(10_000, 'The quantity is too large'),
  unit_price: moneyField('price'),
});

export const exchangeRefundInput = z.object({
  method: counterSalePaymentInput.shape.method,
  amount: moneyField('amount refunded').refine((value) => value > 0, 'Enter the amount refunded'),
  reference: counterSalePaymentInput.shape.reference,
});

/** What the exchange screen sends. */
export const exchangeInput = z
  .object({
    /** The earlier counter sale the items come back from, when known. */
    return_of_sale_id: z.preprocess((value) => (value === '' ? null : value), idField('sale').nullish()),
    customer_name: counterSaleInput.shape.customer_name,
    customer_phone: counterSaleInput.shape.customer_phone,
    note: counterSaleInput.shape.note,
    returns: z
      .array(exchangeReturnInput, { error: 'Add an item coming back' })
      .min(1, 'Add an item coming back')
      .max(300, 'An exchange can have at most 300 lines coming back'),
    lines: z
      .array(counterSaleLineInput, { error: 'List the items going out' })
      .max(300, 'An exchange can have at most 300 lines')
      .default([]),
    payments: z
      .array(counterSalePaymentInput, { error: 'List the payments' })
      .max(5, 'An exchange can be paid in at most 5 parts')
      .default([]),
    refunds: z.array(exchangeRefundInput, { error: 'List the refunds' }).max(3, 'Refund in at most 3 parts').default([]),
  })
  .superRefine(
    (input, check) => {
      if (!Array.isArray(input.lines) || !Array.isArray(input.payments) || !Array.isArray(input.refunds)) return;
      input.lines.forEach((line, index) => {
        if (typeof line?.discount !== 'number' || typeof line.unit_price !== 'number' || typeof line.quantity !== 'number') return;
        if (line.discount > line.unit_price * line.quantity) {
          check.addIssue({ code: 'custom', path: ['lines', index, 'discount'], message: 'The line discount is more than the line' });
        }
      });
      input.payments.forEach((payment, index) => {
        if (payment?.method !== 'cash' && payment?.reference === '') {
          check.addIssue({ code: 'custom', path: ['payments', index, 'reference'], message: 'Enter the transaction id' });
        }
      });
      input.refunds.forEach((refund, index) => {
        if (refund?.method !== 'cash' && refund?.reference === '') {
          check.addIssue({ code: 'custom', path: ['refunds', index, 'reference'], message: 'Enter the transaction id' });
        }
      });
    },
    { when: hasFields },
  );
export type ExchangeInput = z.input<typeof exchangeInput>;

/**
 * An exchange's figures: the value coming back, what goes out, the difference; then the payments
 * (when the customer pays the difference, as a counter sale: change from cash only) or the refunds
 * (when the shop pays back: they must add up to exactly the difference).
 */
export function exchangeTotals(input: {
  returns: readonly { quantity: number; unit_price: number }[];
  lines: readonly { quantity: number; unit_price: number; discount: number }[];
  payments: readonly { method: SalePaymentMethod; amount: number }[];
  refunds: readonly { amount: number }[];
}) {
  const returned = input.returns.reduce((sum, line) => sum + line.quantity * line.unit_price, 0);
  const out = counterSaleTotals({ discount: 0, lines: input.lines, payments: [] }).subtotal;
  const difference = out - returned;
  const total = Math.max(0, difference);
  const refund = Math.max(0, -difference);
  const paid = counterSaleTotals({ discount: 0, lines: [{ quantity: 1, unit_price: total, discount: 0 }], payments: input.payments });
  const refunded = input.refunds.reduce((sum, line) => sum + line.amount, 0);
  return {
    returned,
    out,
    difference,
    /** What the customer pays. */
    total,
    /** What the shop pays back. */
    refund,
    cash: paid.cash,
    other: paid.other,
    tendered: paid.tendered,
    change: paid.change,
    short: paid.short,
    refunded,
  };
}

/** A line of an earlier sale that can come back: how many were sold, came back already, and can still. */
export interface ReturnableLine {
  variant_id: number;
  product_name: string;
  variant_label: string;
  sku: string;
  sold: number;
  returned: number;
  returnable: number;
  /** What one unit was sold for, after its line discount and its share of the sale-wide discount. */
  unit_price: number;
}

export interface ReturnableSale {
  id: number;
  number: string;
  kind: SaleKind;
  customer_name: string;
  customer_phone: string;
  sold_at: string;
  /** The sale-wide discount, spread over the lines in `unit_price`. */
  discount: number;
  /** A company sale's (or its exchange's) buyer: the difference goes to their account (decision 040). */
  buyer: { type: 'company' | 'supplier'; id: number; name: string } | null;
  lines: ReturnableLine[];
}

// ---- The sale profit report --------------------------------------------------------------------

/** The channels of the sale profit report: the counter's own three, and the orders by type. */
export type SaleProfitChannel = 'counter' | 'exchange' | 'company' | `order_${OrderType}`;
export const SALE_PROFIT_CHANNELS: readonly [SaleProfitChannel, ...SaleProfitChannel[]] = [
  'counter',
  'exchange',
  'company',
  'order_website',
  'order_reseller',
  'order_phone',
  'order_wholesale',
  'order_exchange',
  'order_landing',
];
export const SALE_PROFIT_CHANNEL_LABELS: Record<SaleProfitChannel, string> = {
  counter: 'Counter sales',
  exchange: 'Exchanges at the counter',
  company: 'Company sales',
  order_website: 'Website orders',
  order_reseller: 'Reseller orders',
  order_phone: 'Phone orders',
  order_wholesale: 'Wholesale orders',
  order_exchange: 'Exchange orders',
  order_landing: 'Landing page orders',
};

export const saleProfitQuery = z.object({
  'filter[channel]': z
    .enum(SALE_PROFIT_CHANNELS, {
      error: 'Choose a channel: counter, exchange, company or an order channel',
    })
    .optional(),
});

export interface SaleProfitRow {
  date: string;
  channel: SaleProfitChannel;
  /** Sales, exchanges or delivered orders. */
  count: number;
  /** What the shop took: totals less refunds; for orders, their lines less the orders' discounts. */
  revenue: number;
  /** The lines' cost at the time of sale (lines coming back take theirs off). */
  cost: number;
  profit: number;
  /** profit ÷ revenue in percent, one decimal; null without revenue. */
  margin: number | null;
}

export interface SaleProfitAnswer {
  range: { from: string; to: string; time_zone: string };
  data: SaleProfitRow[];
  totals: Omit<SaleProfitRow, 'date' | 'channel'>;
  by_channel: Omit<SaleProfitRow, 'date'>[];
  chart: { date: string; orders: number; amount: number }[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** profit ÷ revenue, percent with one decimal. */
export const marginOf = (profit: number, revenue: number): number | null =>
  revenue === 0 ? null : Math.round((profit / revenue) * 1000) / 10;
