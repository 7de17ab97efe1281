import { z } from 'zod';
import { idField, idSchema, moneyField, nameField, optionalId, statusField } from './fields';
import type { Paginator } from './pagination';
import type { ReportChartPoint, ReportRange } from './reports';

/**
 * Purchasing (issue 18, decision 034): suppliers of goods and of fabric, purchases with lines of
 * product variants at cost, receipts (whole or in part) that raise stock and the moving-average
 * cost, returns to the supplier, and payments. Money is integer paisa.
 */

const text = (max: number, label: string) => z.string().trim().max(max, `Use at most ${max} characters for the ${label}`).default('');

/** What the shop owed a supplier (positive) or was owed (negative) when they were added. */
const signedMoney = (label: string) =>
  z.coerce
    .number({ error: `Enter the ${label}` })
    .int(`The ${label} must be in whole paisa`)
    .min(-100_000_000_00, `The ${label} is too small`)
    .max(100_000_000_00, `The ${label} is too large`);

/** A supplier as its form sends it; the kind (goods or fabric) is fixed by the screen. */
export const supplierInput = z.object({
  name: nameField('name', 120),
  company: text(160, 'company'),
  phone: z
    .string()
    .trim()
    .max(40, 'Use at most 40 characters for the phone')
    .refine((value) => value === '' || /^[+\d][\d\s-]{5,}$/.test(value), 'Enter a phone number like 01712345678')
    .default(''),
  address: text(500, 'address'),
  opening_balance: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 0 : value),
    signedMoney('opening balance'),
  ),
  status: statusField,
});
export type SupplierInput = z.input<typeof supplierInput>;

/** How a supplier is paid: from the cash box, a bank account or a mobile wallet (bKash, Nagad…). */
export const SUPPLIER_PAYMENT_METHODS = ['cash', 'bank', 'mobile_wallet'] as const;
export type SupplierPaymentMethod = (typeof SUPPLIER_PAYMENT_METHODS)[number];
export const SUPPLIER_PAYMENT_METHOD_LABELS: Record<SupplierPaymentMethod, string> = {
  cash: 'Cash',
  bank: 'Bank',
  mobile_wallet: 'Mobile wallet',
};
const paymentMethod = z.enum(SUPPLIER_PAYMENT_METHODS, { error: 'Choose cash, bank or mobile wallet' });

/**
 * Where a purchase stands. Draft and ordered are chosen on the form; the others follow from what was
 * received and returned: partly received, received (every unit), returned (every received unit went back).
 */
