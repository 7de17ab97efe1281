import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';

/**
 * A company is one of the owner's own businesses (`own`: assets, investments, directors — issue 19)
 * or a business that buys from us on credit (`buyer`: the company sales of `/admin/sale/company`).
 */
export const COMPANY_KINDS = ['buyer', 'own'] as const;

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: COMPANY_KINDS }).notNull().default('buyer'),
    name: text('name').notNull(),
    contactPerson: text('contact_person').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    /** What the company owed us (positive) or we owed it (negative) when it was added, in paisa. */
    openingBalance: money('opening_balance').notNull().default(0),
    /** The most it may owe us on credit, in paisa; 0 = no limit. */
    creditLimit: money('credit_limit').notNull().default(0),
    /** 1 active, 0 inactive (seed §9). */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('companies_kind_name_idx').on(table.kind, table.name, table.id),
    index('companies_phone_idx').on(table.phone),
    check('companies_status_check', sql`${table.status} in (0, 1)`),
    check('companies_credit_limit_check', sql`${table.creditLimit} >= 0`),
  ],
);
