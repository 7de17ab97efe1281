import {
  type CourierProviderCode,
  type CourierStatusOverrides,
  type OrderCourier,
  type OrderCourierChoice,
  type OrderCourierInput,
  orderCourierInput,
  trackingLink,
} from '@haat/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import { CourierError } from '../../integrations/couriers/courier-provider';
import { normalCourierStatus } from '../../integrations/couriers/courier-status';
import { recordAudit } from '../audit';
import {
  findOrder,
  moveOrderStatus,
  type OrderRow,
  orderParcel,
  orderWithConsignment,
  type ShipmentOutcome,
  shippedOrdersWith,
  updateOrderCourier,
} from '../orders';
import type { SettingsConfig } from '../settings';
import { couriers } from './courier.table';
import { connectedProvider, courierConnections, isProviderCode } from './courier-credentials.service';
import { closeReviewsOf, decideCourierStatus, openReview } from './courier-review.service';
import { courierStatusOverrides } from './courier-status-map.service';

type CourierRow = typeof couriers.$inferSelect;

/** Orders whose courier may still be chosen: until they are delivered, returned or cancelled. */
const COURIER_CHANGEABLE = [1, 2, 3, 4];
const SHIPPED = 4;

async function findCourier(db: Db, courierId: number | null): Promise<CourierRow | null> {
  if (!courierId) return null;
  const [courier] = await db.select().from(couriers).where(eq(couriers.id, courierId));
  return courier ?? null;
}

/** The courier's API client when the courier is booked through a connected API; null when by hand. */
async function apiOf(ctx: Ctx, config: SettingsConfig, courier: CourierRow | null, timeoutMs?: number) {
  if (!courier || !isProviderCode(courier.provider)) return null;
  return connectedProvider(ctx, config, courier.provider as CourierProviderCode, timeoutMs);
}

/**
 * The shipment booker (order-events.ts): when an order moves to shipped, book its consignment with
 * its courier's API. No courier, or one booked by hand (or whose API is not connected): skipped.
 * The cash to collect is the total less the advance paid. A courier's refusal, a timeout or an
 * unreachable courier is a failure in the courier's words, and the order stays in processing.
 */
export async function bookShipment(ctx: Ctx, config: SettingsConfig, order: OrderRow, timeoutMs?: number): Promise<ShipmentOutcome> {
  const courier = await findCourier(ctx.db, order.courierId);
  if (!courier) return { kind: 'skipped' };
  // Booked before (a move that failed after booking is tried again): never book the parcel twice.
  if (order.consignmentId) {
    return {
      kind: 'booked',
      courierId: courier.id,
      consignmentId: order.consignmentId,
      trackingCode: order.trackingCode ?? order.consignmentId,
      courierStatus: order.courierStatus ?? '',
    };
  }
  const api = await apiOf(ctx, config, courier, timeoutMs);
  if (!api) return { kind: 'skipped' };
  const parcel = await orderParcel(ctx.db, order.id);
  try {
    const consignment = await api.createConsignment({
      invoice: order.number,
      recipientName: order.customerName,
      recipientPhone: order.customerPhone,
      recipientAddress: order.customerAddress,
      codAmount: Math.max(0, order.total - order.advancePaid),
      note: order.note,
      quantity: parcel.quantity,
      ...(parcel.weightKg > 0 ? { weightKg: parcel.weightKg } : {}),
    });
    return {
      kind: 'booked',
      courierId: courier.id,
      consignmentId: consignment.consignmentId,
      trackingCode: consignment.trackingCode || consignment.consignmentId,
      courierStatus: consignment.status,
    };
  } catch (error) {
    if (error instanceof CourierError) return { kind: 'failed', message: `${courier.name}: ${error.message}` };
    throw error;
  }
}

/** The couriers an order may be given: the active ones, and whether each is booked through a connected API. */
export async function courierChoices(ctx: Ctx): Promise<OrderCourierChoice[]> {
  const connected = new Set((await courierConnections(ctx)).filter((each) => each.connected).map((each) => each.code as string));
  const rows = await ctx.db
    .select({ id: couriers.id, name: couriers.name, provider: couriers.provider })
    .from(couriers)
    .where(eq(couriers.status, 1))
    .orderBy(asc(couriers.name));
  return rows.map((row) => ({ ...row, connected: connected.has(row.provider) }));
}

