import { CALL_OUTCOMES, INCOMPLETE_STATUSES, type IncompleteLine } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { customers } from '../customers/customer.table';
import { cities, subCities } from '../locations/location.table';
import { orders } from '../orders/order.table';
import { resellers } from '../resellers/reseller.table';
import { admins } from '../staff/admin.table';
import { carts } from './cart.table';

/**
 * What a shopper typed at the checkout and the cart they had (decision 056): one open draft per cart,
 * saved again as they type; closed (converted) when the cart's checkout places the order, or when
 * staff convert it after a call. Unconverted drafts are removed some days after their last change.
 */
export const incompleteCheckouts = pgTable(
  'incomplete_checkouts',
  {
    id: serial('id').primaryKey(),
    /** The cart it was typed for; null once the cart is gone (a guest cart removed by age). */
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    /** The reseller whose shop it was typed in (their shop's cart lives in the browser: no cart); null = the storefront. */
    resellerId: integer('reseller_id').references(() => resellers.id, { onDelete: 'cascade' }),
    /** A shop draft's name: the shop's checkout page's idempotency key, which the order placed from that page carries. */
    draftKey: text('draft_key'),
    /** The signed-in shopper, when there was one: the order goes to their account. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull(),
    address: text('address').notNull().default(''),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    subCityId: integer('sub_city_id').references(() => subCities.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    coupon: text('coupon'),
    /** The cart's lines at the last save, with the price then (the order prices them again). */
    lines: jsonb('lines').$type<IncompleteLine[]>().notNull(),
    itemCount: integer('item_count').notNull(),
    subtotal: money('subtotal').notNull(),
    status: text('status', { enum: INCOMPLETE_STATUSES }).notNull().default('open'),
    /** The latest call's outcome and time, and how many calls: the list filters and sorts by them. */
    lastOutcome: text('last_outcome', { enum: CALL_OUTCOMES }),
    lastCalledAt: timestamp('last_called_at', { withTimezone: true }),
    callCount: integer('call_count').notNull().default(0),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Who converted it: null when the shopper placed the order themselves. */
    convertedBy: integer('converted_by').references(() => admins.id, { onDelete: 'set null' }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    /** The address the draft was first saved from (the per-address limit counts new drafts). */
    ip: text('ip'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('incomplete_checkouts_open_cart_unique').on(table.cartId).where(sql`${table.status} = 'open'`),
    uniqueIndex('incomplete_checkouts_open_shop_key_unique').on(table.resellerId, table.draftKey).where(sql`${table.status} = 'open'`),
    index('incomplete_checkouts_status_updated_idx').on(table.status, table.updatedAt),
    index('incomplete_checkouts_phone_idx').on(table.phone),
    check('incomplete_checkouts_item_count_check', sql`${table.itemCount} >= 0`),
  ],
);

/** One call back to an incomplete checkout: what it came to, a note, who called and when. */
export const incompleteCheckoutCalls = pgTable(
  'incomplete_checkout_calls',
  {
    id: serial('id').primaryKey(),
    checkoutId: integer('checkout_id')
      .notNull()
      .references(() => incompleteCheckouts.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: CALL_OUTCOMES }).notNull(),
    note: text('note').notNull().default(''),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The caller's name as it was (a removed admin's calls keep it). */
    adminName: text('admin_name'),
    calledAt: timestamp('called_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index('incomplete_checkout_calls_checkout_idx').on(table.checkoutId, table.calledAt)],
);
