import {
  COURIER_CSV_COLUMNS,
  COURIER_CSV_LAYOUTS,
  type CourierBulkBookInput,
  type CourierBulkBookResult,
  type CourierCsvLayout,
  courierBulkBookInput,
  idListParam,
} from '@haat/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../context';
import { toCsv } from '../../http/csv';
import { HttpError, invalid } from '../../http/errors';
import { taka } from '../../integrations/couriers/courier-provider';
import { findOrder, moveOrderStatus, orderParcel, ordersForCourierSheet } from '../orders';
import type { SettingsConfig } from '../settings';
import { setOrderCourier } from './courier.service';
import { couriers } from './courier.table';
import { courierConnections } from './courier-credentials.service';

/** Bookings at once: enough to hide a courier's answer time, few enough not to flood its API. */
const BOOKING_CONCURRENCY = 4;
/** Orders in one courier sheet. */
export const COURIER_SHEET_LIMIT = 2000;

/** Runs `work` on every item, at most `limit` at a time, answers in the items' order. */
async function eachBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(runners);
  return results;
}

/**
 * `POST /api/admin/courier/bulk-book` (decision 058): the selected orders in processing, each given
 * the courier and moved to shipped, which books its consignment through the courier's API (the same
 * booking as one order's). Every order has its result (booked with its consignment id, or the
 * courier's refusal); one refusal does not stop the others.
 */
export async function bulkBook(ctx: Ctx, config: SettingsConfig, body: CourierBulkBookInput): Promise<CourierBulkBookResult[]> {
  const input = courierBulkBookInput.parse(body);
  const [courier] = await ctx.db.select().from(couriers).where(eq(couriers.id, input.courier_id));
  if (!courier) throw invalid('courier_id', 'Choose a courier from the list.');
  if (courier.status !== 1) throw invalid('courier_id', `${courier.name} is not active: choose an active courier.`);
  const connected = (await courierConnections(ctx)).find((each) => each.code === courier.provider)?.connected;
  if (!connected) {
    throw invalid(
      'courier_id',
      `${courier.name} is not booked through a connected API: download its CSV for the courier's bulk upload instead.`,
    );
  }
  const ids = [...new Set(input.order_ids)];
  return eachBounded(ids, BOOKING_CONCURRENCY, async (orderId): Promise<CourierBulkBookResult> => {
    const result = (message: string, ok = false, number = ''): CourierBulkBookResult => ({
      order_id: orderId,
      order_number: number,
      ok,
      consignment_id: null,
      tracking_code: null,
      message,
    });
    const order = await findOrder(ctx.db, orderId);
    if (!order) return result(`Order #${orderId} does not exist.`);
    if (order.status !== 3)
      return result(`Order ${order.number} is not in processing: only orders in processing are booked.`, false, order.number);
    try {
      await setOrderCourier(ctx, config, orderId, { courier_id: courier.id });
      const moved = await moveOrderStatus(ctx, { orderIds: [orderId], to: 4, note: `Booked with ${courier.name}`, onlyFrom: [3] });
      if (moved.refused[0]) return result(moved.refused[0].message, false, order.number);
    } catch (error) {
      if (error instanceof HttpError) return result(error.message, false, order.number);
      throw error;
    }
    const booked = await findOrder(ctx.db, orderId);
    return {
      order_id: orderId,
      order_number: order.number,
      ok: true,
      consignment_id: booked?.consignmentId ?? null,
      tracking_code: booked?.trackingCode ?? null,
      message: `Booked with ${courier.name}: consignment ${booked?.consignmentId ?? '—'}.`,
    };
  });
}

export const courierSheetQuery = z.object({
  layout: z.enum(COURIER_CSV_LAYOUTS, { error: 'Choose steadfast or generic' }).default('generic'),
  order_ids: z.preprocess((value) => (value === '' ? undefined : value), idListParam.optional()),
  courier_id: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).max(2_147_483_647).optional()),
});

/**
 * `GET /api/admin/courier/sheet.csv` (decision 058): orders as a courier's bulk upload takes them,
 * for couriers without an API: the chosen orders, or a courier's orders in processing. Steadfast's
 * layout (Invoice, Name, Address, Phone, Amount, Note) or a generic one with city, area, items and
 * weight. Amounts in taka, phones as the 11 digits couriers want.
 */
export async function courierSheet(ctx: Ctx, query: Record<string, unknown>): Promise<{ csv: string; filename: string; rows: number }> {
  const parsed = courierSheetQuery.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(String(issue?.path[0] ?? 'layout'), issue?.message ?? 'Check the sheet options.');
  }
  const { layout, order_ids: orderIds, courier_id: courierId } = parsed.data;
  if (!orderIds?.length && !courierId) throw invalid('order_ids', 'Choose the orders, or a courier whose orders in processing to export.');
  const orders = await ordersForCourierSheet(ctx.db, { orderIds, courierId }, COURIER_SHEET_LIMIT);
  const columns = COURIER_CSV_COLUMNS[layout as CourierCsvLayout];
  const rows: Record<string, unknown>[] = [];
  for (const order of orders) {
    const phone = order.customerPhone.replace(/\D/g, '').replace(/^880/, '0');
    const values: Record<string, unknown> =
      layout === 'steadfast'
        ? {
            Invoice: order.number,
            Name: order.customerName,
            Address: order.customerAddress,
            Phone: phone,
            Amount: taka(order.due),
            Note: order.note,
          }
        : {
            Invoice: order.number,
            Name: order.customerName,
            Phone: phone,
            Address: order.customerAddress,
            City: order.city,
            Area: order.area,
            'COD Amount': taka(order.due),
            Items: order.items,
            'Weight (kg)': Math.round((await orderParcel(ctx.db, order.id)).weightKg * 100) / 100,
            Note: order.note,
          };
    rows.push(Object.fromEntries(columns.map((column) => [column, values[column]])));
  }
  const csv = rows.length ? toCsv(rows) : `${columns.join(',')}\r\n`;
  const day = ctx.now.toISOString().slice(0, 10);
  return { csv, filename: `courier-${layout}-${day}.csv`, rows: rows.length };
}
