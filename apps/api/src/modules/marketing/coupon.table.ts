import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { customers } from '../customers/customer.table';

const money = (name: string) => bigint(name, { mode: 'number' });

/** A coupon code for the checkout: an amount or a percentage off an order, with its rules. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Always in capitals, so the unique index makes codes unique whatever their case. */
    code: text('code').notNull(),
    discountType: text('discount_type', { enum: ['percent', 'amount'] }).notNull(),
    percentOff: smallint('percent_off'),
    amountOff: money('amount_off'),
    /** For a percentage: the most one order gets off; null for no cap. */
    maxDiscount: money('max_discount'),
    minOrderTotal: money('min_order_total').notNull().default(0),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Null: no limit. */
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    forWebsite: boolean('for_website').notNull().default(true),
    forReseller: boolean('for_reseller').notNull().default(false),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('coupons_code_unique').on(table.code),
    check('coupons_code_upper_check', sql`${table.code} = upper(${table.code})`),
    check(
      'coupons_discount_check',
      sql`(${table.discountType} = 'percent' and ${table.percentOff} between 1 and 100) or (${table.discountType} = 'amount' and ${table.amountOff} > 0)`,
    ),
  ],
);

/**
 * One use of a coupon on an order, written by the checkout in the order's transaction
 * (recordCouponUse). The per-code and per-customer limits count these rows.
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'no action' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The buyer's mobile number (01XXXXXXXXX), so guests and resellers' customers count too. */
    phone: text('phone'),
    channel: text('channel', { enum: ['website', 'reseller'] }).notNull(),
    /** The order it was used on; the orders module fills it in. */
    orderId: integer('order_id'),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('coupon_uses_coupon_customer_idx').on(table.couponId, table.customerId),
    index('coupon_uses_coupon_phone_idx').on(table.couponId, table.phone),
  ],
);