export const PURCHASE_STATUSES = ['draft', 'ordered', 'partly_received', 'received', 'returned'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
export const PURCHASE_STATUS_LABELS: Record<PurchaseStatus, string> = {
  draft: 'Draft',
  ordered: 'Ordered',
  partly_received: 'Partly received',
  received: 'Received',
  returned: 'Returned',
};

const day = z.iso.date({ error: 'Use a date like 2025-03-01' });
const quantity = (label = 'quantity') =>
  z.coerce
    .number({ error: `Enter the ${label}` })
    .int(`The ${label} must be a whole number`)
    .min(1, `The ${label} must be at least 1`)
    .max(1_000_000, `The ${label} is too large`);
const amount = (label: string) =>
  z.preprocess((value) => (value === '' || value === null || value === undefined ? 0 : value), moneyField(label));

export const purchaseLineInput = z.object({
  /** The line's id when editing a purchase; new lines have none. */
  id: optionalId.optional(),
  variant_id: idField('product variant'),
  quantity: quantity(),
  unit_cost: moneyField('unit cost'),
});

/** A purchase as its form sends it (create and edit). */
export const purchaseInput = z
  .object({
    supplier_id: idField('supplier'),
    purchased_on: day,
    reference: text(80, 'reference'),
    status: z.enum(['draft', 'ordered'], { error: 'Choose draft or ordered' }).default('ordered'),
    note: text(1000, 'note'),
    discount: amount('discount'),
    shipping_cost: amount('shipping cost'),
    lines: z
      .array(purchaseLineInput, { error: 'Add at least one product' })
      .min(1, 'Add at least one product')
      .max(1000, 'Use at most 1,000 lines'),
    /** Paid to the supplier with this save (a new purchase only). */
    paid_now: amount('amount paid now'),
    payment_method: paymentMethod.default('cash'),
    payment_reference: text(120, 'payment reference'),
  })
  .superRefine((value, issue) => {
    const seen = new Set<number>();
    value.lines.forEach((line, index) => {
      if (seen.has(line.variant_id))
        issue.addIssue({ code: 'custom', path: ['lines', index, 'variant_id'], message: 'This product is already on another line' });
      seen.add(line.variant_id);
    });
    const subtotal = value.lines.reduce((sum, line) => sum + line.quantity * line.unit_cost, 0);
    if (value.discount > subtotal)
      issue.addIssue({ code: 'custom', path: ['discount'], message: 'The discount cannot be more than the lines’ total' });
  });
export type PurchaseInput = z.input<typeof purchaseInput>;

/** Units of some lines received (a goods-received note) or sent back to the supplier. */
const lineQuantities = z
  .array(
    z.object({
      line_id: idSchema,
      quantity: z.coerce.number().int('Use whole units').min(0, 'The quantity cannot be negative').max(1_000_000),
    }),
    {
      error: 'Send the lines and their quantities',
    },
  )
  .max(1000);

export const purchaseReceiveInput = z
  .object({
    /** Everything still to come when true; otherwise the lines given. */
    all: z.boolean().default(false),
    lines: lineQuantities.default([]),
    received_on: day.optional(),
    note: text(500, 'note'),
  })
  .refine((value) => value.all || value.lines.some((line) => line.quantity > 0), {
    path: ['lines'],
    message: 'Enter how many units arrived',
  });
export type PurchaseReceiveInput = z.input<typeof purchaseReceiveInput>;

export const purchaseReturnInput = z
  .object({
    lines: lineQuantities,
    returned_on: day.optional(),
    reason: z.string().trim().min(1, 'Say why the goods go back').max(500, 'Use at most 500 characters for the reason'),
  })
  .refine((value) => value.lines.some((line) => line.quantity > 0), { path: ['lines'], message: 'Enter how many units go back' });
export type PurchaseReturnInput = z.input<typeof purchaseReturnInput>;

/**
 * A supplier's credit note against a received purchase (decision 044): a price reduction, not goods.
 * Dated, with the supplier's note number and a reason, and an amount (paisa) per purchase line.
 */
export const purchaseCreditNoteInput = z
  .object({
    credited_on: day.optional(),
    reference: z
      .string()
      .trim()
      .min(1, 'Enter the number of the supplier’s credit note')
      .max(80, 'Use at most 80 characters for the reference'),
    reason: z.string().trim().min(1, 'Say why the supplier gives the credit').max(500, 'Use at most 500 characters for the reason'),
    lines: z
      .array(
        z.object({
          line_id: idSchema,
          amount: z.preprocess(
            (value) => (value === '' || value === null || value === undefined ? 0 : value),
            z.coerce
              .number({ error: 'Enter the amount' })
              .int('The amount must be in whole paisa')
              .min(0, 'The amount cannot be negative')
              .max(100_000_000_00, 'The amount is too large'),
          ),
        }),
        { error: 'Send the lines and their amounts' },
      )
      .max(1000),
  })
  .superRefine((value, issue) => {
    const seen = new Set<number>();
    value.lines.forEach((line, index) => {
      if (seen.has(line.line_id))
        issue.addIssue({ code: 'custom', path: ['lines', index, 'line_id'], message: 'This line is given twice' });
      seen.add(line.line_id);
    });
    if (!value.lines.some((line) => line.amount > 0))
      issue.addIssue({ code: 'custom', path: ['lines'], message: 'Enter the credit on at least one line' });
  });
export type PurchaseCreditNoteInput = z.input<typeof purchaseCreditNoteInput>;

export const supplierPaymentInput = z.object({
  amount: z.coerce
    .number({ error: 'Enter the amount' })
    .int('The amount must be in whole paisa')
    .min(1, 'The amount must be more than zero')
    .max(100_000_000_00, 'The amount is too large'),
  method: paymentMethod,
  reference: text(120, 'reference'),
  note: text(500, 'note'),
  paid_on: day.optional(),
  /** The purchase this pays for, if any (an advance on an order, or its bill). */
  purchase_id: optionalId.optional(),
});
export type SupplierPaymentInput = z.input<typeof supplierPaymentInput>;

// ---- Answers ------------------------------------------------------------------------------------

export interface PurchaseLineView {
  id: number;
  variant_id: number;
  product_id: number;
  product_name: string;
  variant_label: string;
  sku: string;
  barcode: string | null;
  quantity: number;
  unit_cost: number;
  /** Unit cost with its share of the shipping, less its share of the discount (by value). */
  landed_unit_cost: number;
  received_quantity: number;
  returned_quantity: number;
  /** The variant's stock now. */
  stock: number;
}

export interface PurchaseEventView {
  kind: 'receipt' | 'return' | 'payment' | 'credit_note';
  id: number;
  on: string;
  amount: number;
  units: number;
  note: string;
  method?: SupplierPaymentMethod;
  reference?: string;
  by: string | null;
  lines?: { line_id: number; quantity: number }[];
}

/** A supplier's credit note as the purchase view lists it (decision 044). */
export interface PurchaseCreditNoteView {
  id: number;
  credited_on: string;
  reference: string;
  reason: string;
  amount: number;
  /** The part that lowered the value of units still in stock (their moving-average cost). */
  stock_value_amount: number;
  /** The part that belongs to units already sold: never rewrites a sale's cost (decision 038). */
  sold_amount: number;
  by: string | null;
  created_at: string;
  lines: {
    line_id: number;
    amount: number;
    stock_value_amount: number;
    sold_amount: number;
    units_on_hand: number;
    average_cost_before: number;
    average_cost_after: number;
  }[];
}

export type PurchaseView = {
  id: number;
  number: string;
  supplier_id: number;
  supplier_name: string;
  supplier_company: string;
  supplier_phone: string;
  supplier_address: string;
  purchased_on: string;
  reference: string;
  status: PurchaseStatus;
  note: string;
  subtotal: number;
  discount: number;
  shipping_cost: number;
  total: number;
  received_value: number;
  returned_value: number;
  /** Taken off by the supplier's credit notes (decision 044). */
  credited_value: number;
  paid: number;
  /** What is still to pay on this purchase: total − returned − credited − paid. */
  due: number;
  units: number;
  received_units: number;
  returned_units: number;
  lines_count: number;
  created_at: string;
  updated_at: string;
};

export type PurchaseDetail = PurchaseView & {
  lines: PurchaseLineView[];
  events: PurchaseEventView[];
  credit_notes: PurchaseCreditNoteView[];
  /** Per line: what a new credit note may still take off it (received − returned value − earlier credits). */
  creditable: { line_id: number; amount: number }[];
  /** What can still change: receipts freeze the price terms (decision 034). */
  has_receipts: boolean;
};

export interface SupplierStatementRow {
  /** `fabric_purchase`: fabric bought from the supplier (its cost less what was paid with it); `credit_note`: a price reduction. */
  kind: 'opening' | 'purchase' | 'return' | 'payment' | 'fabric_purchase' | 'credit_note';
  id: number | null;
  on: string;
  description: string;
  purchase_id: number | null;
  /** What it adds to what we owe (purchases) … */
  debit: number;
  /** … or takes off it (payments, returns, credit notes). */
  credit: number;
  due: number;
  method?: SupplierPaymentMethod;
  reference?: string;
  /** What a fabric purchase bought (the fabric, its length and the supplier's reference), or a credit note's reason. */
  detail?: string;
}

export interface SupplierStatement {
  supplier: {
    id: number;
    kind: 'goods' | 'fabric';
    name: string;
    company: string;
    phone: string;
    address: string;
    opening_balance: number;
    status: number;
  };
  rows: SupplierStatementRow[];
  totals: { opening: number; purchases: number; returns: number; credits: number; payments: number; due: number };
  /** Ordered and not yet received (an advance may be paid against it). */
  on_order: number;
  /** The most a payment may be now: the due plus what is on order (decision 034). */
  payable: number;
}

export const purchaseReportQuery = z.object({
  group: z.enum(['date', 'supplier', 'status'], { error: 'Group by date, supplier or status' }).default('date'),
  'filter[supplier_id]': idSchema.optional(),
  'filter[status]': z.enum(PURCHASE_STATUSES, { error: 'Choose a purchase status' }).optional(),
});

export interface PurchaseReportRow {
  key: string;
  label: string;
  purchases: number;
  units: number;
  total: number;
  received_value: number;
  returned_value: number;
  credited_value: number;
  paid: number;
  due: number;
}

export const supplierReportQuery = z.object({
  'filter[kind]': z.enum(['goods', 'fabric'], { error: 'Choose goods or fabric' }).optional(),
  'filter[supplier_id]': idSchema.optional(),
  /** Only suppliers we still owe. */
  'filter[with_due]': z.enum(['true', 'false', '1', '0']).optional(),
});

export interface SupplierReportRow {
  supplier_id: number;
  name: string;
  company: string;
  kind: 'goods' | 'fabric';
  /** Due at the start of the range. */
  opening: number;
  purchases: number;
  returns: number;
  /** Supplier credit notes (price reductions) in the range. */
  credits: number;
  payments: number;
  /** Due at the end of the range. */
  closing: number;
}

export interface PurchaseReportAnswer extends Paginator<PurchaseReportRow> {
  range: ReportRange;
  group: 'date' | 'supplier' | 'status';
  totals: Omit<PurchaseReportRow, 'key' | 'label'>;
  /** Per day: purchases made (`orders`) and their total (`amount`). */
  chart: ReportChartPoint[];
}

export interface SupplierReportAnswer extends Paginator<SupplierReportRow> {
  range: ReportRange;
  totals: Omit<SupplierReportRow, 'supplier_id' | 'name' | 'company' | 'kind'> & { suppliers: number };
  /** Per day: goods received (`orders`: receipts, `amount`: their value). */
  chart: ReportChartPoint[];
}
