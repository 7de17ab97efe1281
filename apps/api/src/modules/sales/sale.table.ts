import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { companies } from '../companies/company.table';
import { productVariants } from '../products/product.table';
import { suppliers } from '../purchasing/supplier.table';
import { admins } from '../staff/admin.table';

/** `bank`: a bank transfer, for company sales (decision 039). */
export const SALE_PAYMENT_METHODS = ['cash', 'card', 'bkash', 'nagad', 'rocket', 'bank'] as const;

/**
 * `counter`: paid at once at the counter (decision 036). `company`: to a company or a supplier on
 * credit, paid in parts later. `exchange`: items back in and items out at the counter, the
 * difference paid (`total`) or refunded (`refunded`).
 */
export const SALE_KINDS = ['counter', 'company', 'exchange'] as const;

/** A line going out to the buyer, or coming back in an exchange. */
export const SALE_LINE_DIRECTIONS = ['out', 'in'] as const;

/** A sale made at the shop's counter (decision 036): paid at once, stock out at once. */
export const counterSales = pgTable(
  'counter_sales',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: SALE_KINDS }).notNull().default('counter'),
    /** The buyer of a company sale: a company, or one of our suppliers (never both). */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    /** When a company sale's due should be paid. */
    dueDate: date('due_date', { mode: 'string' }),
    customerName: text('customer_name').notNull().default(''),
    customerPhone: text('customer_phone').notNull().default(''),
    note: text('note').notNull().default(''),
    /** The lines' totals after their own discounts. */
    subtotal: money('subtotal').notNull(),
    /** The discount on the whole sale. */
    discount: money('discount').notNull().default(0),
    total: money('total').notNull(),
    /** What was handed over, in every method. */
    paid: money('paid').notNull(),
    changeGiven: money('change_given').notNull().default(0),
    /** What an exchange paid back to the customer (the items returned were worth more). */
    refunded: money('refunded').notNull().default(0),
    /** The lines' cost at the time of sale (their recorded unit costs × quantities). */
    cost: money('cost').notNull().default(0),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('counter_sales_sold_at_idx').on(table.soldAt, table.id),
    index('counter_sales_phone_idx').on(table.customerPhone),
    index('counter_sales_kind_idx').on(table.kind, table.soldAt, table.id),
    index('counter_sales_company_idx').on(table.companyId),
    index('counter_sales_supplier_idx').on(table.supplierId),
    check(
      'counter_sales_money_check',
      // A buyer's sale (a company sale or its exchange, decision 040) may be paid later; the rest at once.
      sql`${table.total} >= 0 and ${table.changeGiven} >= 0 and ${table.refunded} >= 0 and (num_nonnulls(${table.companyId}, ${table.supplierId}) = 1 or ${table.paid} >= ${table.total})`,
    ),
    check(
      'counter_sales_buyer_check',
      // A company sale has one buyer, a counter sale none; an exchange has its earlier sale's (or none).
      sql`(${table.kind} <> 'company' or num_nonnulls(${table.companyId}, ${table.supplierId}) = 1) and (${table.kind} <> 'counter' or num_nonnulls(${table.companyId}, ${table.supplierId}) = 0) and num_nonnulls(${table.companyId}, ${table.supplierId}) <= 1`,
    ),
  ],
);

export const counterSaleLines = pgTable(
  'counter_sale_lines',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => counterSales.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'restrict' }),
    /** `in`: a line coming back in an exchange (stock up); its total is taken off the sale's. */
    direction: text('direction', { enum: SALE_LINE_DIRECTIONS }).notNull().default('out'),
    /** The counter sale an exchanged-in line was first sold on, when known. */
    returnOfSaleId: integer('return_of_sale_id'),
    /** The names as they were sold: a receipt reprinted later reads the same. */
    productName: text('product_name').notNull(),
    variantLabel: text('variant_label').notNull().default(''),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    discount: money('discount').notNull().default(0),
    /** One unit's cost when it was sold (moving-average cost): profit is figured with it. */
    unitCost: money('unit_cost').notNull(),
    lineTotal: money('line_total').notNull(),
  },
  (table) => [
    index('counter_sale_lines_sale_idx').on(table.saleId, table.id),
    index('counter_sale_lines_variant_idx').on(table.variantId),
    check('counter_sale_lines_quantity_check', sql`${table.quantity} > 0`),
  ],
);

export const counterSalePayments = pgTable(
  'counter_sale_payments',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => counterSales.id, { onDelete: 'cascade' }),
    method: text('method', { enum: SALE_PAYMENT_METHODS }).notNull(),
    amount: money('amount').notNull(),
    reference: text('reference').notNull().default(''),
    /** A company sale is paid in parts: each payment has its own date and cashier. */
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
  },
  (table) => [
    index('counter_sale_payments_sale_idx').on(table.saleId),
    check('counter_sale_payments_amount_check', sql`${table.amount} > 0`),
  ],
);
