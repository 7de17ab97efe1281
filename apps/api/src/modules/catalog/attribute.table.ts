import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/** A kind of choice a product can vary by: Size, Colour, Storage… */
export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('attributes_name_unique').on(table.name)],
);

/**
 * One value of an attribute (the seed's "variant" screens): M, XL, Red, 128 GB… A product variant
 * is a combination of these.
 */
export const attributeValues = pgTable(
  'attribute_values',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'restrict' }),
    value: text('value').notNull(),
    colorHex: text('color_hex'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('attribute_values_unique').on(table.attributeId, table.value),
    index('attribute_values_attribute_idx').on(table.attributeId, table.sortOrder),
  ],
);
