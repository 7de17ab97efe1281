import { ORDER_TYPES, PAYMENT_PURPOSES, PAYMENT_STATUSES } from '@haat/contracts';
import { desc, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { couriers } from '../couriers/courier.table';
import { customers } from '../customers/customer.table';
import { cities, subCities } from '../locations/location.table';
import { products, productVariants } from '../products/product.table';
import { admins } from '../staff/admin.table';

/** Order numbers people read out on the phone: "HB-100245". */
export const ORDER_NUMBER_PREFIX = 'HB-';
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 100001 });

/**
 * An order of any channel (PRODUCT.md §3). The customer's name, phone and address are copied at
 * placement, so a later change of the customer's profile does not rewrite what was delivered where.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    type: text('type', { enum: ORDER_TYPES }).notNull(),
    /** 1–8, see ORDER_STATUSES; placed as 1 (pending). */
    status: smallint('status').notNull().default(1),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    /** The reseller whose order this is (the resellers issue fills it in). */
    resellerId: integer('reseller_id'),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerAddress: text('customer_address').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    subCityId: integer('sub_city_id').references(() => subCities.id, { onDelete: 'restrict' }),
    subtotal: money('subtotal').notNull(),
    deliveryCharge: money('delivery_charge').notNull(),
    discount: money('discount').notNull().default(0),
    couponCode: text('coupon_code'),
    advancePaid: money('advance_paid').notNull().default(0),
    /** subtotal + delivery charge − discount (− an exchange's credit); what the customer pays (advance included). */
    total: money('total').notNull(),
    paymentMethod: text('payment_method').notNull().default('cod'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    /**
     * Online payment (decision 062): what the shopper chose to pay online (the whole order or its delivery
     * charge; null for cash on delivery), until when the stock is held for it (null once paid or when nothing
     * is awaited), and how much of `advance_paid` came through a gateway and was booked then (customer advances).
     */
    paymentPurpose: text('payment_purpose', { enum: PAYMENT_PURPOSES }),
    paymentDueBy: timestamp('payment_due_by', { withTimezone: true }),
    paidOnline: money('paid_online').notNull().default(0),
    /** Where the order came from (website, Facebook, phone…). */
    source: text('source'),
    note: text('note').notNull().default(''),
    /** The courier it was handed to (couriers module), with the courier's own ids and status. */
    courierId: integer('courier_id').references(() => couriers.id, { onDelete: 'restrict' }),
    consignmentId: text('consignment_id'),
    trackingCode: text('tracking_code'),
    /** The courier's status word as it answered it (e.g. Steadfast's `in_review`), beside our `status`. */
    courierStatus: text('courier_status'),
    courierCheckedAt: timestamp('courier_checked_at', { withTimezone: true }),
    /** What the return cost the shop (paisa), set when the order moves to 6 (returned); reseller credits reverse with it. */
    returnCharge: money('return_charge'),
    /** An exchange (type `exchange`): the earlier order whose returned lines it replaces (order_exchange_returns). */
    exchangeOfOrderId: integer('exchange_of_order_id').references((): AnyPgColumn => orders.id, { onDelete: 'restrict' }),
    /** An exchange: what the returned lines were worth, taken off the total (at most subtotal + delivery − discount). */
    exchangeCredit: money('exchange_credit').notNull().default(0),
    /**
     * What became owed to the customer on this order (decision 054): the advance (or payment) of an order that
     * came back or was cancelled, an exchange's credit its order did not use. order_refunds says what was done.
     */
    refundOwed: money('refund_owed').notNull().default(0),
    /**
     * A repeated submit with the same key (within its scope: a customer, a guest cart, an admin)
     * answers the order it made instead of making another.
     */
    idempotencyScope: text('idempotency_scope'),
    idempotencyKey: text('idempotency_key'),
    placedAt: timestamp('placed_at', { withTimezone: true }).defaultNow().notNull(),
    /** The staff member the order is with (order assignment, decision 057), and since when. */
    assignedAdminId: integer('assigned_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('orders_number_unique').on(table.number),
    uniqueIndex('orders_idempotency_unique')
      .on(table.idempotencyScope, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('orders_status_idx').on(table.status, table.id),
    index('orders_type_status_idx').on(table.type, table.status, table.id),
    // The lists' newest first (placed_at, then id) within a status, and within a type and status: any page is an index walk.
    index('orders_status_placed_idx').on(table.status, table.placedAt, table.id),
    index('orders_type_status_placed_idx').on(table.type, table.status, table.placedAt, table.id),
    index('orders_customer_idx').on(table.customerId, table.id),
    index('orders_reseller_status_idx').on(table.resellerId, table.status, table.placedAt, table.id),
    index('orders_phone_idx').on(table.customerPhone, table.id),
    // A phone's orders by outcome (decision 055): counted from the index alone.
    index('orders_phone_status_idx').on(table.customerPhone, table.status),
    // The list's search (number, phone, name: any part of them), usable together with the status filter.
    index('orders_number_trgm_idx').using('gin', sql`${table.number} gin_trgm_ops`),
    index('orders_customer_phone_trgm_idx').using('gin', sql`${table.customerPhone} gin_trgm_ops`),
    index('orders_customer_name_trgm_idx').using('gin', sql`${table.customerName} gin_trgm_ops`),
    index('orders_placed_at_idx').on(table.placedAt),
    index('orders_courier_idx').on(table.courierId, table.status),
    // A staff member's queue ("My orders") within a status, newest first: an index walk.
    index('orders_assignee_queue_idx').on(table.assignedAdminId, table.status, table.placedAt, table.id),
    // A courier's status push finds its order by consignment id (decision 058).
    index('orders_consignment_idx').on(table.consignmentId),
    // Orders whose online payment is awaited, by when their held stock is released (the expiry job's walk).
    index('orders_payment_due_idx').on(table.paymentDueBy).where(sql`${table.paymentDueBy} is not null`),
    check('orders_status_check', sql`${table.status} between 1 and 8`),
    check(
      'orders_money_check',
      sql`${table.subtotal} >= 0 and ${table.deliveryCharge} >= 0 and ${table.discount} >= 0 and ${table.advancePaid} >= 0 and ${table.total} >= 0`,
    ),
  ],
);

/**
 * Newest first, as every list of orders reads by default: by the time of placing, the id breaking ties
 * (orders of one batch share their time). Seeds and imports may place orders back-dated, so the id alone
 * does not tell.
 */
export const newestOrdersFirst = [desc(orders.placedAt), desc(orders.id)] as const;

/** What was bought, at the prices of the moment (names copied so the order reads the same later). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    variantLabel: text('variant_label').notNull().default(''),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    wholesalePrice: money('wholesale_price').notNull(),
    /**
     * The cost of one unit when the line was written (placed, or added or changed by an edit): the
     * variant's moving-average cost, else the product's purchase cost (variantCostSql). Every profit
     * figure reads it, never today's cost (decision 038).
     */
    purchaseCost: money('purchase_cost').notNull(),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    index('order_lines_product_idx').on(table.productId),
    index('order_lines_variant_idx').on(table.variantId),
    check('order_lines_quantity_check', sql`${table.quantity} > 0`),
    check('order_lines_money_check', sql`${table.unitPrice} >= 0 and ${table.wholesalePrice} >= 0 and ${table.purchaseCost} >= 0`),
  ],
);

/** Every status an order took, who moved it and why; the first row is its placement (from null). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    adminId: integer('admin_id'),
    /** Who moved it (context.ts ActorKind): a shopper cancelling their own order is not staff. Null on rows from before. */
    actorKind: text('actor_kind', { enum: ['admin', 'reseller', 'merchant', 'customer', 'system'] }),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index('order_status_history_order_idx').on(table.orderId, table.id),
    // The reports: deliveries in a date range, moves in a range, one admin's moves.
    index('order_status_history_to_at_idx').on(table.toStatus, table.at),
    index('order_status_history_at_idx').on(table.at),
    index('order_status_history_admin_at_idx').on(table.adminId, table.at),
  ],
);

/** Order-tracking lookups that found nothing, per address, for the rate limit. */
export const orderTrackingMisses = pgTable(
  'order_tracking_misses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index('order_tracking_misses_ip_idx').on(table.ip, table.at)],
);