/** The courier panel of the order view. */
export async function orderCourier(ctx: Ctx, orderId: number): Promise<OrderCourier> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw notFound('The order');
  const courier = await findCourier(ctx.db, order.courierId);
  const connections = await courierConnections(ctx);
  const connected = Boolean(courier && connections.find((connection) => connection.code === courier.provider)?.connected);
  return {
    order_id: order.id,
    status: order.status,
    courier_id: order.courierId,
    courier_name: courier?.name ?? null,
    provider: courier?.provider ?? null,
    connected,
    consignment_id: order.consignmentId,
    tracking_code: order.trackingCode,
    tracking_url: trackingLink(courier?.trackingUrl, order.trackingCode),
    courier_status: order.courierStatus,
    courier_checked_at: order.courierCheckedAt ? order.courierCheckedAt.toISOString() : null,
  };
}

/**
 * `PUT /api/admin/orders/:id/courier`: who carries the order. A tracking code is entered only for
 * a courier booked by hand; a courier with a connected API gives its own when the order ships.
 * Once a consignment is booked the courier cannot change.
 */
export async function setOrderCourier(ctx: Ctx, config: SettingsConfig, orderId: number, body: OrderCourierInput): Promise<OrderCourier> {
  const input = orderCourierInput.parse(body);
  await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const order = await findOrder(tx, orderId, { lock: true });
    if (!order) throw notFound('The order');
    if (!COURIER_CHANGEABLE.includes(order.status)) {
      throw new HttpError(409, `Order ${order.number} is no longer with a courier: its courier cannot change.`);
    }
    const courier = await findCourier(tx, input.courier_id);
    if (input.courier_id && !courier) throw invalid('courier_id', 'Choose a courier from the list.');
    if (courier && courier.status !== 1 && courier.id !== order.courierId)
      throw invalid('courier_id', `${courier.name} is not active: choose an active courier.`);
    if (order.consignmentId && courier?.id !== order.courierId) {
      throw new HttpError(
        409,
        `Order ${order.number} is booked with its courier (consignment ${order.consignmentId}): its courier cannot change.`,
      );
    }
    const api = await apiOf(txCtx, config, courier);
    if (api && input.tracking_code && input.tracking_code !== (order.trackingCode ?? '')) {
      throw invalid('tracking_code', `${courier?.name} gives the tracking code when the parcel is booked.`);
    }
    if (!courier && input.tracking_code) throw invalid('courier_id', 'Choose the courier this tracking code belongs to.');
    const trackingCode = order.consignmentId ? order.trackingCode : api ? null : input.tracking_code || null;
    if (order.courierId === (courier?.id ?? null) && order.trackingCode === trackingCode) return;
    await updateOrderCourier(tx, orderId, {
      courierId: courier?.id ?? null,
      trackingCode,
      // A new courier's status is its own: the last one's no longer applies.
      ...(order.courierId !== (courier?.id ?? null) ? { courierStatus: null, courierCheckedAt: null } : {}),
      updatedAt: txCtx.now,
    });
    await recordAudit(txCtx, {
      action: 'update',
      entity: 'order',
      entityId: orderId,
      changes: {
        ...(order.courierId !== (courier?.id ?? null) ? { courier_id: { before: order.courierId, after: courier?.id ?? null } } : {}),
        ...(order.trackingCode !== trackingCode ? { tracking_code: { before: order.trackingCode, after: trackingCode } } : {}),
      },
    });
  });
  return orderCourier(ctx, orderId);
}

interface Checked {
  orderId: number;
  provider: CourierProviderCode;
  courierStatus: string;
  /** What the courier says it collected (a webhook's amount), and what the order was to collect. */
  collected?: number | null;
  due?: number;
}

export interface TrackingRun {
  /** Orders whose courier answered. */
  checked: number;
  moved: number[];
  /** Orders whose courier status waits for a person (decision 058). */
  reviewed: number[];
  /** Orders the courier could not tell about, or that could not move, and why. */
  failed: { orderId: number; message: string }[];
}

