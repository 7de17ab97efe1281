import {
  type DispatchScanInput,
  dispatchScanInput,
  dispatchUndoInput,
  type OrderStatusCode,
  orderStatusWord,
  returnScanInput,
  type ScannedParcel,
  type ScanResult,
} from '@haat/contracts';
import { eq } from 'drizzle-orm';
import { adminIdOf, type Ctx } from '../../context';
import { HttpError } from '../../http/errors';
import { courierSummary } from '../couriers';
import { assignDispatchCourier, findOrder, findOrderByNumber, findParcel, moveOrderStatus, type OrderRow, undoShipment } from '../orders';
import { orderReturnReceipts } from './order-scan.table';

const PROCESSING = 3;
const SHIPPED = 4;
const DELIVERED = 5;
const RETURNED = 6;
/** How long after a hand-over the one who scanned it may take it back (a parcel put on the wrong pile). */
export const DISPATCH_UNDO_WINDOW_MS = 15 * 60_000;

/** A refusal the desk shows in red: 409 with the reason under `code`. */
function refused(message: string): HttpError {
  return new HttpError(409, message, { code: [message] });
}

async function scannedOrder(ctx: Ctx, code: string): Promise<OrderRow> {
  const order = await findOrderByNumber(ctx.db, code);
  if (!order) {
    const message = `No order has the number ${code.trim().toUpperCase()}: check the barcode or type the number.`;
    throw new HttpError(404, message, { code: [message] });
  }
  return order;
}

/** The running list's row of one order, as it is now. */
async function parcelOf(ctx: Ctx, orderId: number): Promise<ScannedParcel> {
  const order = await findParcel(ctx.db, orderId);
  if (!order) throw new HttpError(404, 'The order was not found.');
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    customer_name: order.customerName,
    phone: order.customerPhone,
    address: [order.customerAddress, order.subCityName, order.cityName].filter(Boolean).join(', '),
    courier_id: order.courierId,
    courier_name: order.courierName,
    consignment_id: order.consignmentId,
    tracking_code: order.trackingCode,
    cod: Math.max(0, order.total - order.advancePaid),
    return_charge: order.returnCharge,
  };
}

/**
 * The dispatch desk's scan (`POST /api/admin/order-scan/dispatch`): the scanned order is handed to
 * the chosen courier — processing → shipped through moveOrderStatus, which books the consignment
 * when the courier's API is connected. An order without a courier gets this one first; one already
 * given this courier (or already booked with it) goes ahead. Refused with the reason: an order of
 * another courier, or in any status but processing. A repeated scan of an order already shipped with
 * this courier changes nothing and says so.
 */
export async function dispatchScan(ctx: Ctx, body: unknown): Promise<ScanResult> {
  const input: DispatchScanInput = dispatchScanInput.parse(body);
  const courier = await courierSummary(ctx.db, input.courier_id);
  if (!courier) throw new HttpError(422, 'Choose a courier from the list.', { courier_id: ['Choose a courier from the list.'] });
  if (courier.status !== 1) {
    const message = `${courier.name} is not active: choose an active courier.`;
    throw new HttpError(422, message, { courier_id: [message] });
  }
  const order = await scannedOrder(ctx, input.code);
  const already = async (): Promise<ScanResult> => ({
    result: 'already',
    message: `${order.number} was already handed to ${courier.name}.`,
    order: await parcelOf(ctx, order.id),
  });
  const otherCourier = async (courierId: number | null) => (await courierSummary(ctx.db, courierId))?.name ?? 'another courier';

  if (order.status === SHIPPED) {
    if (order.courierId === courier.id) return already();
    const other = await otherCourier(order.courierId);
    throw refused(`${order.number} was already handed to ${other}, not ${courier.name}.`);
  }
  if (order.status !== PROCESSING) {
    throw refused(
      `${order.number} is ${orderStatusWord(order.status as OrderStatusCode)}: only processing orders are handed to a courier.`,
    );
  }
  if (order.courierId !== null && order.courierId !== courier.id) {
    const other = await otherCourier(order.courierId);
    throw refused(
      `${order.number} is for ${other}, not ${courier.name}: put it on that courier's pile, or change its courier on the order.`,
    );
  }
  // Audited as a courier change of its own, then the move: the order view shows both. (Lost to a desk
  // that moved it first, the move below says so.)
  if (order.courierId === null) await assignDispatchCourier(ctx, order.id, courier.id);
  const result = await moveOrderStatus(ctx, {
    orderIds: [order.id],
    to: SHIPPED,
    note: `Dispatch scan: handed to ${courier.name}`,
    onlyFrom: [PROCESSING],
  });
  const [refusal] = result.refused;
  if (refusal) {
    // Scanned at two desks at once: the other one shipped it with this courier, which is what was asked.
    const now = await findOrder(ctx.db, order.id);
    if (now?.status === SHIPPED && now.courierId === courier.id) return already();
    throw refused(refusal.message);
  }
  return { result: 'handed_over', message: `${order.number} handed to ${courier.name}.`, order: await parcelOf(ctx, order.id) };
}

