import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { productVariants } from '../products/product.table';
import { admins } from '../staff/admin.table';
import { suppliers } from './supplier.table';

/** Where a purchase stands (decision 034); draft and ordered are chosen, the rest follow from receipts and returns. */
export const PURCHASE_STATUS_VALUES = ['draft', 'ordered', 'partly_received', 'received', 'returned'] as const;
export const SUPPLIER_PAYMENT_METHOD_VALUES = ['cash', 'bank', 'mobile_wallet'] as const;

/**
 * A purchase from a supplier: lines of variants at cost, a discount and a shipping cost spread over
 * the lines by value. The money columns are kept in step by the purchase service inside the change's
 * transaction, so lists and reports read columns instead of summing lines.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    purchasedOn: date('purchased_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull().default(''),
    status: text('status', { enum: PURCHASE_STATUS_VALUES }).notNull().default('ordered'),
    note: text('note').notNull().default(''),
    /** Σ quantity × unit cost of the lines. */
    subtotal: money('subtotal').notNull().default(0),
    discount: money('discount').notNull().default(0),
    shippingCost: money('shipping_cost').notNull().default(0),
    /** subtotal − discount + shipping. */
    total: money('total').notNull().default(0),
    /** What the receipts posted to the supplier (the whole total once every unit arrived). */
    receivedValue: money('received_value').notNull().default(0),
    returnedValue: money('returned_value').notNull().default(0),
    /** Taken off by the supplier's credit notes (decision 044). */
    creditedValue: money('credited_value').notNull().default(0),
    paid: money('paid').notNull().default(0),
    units: integer('units').notNull().default(0),
    receivedUnits: integer('received_units').notNull().default(0),
    returnedUnits: integer('returned_units').notNull().default(0),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('purchases_supplier_idx').on(table.supplierId, table.purchasedOn),
    index('purchases_date_idx').on(table.purchasedOn, table.id),
    index('purchases_status_idx').on(table.status, table.id),
    check('purchases_money_check', sql`${table.discount} >= 0 and ${table.shippingCost} >= 0 and ${table.paid} >= 0`),
    check('purchases_units_check', sql`${table.receivedUnits} <= ${table.units} and ${table.returnedUnits} <= ${table.receivedUnits}`),
  ],
);

