import { FABRIC_LEDGER_KINDS, FABRIC_UNITS } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { factories } from '../content/factory.table';
import { suppliers } from '../purchasing/supplier.table';
import { admins } from '../staff/admin.table';

/**
 * A fabric the shop keeps (docs/decisions/035). Quantities are hundredths of the unit (12.5 m →
 * 1250). `stock` is kept in step with the ledger's sum, inside the transaction that writes the
 * ledger row, under this row's lock; it can never go below zero.
 */
export const fabrics = pgTable(
  'fabrics',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    colour: text('colour').notNull().default(''),
    fabricType: text('fabric_type').notNull().default(''),
    unit: text('unit', { enum: FABRIC_UNITS }).notNull().default('metre'),
    stock: integer('stock').notNull().default(0),
    /** What the stock in hand cost, in paisa: raised by purchases, lowered at the average price by issues. */
    stockCost: money('stock_cost').notNull().default(0),
    lowStockAt: integer('low_stock_at').notNull().default(0),
    notes: text('notes').notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('fabrics_name_idx').on(table.name),
    check('fabrics_stock_check', sql`${table.stock} >= 0 and ${table.stockCost} >= 0 and ${table.lowStockAt} >= 0`),
    check('fabrics_status_check', sql`${table.status} in (0, 1)`),
  ],
);

/** One fabric bought from a fabric supplier: what it cost, what was paid then, what is owed. */
export const fabricPurchases = pgTable(
  'fabric_purchases',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    fabricId: integer('fabric_id')
      .notNull()
      .references(() => fabrics.id, { onDelete: 'restrict' }),
    purchasedOn: date('purchased_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    total: money('total').notNull(),
    paid: money('paid').notNull().default(0),
    note: text('note').notNull().default(''),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('fabric_purchases_supplier_idx').on(table.supplierId, table.id),
    index('fabric_purchases_fabric_idx').on(table.fabricId, table.id),
    index('fabric_purchases_date_idx').on(table.purchasedOn, table.id),
    check(
      'fabric_purchases_amounts_check',
      sql`${table.quantity} > 0 and ${table.unitPrice} >= 0 and ${table.paid} >= 0 and ${table.paid} <= ${table.total}`,
    ),
  ],
);

/** Fabric handed to a factory to be made into goods. */
export const fabricIssues = pgTable(
  'fabric_issues',
  {
    id: serial('id').primaryKey(),
    factoryId: integer('factory_id')
      .notNull()
      .references(() => factories.id, { onDelete: 'restrict' }),
    fabricId: integer('fabric_id')
      .notNull()
      .references(() => fabrics.id, { onDelete: 'restrict' }),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    /** The stock's cost that left with it, at the average price of the moment. */
    cost: money('cost').notNull().default(0),
    note: text('note').notNull().default(''),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('fabric_issues_factory_idx').on(table.factoryId, table.id),
    index('fabric_issues_fabric_idx').on(table.fabricId, table.id),
    check('fabric_issues_quantity_check', sql`${table.quantity} > 0`),
  ],
);

/** Every change of a fabric's stock, one row each: the stock is the sum of its rows. */
export const fabricLedger = pgTable(
  'fabric_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fabricId: integer('fabric_id')
      .notNull()
      .references(() => fabrics.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: FABRIC_LEDGER_KINDS }).notNull(),
    /** Signed hundredths of the unit. */
    quantity: integer('quantity').notNull(),
    purchaseId: integer('purchase_id').references(() => fabricPurchases.id, { onDelete: 'restrict' }),
    issueId: integer('issue_id').references(() => fabricIssues.id, { onDelete: 'restrict' }),
    note: text('note').notNull().default(''),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index('fabric_ledger_fabric_idx').on(table.fabricId, table.id),
    check('fabric_ledger_quantity_check', sql`${table.quantity} <> 0`),
  ],
);
