import {
  fromPaisa,
  ORDER_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  type OrderStatusCode,
  orderDescriptor,
  orderStatusCode,
  orderTypeField,
} from '@haat/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { createResource, likeContains } from '../../http/resource';
import { placeNames } from '../locations';
import { readSetting, SETTING_GROUPS } from '../settings';
import { adminNames } from '../staff';
import { orderLines, orders } from './order.table';
import { orderStatusCounts } from './order-status.table';

type Row = Record<string, unknown>;

const _day = z.iso.date({ error: 'Use a date like 2025-03-01' });

/** The start of a calendar day in the shop's time zone, as an instant. */
async function startOfDay(db: Db, date: string, plusDays = 0) {
  const { time_zone: zone } = await readSetting(db, SETTING_GROUPS.general);
  return sql`((${date}::date + ${plusDays}::int)::timestamp at time zone ${zone})`;
}

/** The views of a page of orders: the row, status and type words, place names and how many units. */
async function orderListViews(db: Db, rows: Row[]): Promise<Row[]> {
  const typed = rows as (typeof orders.$inferSelect)[];
  const ids = typed.map((row) => row.id);
  const units = ids.length
    ? await db
        .select({ orderId: orderLines.orderId, units: sql<number>`sum(${orderLines.quantity})::int`.mapWith(Number) })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .groupBy(orderLines.orderId)
    : [];
  const unitsOf = new Map(units.map((row) => [row.orderId, row.units]));
  const assignees = await adminNames(
    db,
    typed.map((row) => row.assignedAdminId),
  );
  const names = await placeNames(
    db,
    [...new Set(typed.map((row) => row.cityId))],
    [...new Set(typed.map((row) => row.subCityId).filter((id): id is number => id !== null))],
  );
  return typed.map((row) => ({
    id: row.id,
    number: row.number,
    type: row.type,
    type_label: ORDER_TYPE_LABELS[row.type],
    status: row.status,
    status_label: ORDER_STATUS_LABELS[row.status as OrderStatusCode],
    customer_id: row.customerId,
    reseller_id: row.resellerId,
    customer_name: row.customerName,
    phone: row.customerPhone,
    address: row.customerAddress,
    city_id: row.cityId,
    city_name: names.cities.get(row.cityId)?.name ?? null,
    sub_city_id: row.subCityId,
    sub_city_name: row.subCityId ? (names.subCities.get(row.subCityId)?.name ?? null) : null,
    item_count: unitsOf.get(row.id) ?? 0,
    subtotal: row.subtotal,
    delivery_charge: row.deliveryCharge,
    discount: row.discount,
    coupon_code: row.couponCode,
    advance_paid: row.advancePaid,
    total: row.total,
    payment_method: row.paymentMethod,
    payment_status: row.paymentStatus,
    source: row.source,
    note: row.note,
    placed_at: row.placedAt,
    updated_at: row.updatedAt,
    assigned_admin_id: row.assignedAdminId,
    assigned_admin_name: row.assignedAdminId === null ? null : (assignees.get(row.assignedAdminId) ?? null),
  }));
}

/**
 * The back office's order list (`GET /api/admin/orders`): search by number, phone or name; filters
 * by status, type, customer, payment method and placing dates (shop time zone). Orders are made by
 * placeOrder and moved by the order workflow, never saved through this resource.
 */
export const orderResource = createResource(orderDescriptor, {
  table: orders,
  id: orders.id,
  searchWhere: (q) => {
    const pattern = likeContains(q);
    const phone = q.replace(/[\s-]/g, '').replace(/^\+?88(?=01)/, '');
    return sql`(${orders.number} ilike ${pattern} or ${orders.customerPhone} like ${likeContains(phone)} or ${orders.customerName} ilike ${pattern})`;
  },
  // Without a search or other filters than status and type, the total is what the status tabs count
  // (order_status_counts, kept by triggers): counting 750,000 delivered orders for each page would not do.
  async total({ db }, query) {
    const filters = Object.entries(query).filter(([key, value]) => key.startsWith('filter[') && value !== '');
    if (String(query.q ?? '').trim() || filters.some(([key]) => key !== 'filter[status]' && key !== 'filter[type]')) return null;
    const status = query['filter[status]'] ? orderStatusCode.parse(query['filter[status]']) : null;
    const type = query['filter[type]'] ? orderTypeField.parse(query['filter[type]']) : null;
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${orderStatusCounts.count}), 0)`.mapWith(Number) })
      .from(orderStatusCounts)
      .where(and(status ? eq(orderStatusCounts.status, status) : undefined, type ? eq(orderStatusCounts.type, type) : undefined));
    return row?.n ?? 0;
  },
  sort: { id: orders.id, placed_at: orders.placedAt, total: orders.total, number: orders.number, status: orders.status },
  filters: {
    status: { column: orders.status },
    type: { column: orders.type },
    customer_id: { column: orders.customerId },
    payment_method: { column: orders.paymentMethod },
    placed_from: { where: async (value, { db }) => sql`${orders.placedAt} >= ${await startOfDay(db, value as string)}` },
    placed_to: { where: async (value, { db }) => sql`${orders.placedAt} < ${await startOfDay(db, value as string, 1)}` },
    assignee: { where: (value) => (value === 'none' ? isNull(orders.assignedAdminId) : eq(orders.assignedAdminId, value as number)) },
  },
  exportPermission: 'order.export',
  toValues() {
    throw new HttpError(405, 'Orders are placed at checkout or as phone orders, not saved here.');
  },
  toViews: ({ db }, rows) => orderListViews(db, rows),
  async toCsvRows({ db }, rows) {
    const views = await orderListViews(db, rows);
    return views.map((view) => ({
      Number: view.number,
      // The type's code (website, reseller…): what a spreadsheet filters on in any language.
      Type: view.type,
      Source: view.source ?? '',
      Status: view.status_label,
      'Placed at': (view.placed_at as Date).toISOString(),
      Customer: view.customer_name,
      Phone: view.phone,
      Address: view.address,
      City: view.city_name,
      Area: view.sub_city_name,
      Items: view.item_count,
      Subtotal: fromPaisa(view.subtotal as number),
      'Delivery charge': fromPaisa(view.delivery_charge as number),
      Discount: fromPaisa(view.discount as number),
      Total: fromPaisa(view.total as number),
      'Payment method': view.payment_method,
      'Payment status': view.payment_status,
      'Assigned to': view.assigned_admin_name ?? '',
    }));
  },
});