/** One variant on a purchase. Received and returned units never exceed what was ordered and received. */
export const purchaseLines = pgTable(
  'purchase_lines',
  {
    id: serial('id').primaryKey(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitCost: money('unit_cost').notNull(),
    /** Unit cost with its share of shipping less its share of discount; frozen once a unit is received. */
    landedUnitCost: money('landed_unit_cost').notNull(),
    receivedQuantity: integer('received_quantity').notNull().default(0),
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    index('purchase_lines_purchase_idx').on(table.purchaseId, table.sortOrder),
    index('purchase_lines_variant_idx').on(table.variantId, table.purchaseId),
    check(
      'purchase_lines_quantity_check',
      sql`${table.quantity} > 0 and ${table.receivedQuantity} between 0 and ${table.quantity} and ${table.returnedQuantity} between 0 and ${table.receivedQuantity}`,
    ),
  ],
);

/** A goods-received note: some units of some lines arrived on a day. */
export const purchaseReceipts = pgTable(
  'purchase_receipts',
  {
    id: serial('id').primaryKey(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** What this receipt adds to what the shop owes the supplier. */
    value: money('value').notNull(),
    units: integer('units').notNull(),
    note: text('note').notNull().default(''),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('purchase_receipts_purchase_idx').on(table.purchaseId, table.id)],
);

export const purchaseReceiptLines = pgTable(
  'purchase_receipt_lines',
  {
    id: serial('id').primaryKey(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => purchaseReceipts.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => purchaseLines.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    landedUnitCost: money('landed_unit_cost').notNull(),
  },
  (table) => [
    index('purchase_receipt_lines_receipt_idx').on(table.receiptId),
    check('purchase_receipt_lines_quantity_check', sql`${table.quantity} > 0`),
  ],
);

/** Goods sent back to the supplier: lowers stock and what the shop owes. */
export const purchaseReturns = pgTable(
  'purchase_returns',
  {
    id: serial('id').primaryKey(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    returnedOn: date('returned_on', { mode: 'string' }).notNull(),
    value: money('value').notNull(),
    units: integer('units').notNull(),
    reason: text('reason').notNull().default(''),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('purchase_returns_purchase_idx').on(table.purchaseId, table.id)],
);

export const purchaseReturnLines = pgTable(
  'purchase_return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => purchaseReturns.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => purchaseLines.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    landedUnitCost: money('landed_unit_cost').notNull(),
    /** The part of the line's credit notes these units take back with them (decision 044): the return is worth less by it. */
    creditShare: money('credit_share').notNull().default(0),
  },
  (table) => [
    index('purchase_return_lines_return_idx').on(table.returnId),
    check('purchase_return_lines_quantity_check', sql`${table.quantity} > 0`),
  ],
);

/**
 * A supplier's credit note for a price, not goods (decision 044): it lowers what the shop owes and the
 * moving-average cost of the units still in stock. `stock_value_amount` is the part that lowered the
 * stock's value, `sold_amount` the part for units already sold (for cost of goods; no sale is rewritten).
 */
export const purchaseCreditNotes = pgTable(
  'purchase_credit_notes',
  {
    id: serial('id').primaryKey(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    creditedOn: date('credited_on', { mode: 'string' }).notNull(),
    /** The supplier's credit note number. */
    reference: text('reference').notNull(),
    reason: text('reason').notNull(),
    amount: money('amount').notNull(),
    stockValueAmount: money('stock_value_amount').notNull(),
    soldAmount: money('sold_amount').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('purchase_credit_notes_purchase_idx').on(table.purchaseId, table.id),
    check(
      'purchase_credit_notes_amount_check',
      sql`${table.amount} > 0 and ${table.stockValueAmount} >= 0 and ${table.soldAmount} >= 0 and ${table.stockValueAmount} + ${table.soldAmount} = ${table.amount}`,
    ),
  ],
);

/** A credit note's amount on one purchase line, with how it was split and the average cost it left. */
export const purchaseCreditNoteLines = pgTable(
  'purchase_credit_note_lines',
  {
    id: serial('id').primaryKey(),
    creditNoteId: integer('credit_note_id')
      .notNull()
      .references(() => purchaseCreditNotes.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => purchaseLines.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    stockValueAmount: money('stock_value_amount').notNull(),
    soldAmount: money('sold_amount').notNull(),
    /** Units of the line taken to be in stock when the note was recorded. */
    unitsOnHand: integer('units_on_hand').notNull(),
    averageCostBefore: money('average_cost_before').notNull(),
    averageCostAfter: money('average_cost_after').notNull(),
  },
  (table) => [
    index('purchase_credit_note_lines_note_idx').on(table.creditNoteId),
    index('purchase_credit_note_lines_line_idx').on(table.lineId),
    check(
      'purchase_credit_note_lines_amount_check',
      sql`${table.amount} > 0 and ${table.stockValueAmount} >= 0 and ${table.soldAmount} >= 0 and ${table.stockValueAmount} + ${table.soldAmount} = ${table.amount}`,
    ),
  ],
);

/** Money paid to a supplier, from the cash box, a bank or a mobile wallet; optionally against one purchase. */
export const supplierPayments = pgTable(
  'supplier_payments',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'restrict' }),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    method: text('method', { enum: SUPPLIER_PAYMENT_METHOD_VALUES }).notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('supplier_payments_supplier_idx').on(table.supplierId, table.paidOn),
    index('supplier_payments_purchase_idx').on(table.purchaseId),
    check('supplier_payments_amount_check', sql`${table.amount} > 0`),
  ],
);
