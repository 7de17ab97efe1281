import { z } from 'zod';
import { idField, idSchema, moneyField, nameField, statusField } from './fields';
import type { Paginator } from './pagination';
import { SUPPLIER_PAYMENT_METHODS } from './purchasing';

/**
 * Fabrics (issue 18 item 3): material bought from fabric suppliers by length or by the piece into
 * a fabric stock with its own ledger, and issued from it to the factories that sew it
 * (docs/decisions/035). A quantity is kept in hundredths of its unit (12.5 metres → 1250), so a
 * length adds up exactly; the API takes and answers it in the unit (12.5).
 */

export const FABRIC_UNITS = ['metre', 'yard', 'piece'] as const;
export type FabricUnit = (typeof FABRIC_UNITS)[number];
export const FABRIC_UNIT_LABELS: Record<FabricUnit, string> = { metre: 'Metre', yard: 'Yard', piece: 'Piece' };

export const FABRIC_LEDGER_KINDS = ['purchase', 'issue', 'adjustment'] as const;
export type FabricLedgerKind = (typeof FABRIC_LEDGER_KINDS)[number];
export const FABRIC_LEDGER_KIND_LABELS: Record<FabricLedgerKind, string> = {
  purchase: 'Purchase',
  issue: 'Issued to factory',
  adjustment: 'Adjustment',
};

/** The largest quantity of one line: a million units. */
const MAX_QUANTITY = 1_000_000;

/** Hundredths of a unit, from the unit as typed (12.5 → 1250). */
export const toCentiUnits = (quantity: number): number => Math.round(quantity * 100);
/** The unit from hundredths (1250 → 12.5). */
export const fromCentiUnits = (centi: number): number => centi / 100;

/** A quantity in the fabric's unit: more than 0, at most two decimals. */
export const fabricQuantityField = z.coerce
  .number({ error: 'Enter the quantity' })
  .gt(0, 'The quantity must be more than 0')
  .max(MAX_QUANTITY, 'The quantity is too large')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use at most two decimals');

const text = (max: number) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z.string({ error: 'Enter text' }).trim().max(max, `Use at most ${max} characters`),
  );

const day = z.iso.date({ error: 'Use a date like 2025-03-01' });

/** A fabric the shop keeps: its name, colour and type, and the unit it is counted in. */
export const fabricInput = z.object({
  name: nameField('name', 120),
  colour: text(60).default(''),
  fabric_type: text(60).default(''),
  unit: z.enum(FABRIC_UNITS, { error: 'Choose metre, yard or piece' }).default('metre'),
  /** Below this much (in the unit) the fabric is shown as low. */
  low_stock_at: z.coerce.number({ error: 'Enter a number' }).min(0, 'Cannot be negative').max(MAX_QUANTITY).default(0),
  notes: text(1000).default(''),
  status: statusField,
});
export type FabricInput = z.input<typeof fabricInput>;

export type FabricView = {
  id: number;
  name: string;
  colour: string;
  fabric_type: string;
  unit: FabricUnit;
  unit_label: string;
  /** In the unit (12.5). */
  stock: number;
  low_stock_at: number;
  low: boolean;
  /** What the stock cost, at the average price of the purchases, in paisa. */
  stock_value: number;
  average_unit_price: number;
  notes: string;
  status: number;
  created_at: string;
  updated_at: string;
};

/** `POST /api/admin/fabric-purchases`: one fabric bought from a fabric supplier. */
export const fabricPurchaseInput = z
  .object({
    supplier_id: idField('supplier'),
    fabric_id: idField('fabric'),
    purchased_on: day,
    reference: text(60).default(''),
    quantity: fabricQuantityField,
    /** Paisa per unit (metre, yard or piece). */
    unit_price: moneyField('unit price'),
    /** Paid now, in paisa: at most the total. */
    paid: moneyField('paid amount').default(0),
    /** What the amount paid now left: the cash box, the bank or the bKash wallet. */
    payment_method: z.enum(SUPPLIER_PAYMENT_METHODS, { error: 'Choose cash, bank or mobile wallet' }).default('cash'),
    note: text(1000).default(''),
  })
  .refine((input) => input.paid <= fabricPurchaseTotal(toCentiUnits(input.quantity), input.unit_price), {
    path: ['paid'],
    message: 'The paid amount is more than the total',
  });
export type FabricPurchaseInput = z.input<typeof fabricPurchaseInput>;

/** The total of a purchase in paisa: quantity × unit price, rounded to the paisa. */
export const fabricPurchaseTotal = (centiUnits: number, unitPrice: number): number => Math.round((centiUnits * unitPrice) / 100);

export type FabricPurchaseView = {
  id: number;
  number: string;
  supplier_id: number;
  supplier_name: string;
  fabric_id: number;
  fabric_name: string;
  colour: string;
  unit: FabricUnit;
  unit_label: string;
  purchased_on: string;
  reference: string;
  quantity: number;
  unit_price: number;
  total: number;
  paid: number;
  due: number;
  note: string;
  admin_name: string | null;
  created_at: string;
};

export interface FabricPurchasePage extends Paginator<FabricPurchaseView> {
  totals: { purchases: number; total: number; paid: number; due: number };
}

export const fabricPurchaseQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  q: text(100).default(''),
  supplier_id: idSchema.optional(),
  fabric_id: idSchema.optional(),
  from: day.optional(),
  to: day.optional(),
  /** Only purchases with something still owed. */
  due: z.enum(['1', '0']).optional(),
});

/** `POST /api/admin/fabric-issues`: fabric handed to a factory, out of the fabric stock. */
export const fabricIssueInput = z.object({
  factory_id: idField('factory'),
  fabric_id: idField('fabric'),
  issued_on: day,
  quantity: fabricQuantityField,
  note: text(1000).default(''),
});
export type FabricIssueInput = z.input<typeof fabricIssueInput>;

export type FabricIssueView = {
  id: number;
  number: string;
  factory_id: number;
  factory_name: string;
  fabric_id: number;
  fabric_name: string;
  colour: string;
  unit: FabricUnit;
  unit_label: string;
  issued_on: string;
  quantity: number;
  note: string;
  admin_name: string | null;
  created_at: string;
};

export const fabricIssueQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  factory_id: idSchema.optional(),
  fabric_id: idSchema.optional(),
});

export type FabricLedgerEntry = {
  id: number;
  kind: FabricLedgerKind;
  kind_label: string;
  /** Signed, in the unit. */
  quantity: number;
  /** The fabric's stock after this row. */
  balance: number;
  reference: string;
  reference_id: number | null;
  party: string;
  note: string;
  admin_name: string | null;
  at: string;
};

export const fabricLedgerQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** A choice in a fabric form's select (a fabric supplier, a factory, a fabric). */
export type FabricChoice = { id: number; name: string; detail: string };
