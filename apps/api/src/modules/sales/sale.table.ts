import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { productVariants } from '../products/product.table';
import { admins } from '../staff/admin.table';

export const SALE_PAYMENT_METHODS = ['cash', 'card', 'bkash', 'nagad', 'rocket'] as const;

/** A sale made at the shop's counter (decision 036): paid at once, stock out at once. */
export const counterSales = pgTable(
  'counter_sales',
  {
    id: serial('id').primaryKey(),
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
    check('counter_sales_money_check', sql`${table.total} >= 0 and ${table.paid} >= ${table.total} and ${table.changeGiven} >= 0`),
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
  },
  (table) => [
    index('counter_sale_payments_sale_idx').on(table.saleId),
    check('counter_sale_payments_amount_check', sql`${table.amount} > 0`),
  ],
);
