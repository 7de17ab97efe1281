import { index, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/** A factory that makes goods for the shop (tailoring, printing, packaging). */
export const factories = pgTable(
  'factories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contactPerson: text('contact_person').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('factories_name_idx').on(table.name)],
);