/**
 * Undo of the desk's last scan (`POST /api/admin/order-scan/dispatch/undo`): the order goes back to
 * processing when the same admin shipped it within the last 15 minutes and no consignment was
 * booked through a courier's API (orders' undoShipment says why not otherwise).
 */
export async function undoDispatchScan(ctx: Ctx, body: unknown): Promise<ScanResult> {
  const { order_id } = dispatchUndoInput.parse(body);
  const order = await undoShipment(ctx, order_id, { withinMs: DISPATCH_UNDO_WINDOW_MS, note: 'Dispatch scan undone' });
  return { result: 'handed_over', message: `${order.number} is back in processing.`, order: await parcelOf(ctx, order.id) };
}

/**
 * The returns check-in's scan (`POST /api/admin/order-scan/return`): a shipped or delivered order
 * moves to returned through moveOrderStatus (its stock restored, credits reversed, the return charge
 * its delivery charge, as every return), and the parcel is recorded as received. An order a courier's
 * tracking already marked returned (its stock restored then) is only recorded as received. The
 * receipt's primary key makes the check-in happen once: a second scan says "already received".
 */
export async function returnScan(ctx: Ctx, body: unknown): Promise<ScanResult> {
  const { code } = returnScanInput.parse(body);
  const order = await scannedOrder(ctx, code);
  let movedNow = false;
  if (order.status === SHIPPED || order.status === DELIVERED) {
    const result = await moveOrderStatus(ctx, {
      orderIds: [order.id],
      to: RETURNED,
      note: 'Returned parcel received (returns check-in)',
      onlyFrom: [SHIPPED, DELIVERED],
    });
    const [refusal] = result.refused;
    if (refusal) {
      const now = await findOrder(ctx.db, order.id);
      if (now?.status !== RETURNED) throw refused(refusal.message);
    } else movedNow = true;
  } else if (order.status !== RETURNED) {
    throw refused(
      `${order.number} is ${orderStatusWord(order.status as OrderStatusCode)}: only shipped or delivered orders come back as returns.`,
    );
  }
  const [receipt] = await ctx.db
    .insert(orderReturnReceipts)
    .values({ orderId: order.id, receivedAt: ctx.now, adminId: adminIdOf(ctx) })
    .onConflictDoNothing()
    .returning({ orderId: orderReturnReceipts.orderId });
  const parcel = await parcelOf(ctx, order.id);
  if (!receipt) {
    const [earlier] = await ctx.db
      .select({ receivedAt: orderReturnReceipts.receivedAt })
      .from(orderReturnReceipts)
      .where(eq(orderReturnReceipts.orderId, order.id));
    const at = earlier ? earlier.receivedAt.toISOString().slice(0, 16).replace('T', ' ') : '';
    return { result: 'already', message: `${order.number} was already received on ${at} UTC.`, order: parcel };
  }
  return {
    result: 'received',
    message: movedNow
      ? `${order.number} received: marked returned and its stock restored.`
      : `${order.number} received (its stock was restored when it was marked returned).`,
    order: parcel,
  };
}
