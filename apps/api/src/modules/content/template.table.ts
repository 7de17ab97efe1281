import { TEMPLATE_EVENT_NAMES, TEMPLATE_KINDS } from '@haat/contracts';
import { index, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/** An invoice, SMS or e-mail text with {{placeholders}}; one per event the shop sends by itself. */
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: TEMPLATE_KINDS }).notNull(),
    event: text('event', { enum: TEMPLATE_EVENT_NAMES }),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('templates_event_unique').on(table.event), index('templates_kind_idx').on(table.kind, table.name)],
);