/**
 * Writes what the couriers answered and settles shipped orders by the status mapping (decision
 * 058): delivered → 5, returned → 6, ambiguous ones to the review queue. `shipped` lists the orders
 * still in shipped (only those move or wait for review).
 */
async function settle(
  ctx: Ctx,
  answers: Checked[],
  failed: TrackingRun['failed'],
  shipped: ReadonlySet<number>,
  knownOverrides?: CourierStatusOverrides,
): Promise<{ moved: number[]; reviewed: number[]; movedTo: Map<number, number> }> {
  const { db, now } = ctx;
  for (const answer of answers) {
    await updateOrderCourier(db, answer.orderId, { courierStatus: answer.courierStatus, courierCheckedAt: now });
  }
  const overrides = knownOverrides ?? (answers.some((answer) => shipped.has(answer.orderId)) ? await courierStatusOverrides(ctx) : {});
  // One move per target status and courier word, so each timeline note says what the courier said.
  const groups = new Map<string, { to: 5 | 6; note: string; orderIds: number[] }>();
  const reviewed: number[] = [];
  for (const answer of answers) {
    if (!shipped.has(answer.orderId)) continue;
    const decision = decideCourierStatus(answer.provider, answer.courierStatus, overrides, answer.collected ?? null, answer.due ?? 0);
    if (decision.kind === 'review') {
      await openReview(ctx, {
        orderId: answer.orderId,
        provider: answer.provider,
        courierStatus: answer.courierStatus,
        reason: decision.reason,
        collected: answer.collected ?? null,
        due: answer.due ?? 0,
      });
      reviewed.push(answer.orderId);
      continue;
    }
    if (decision.kind !== 'move') continue;
    const note = `Courier: ${answer.courierStatus.replace(/_/g, ' ')}`;
    const key = `${decision.to}|${note}`;
    const group = groups.get(key) ?? { to: decision.to, note, orderIds: [] };
    group.orderIds.push(answer.orderId);
    groups.set(key, group);
  }
  const moved: number[] = [];
  const movedTo = new Map<number, number>();
  for (const group of groups.values()) {
    // The admin who asked for a refresh moves the order; the tracking job moves it as the system.
    const result = await moveOrderStatus(ctx, {
      orderIds: group.orderIds,
      to: group.to,
      note: group.note,
    });
    moved.push(...result.moved);
    for (const id of result.moved) movedTo.set(id, group.to);
    await closeReviewsOf(ctx, result.moved, group.to, group.note);
    for (const refusal of result.refused) failed.push({ orderId: refusal.id, message: refusal.message });
  }
  return { moved, reviewed, movedTo };
}

/**
 * "Refresh tracking" on one order: asks its courier for the consignment's status, keeps it, and
 * moves a shipped order to delivered or returned when that is what the courier says.
 */
export async function refreshOrderTracking(ctx: Ctx, config: SettingsConfig, orderId: number) {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw notFound('The order');
  const courier = await findCourier(ctx.db, order.courierId);
  if (!courier) throw new HttpError(409, `Order ${order.number} has no courier: choose one first.`);
  if (!order.consignmentId)
    throw new HttpError(409, `Order ${order.number} is not booked with ${courier.name}: there is nothing to track yet.`);
  const api = await apiOf(ctx, config, courier);
  if (!api) throw new HttpError(409, `${courier.name} is not connected through its API: its tracking is followed by hand.`);
  let status: string;
  try {
    status = normalCourierStatus(await api.status(order.consignmentId));
  } catch (error) {
    if (error instanceof CourierError) throw new HttpError(502, `${courier.name}: ${error.message}`);
    throw error;
  }
  const failed: TrackingRun['failed'] = [];
  const provider = courier.provider as CourierProviderCode;
  const { moved, reviewed } = await inTransaction(ctx, async (tx) => {
    const done = await settle(
      tx,
      [{ orderId, provider, courierStatus: status }],
      failed,
      new Set(order.status === SHIPPED ? [orderId] : []),
    );
    if (order.courierStatus !== status) {
      await recordAudit(tx, {
        action: 'courier.refresh',
        entity: 'order',
        entityId: orderId,
        changes: { courier_status: { before: order.courierStatus, after: status } },
      });
    }
    return done;
  });
  return {
    courier: await orderCourier(ctx, orderId),
    moved: moved.includes(orderId),
    review: reviewed.includes(orderId),
    refused: failed[0]?.message ?? null,
  };
}

