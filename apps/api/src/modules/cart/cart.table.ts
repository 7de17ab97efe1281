import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { customers } from '../customers/customer.table';
import { productVariants } from '../products/product.table';

/**
 * A shopping cart kept on the server: a guest's, found by the SHA-256 of the random token in the
 * `haat_cart` cookie, or a signed-in customer's (one each). Signing in merges the first into the second.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('carts_token_unique').on(table.tokenHash),
    uniqueIndex('carts_customer_unique').on(table.customerId),
    // Guest carts nobody came back to are removed by age.
    index('carts_guest_updated_idx').on(table.updatedAt).where(sql`${table.customerId} is null`),
    check('carts_owner_check', sql`(${table.tokenHash} is null) <> (${table.customerId} is null)`),
  ],
);

/** A variant in a cart; prices are never stored here, they are worked out on every read. */
export const cartItems = pgTable(
  'cart_items',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.cartId, table.variantId] }),
    index('cart_items_variant_idx').on(table.variantId),
    check('cart_items_quantity_check', sql`${table.quantity} > 0`),
  ],
);
