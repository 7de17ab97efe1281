import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';

/** What a supplier sells us: finished goods (`/admin/supplier`) or fabric (`/admin/fabrics/supplier`). */
export const SUPPLIER_KINDS = ['goods', 'fabric'] as const;

/** Someone the shop buys from; what we owe them is their opening balance plus purchases, less payments and returns. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: SUPPLIER_KINDS }).notNull().default('goods'),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    /** What the shop owed the supplier (positive) or was owed (negative) when they were added, in paisa. */
    openingBalance: money('opening_balance').notNull().default(0),
    /** 1 active, 0 inactive (seed §9). */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('suppliers_kind_name_idx').on(table.kind, table.name, table.id),
    index('suppliers_phone_idx').on(table.phone),
    check('suppliers_status_check', sql`${table.status} in (0, 1)`),
  ],
);