/**
 * The periodic job's work: shipped orders booked with a connected courier, least recently checked
 * first, asked for their status; delivered and returned ones move. One courier's failure is noted
 * for its orders and does not stop the others.
 */
export async function trackShippedOrders(ctx: Ctx, config: SettingsConfig, options: { limit?: number } = {}): Promise<TrackingRun> {
  const connected = (await courierConnections(ctx)).filter((connection) => connection.connected).map((connection) => connection.code);
  const run: TrackingRun = { checked: 0, moved: [], reviewed: [], failed: [] };
  if (connected.length === 0) return run;
  const connectedCouriers = new Map(
    (await ctx.db.select().from(couriers).where(inArray(couriers.provider, connected))).map((courier) => [courier.id, courier]),
  );
  const shipped = (await shippedOrdersWith(ctx.db, [...connectedCouriers.keys()], options.limit ?? 200)).flatMap((order) => {
    const courier = order.courierId === null ? undefined : connectedCouriers.get(order.courierId);
    return courier ? [{ id: order.id, consignmentId: order.consignmentId, courier }] : [];
  });
  const apis = new Map<number, Awaited<ReturnType<typeof apiOf>>>();
  const answers: Checked[] = [];
  for (const order of shipped) {
    if (!apis.has(order.courier.id)) apis.set(order.courier.id, await apiOf(ctx, config, order.courier));
    const api = apis.get(order.courier.id);
    if (!api || !order.consignmentId) continue;
    try {
      answers.push({
        orderId: order.id,
        provider: order.courier.provider as CourierProviderCode,
        courierStatus: normalCourierStatus(await api.status(order.consignmentId)),
      });
    } catch (error) {
      if (!(error instanceof CourierError)) throw error;
      run.failed.push({ orderId: order.id, message: `${order.courier.name}: ${error.message}` });
      // A courier that cannot be reached now is not asked about each of its other orders in this run.
      if (error.kind === 'timeout' || error.kind === 'unreachable' || error.kind === 'credentials') apis.set(order.courier.id, null);
    }
  }
  run.checked = answers.length;
  const settled = await settle(ctx, answers, run.failed, new Set(shipped.map((order) => order.id)));
  run.moved = settled.moved;
  run.reviewed = settled.reviewed;
  return run;
}

/** The order a courier's consignment belongs to (with its courier of this provider), or null. */
export async function orderOfConsignment(ctx: Ctx, provider: CourierProviderCode, consignmentId: string) {
  const ofProvider = await ctx.db.select({ id: couriers.id }).from(couriers).where(eq(couriers.provider, provider));
  return orderWithConsignment(
    ctx.db,
    consignmentId,
    ofProvider.map((courier) => courier.id),
  );
}

export type CourierUpdateResult =
  | { kind: 'moved'; to: number }
  | { kind: 'review' }
  | { kind: 'kept' }
  | { kind: 'refused'; message: string };

/**
 * A courier's word about one order (a webhook's), through the same path polling takes: keeps the
 * courier's status and, for a shipped order, moves it or sends it to review by the mapping. The
 * collected amount, when the courier says it, is checked against the order's due.
 */
export async function applyCourierUpdate(
  ctx: Ctx,
  provider: CourierProviderCode,
  order: { id: number; status: number; total: number; advancePaid: number },
  courierStatus: string,
  collected: number | null = null,
  overrides?: CourierStatusOverrides,
): Promise<CourierUpdateResult> {
  const failed: TrackingRun['failed'] = [];
  const answer: Checked = {
    orderId: order.id,
    provider,
    courierStatus: normalCourierStatus(courierStatus),
    collected,
    due: Math.max(0, order.total - order.advancePaid),
  };
  const result = await settle(ctx, [answer], failed, new Set(order.status === SHIPPED ? [order.id] : []), overrides);
  if (failed[0]) return { kind: 'refused', message: failed[0].message };
  const to = result.movedTo.get(order.id);
  if (to) return { kind: 'moved', to };
  if (result.reviewed.length) return { kind: 'review' };
  return { kind: 'kept' };
}
