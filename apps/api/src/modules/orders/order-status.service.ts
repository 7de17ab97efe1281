import { canMoveOrder, ORDER_STATUSES, type OrderStatusCode, orderMoveRefusal, orderStatusWord } from '@haat/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { moveStock, type StockMovementKind } from '../products';
import { orderLines, orderStatusHistory, orders } from './order.table';
import { unitsReturnedByExchange } from './order-entry.service';
import {
  emitAfterOrderMoved,
  emitOrderMoved,
  type OrderMovedEvent,
  type OrderRow,
  runAfterCommit,
  type ShipmentOutcome,
  shipmentBooker,
} from './order-events';

export interface MoveOrderStatusInput {
  orderIds: number[];
  to: OrderStatusCode;
  /** Who moves them; null for the system (courier tracking, a reseller's own cancel). */
  adminId: number | null;
  note?: string;
  /** Paisa, for a move to 6 (returned); default: each order's delivery charge. */
  returnCharge?: number;
  /** When the move happened; default now (the demo shop's history back-dates it). */
  now?: Date;
}

export interface MoveOrderStatusResult {
  /** The ids that moved, in the order they were asked for. */
  moved: number[];
  /** Each order that did not move, with why in words. */
  refused: { id: number; number: string; message: string }[];
}

/** A move of one order that is refused: nothing of it was written. */
class MoveRefused extends Error {}

/** Statuses whose stock is still reserved: cancelling from them releases it. */
const RESERVED: readonly number[] = [1, 2, 3, 8];

const CHUNK = 1000;

/**
 * Moves orders to status `to` (PRODUCT.md §3). Each order moves in its own transaction: its row is
 * locked and its status checked again there, then the order row, a history row (who, when, from,
 * to, note) and the stock effect are written — cancelling (7) releases the reserved stock, a
 * return (6) restores it and records the return charge — and the move's listeners (reseller and
 * merchant credits) run in the same transaction; a listener that throws refuses the move and
 * leaves nothing written. Orders that may not move are refused with the reason in words; the rest
 * still move. Moving to 4 (shipped) first books the consignment with the courier module's booker
 * when one is registered: a failed booking refuses the order and it stays in processing.
 *
 * After each commit the after-move listeners (SMS to the customer) run in the background; they
 * never undo a move.
 */
export async function moveOrderStatus(db: Db, input: MoveOrderStatusInput): Promise<MoveOrderStatusResult> {
  const to = input.to;
  if (!Object.hasOwn(ORDER_STATUSES, to)) throw new HttpError(422, 'Choose a status from 1 to 8', { to: ['Choose a status from 1 to 8'] });
  const ids = [...new Set(input.orderIds)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  const note = (input.note ?? '').trim();
  const moved: number[] = [];
  const refused: MoveOrderStatusResult['refused'] = [];
  const refuse = (id: number, number: string, message: string) => refused.push({ id, number, message });
  const afterMoves: (Omit<OrderMovedEvent, 'tx'> & { db: Db })[] = [];

  // One read for all: orders that cannot move are refused without a transaction of their own.
  const found = new Map<number, OrderRow>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    for (const row of await db.select().from(orders).where(inArray(orders.id, chunk))) found.set(row.id, row);
  }

  const booker = to === 4 ? shipmentBooker() : null;
  for (const id of ids) {
    const order = found.get(id);
    if (!order) {
      refuse(id, '', `Order #${id} does not exist.`);
      continue;
    }
    if (!canMoveOrder(order.status as OrderStatusCode, to)) {
      refuse(id, order.number, orderMoveRefusal(order.number, order.status as OrderStatusCode, to));
      continue;
    }
    let shipment: ShipmentOutcome = { kind: 'skipped' };
    if (booker) {
      try {
        shipment = await booker(db, order);
      } catch (error) {
        shipment = { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
      }
      if (shipment.kind === 'failed') {
        refuse(id, order.number, `Order ${order.number} was not shipped: ${shipment.message}`);
        continue;
      }
    }
    try {
      const event = await moveOne(db, order, to, {
        adminId: input.adminId,
        note,
        returnCharge: input.returnCharge,
        shipment,
        now: input.now,
      });
      moved.push(id);
      const { tx: _tx, ...after } = event;
      afterMoves.push({ ...after, db });
    } catch (error) {
      if (shipment.kind === 'booked') await keepConsignment(db, order, shipment);
      if (error instanceof MoveRefused || error instanceof HttpError) refuse(id, order.number, error.message);
      else {
        console.error(`Moving order ${order.number} failed:`, error);
        refuse(id, order.number, `Order ${order.number} could not be moved because of an unexpected error; nothing was changed.`);
      }
    }
  }
  // After every commit of the batch, so the SMS of a bulk move do not slow the moves themselves.
  if (afterMoves.length) {
    runAfterCommit(async () => {
      for (const event of afterMoves) {
        const failures = await emitAfterOrderMoved(event);
        for (const failure of failures) console.error(`After moving order ${event.order.number}: ${failure.message}`);
      }
    });
  }
  return { moved, refused };
}

/**
 * The courier booked a consignment but the move did not commit (someone moved the order first, or
 * a listener refused): the consignment exists at the courier, so keep its ids on the order. The
 * booker never books an order twice, and the next move to shipped goes ahead without a new booking.
 */
async function keepConsignment(db: Db, order: OrderRow, shipment: Extract<ShipmentOutcome, { kind: 'booked' }>): Promise<void> {
  try {
    await db
      .update(orders)
      .set({
        courierId: shipment.courierId,
        consignmentId: shipment.consignmentId,
        trackingCode: shipment.trackingCode,
        courierStatus: shipment.courierStatus,
        courierCheckedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
  } catch (error) {
    console.error(`Order ${order.number}: consignment ${shipment.consignmentId} was booked but could not be stored:`, error);
  }
}

/**
 * One order's move, in its own transaction; throws MoveRefused (or a listener's HttpError) to refuse
 * it. The update itself locks the order's row and checks its status again (`where status = from`):
 * a move made by someone else since `seen` was read matches no row and is refused.
 */
async function moveOne(
  db: Db,
  seen: OrderRow,
  to: OrderStatusCode,
  options: { adminId: number | null; note: string; returnCharge?: number; shipment: ShipmentOutcome; now?: Date },
): Promise<OrderMovedEvent> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const id = seen.id;
    const from = seen.status as OrderStatusCode;
    const now = options.now ?? new Date();
    const changes: Partial<typeof orders.$inferInsert> = { status: to, updatedAt: now };
    if (to === 6) changes.returnCharge = options.returnCharge ?? seen.deliveryCharge;
    if (to === 4 && options.shipment.kind === 'booked') {
      changes.courierId = options.shipment.courierId;
      changes.consignmentId = options.shipment.consignmentId;
      changes.trackingCode = options.shipment.trackingCode;
      changes.courierStatus = options.shipment.courierStatus;
      changes.courierCheckedAt = now;
    }
    const [order] = await tx
      .update(orders)
      .set(changes)
      .where(and(eq(orders.id, id), eq(orders.status, from)))
      .returning();
    if (!order) {
      // Moved (or deleted) by someone else since it was read: say where it is now.
      const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
      if (!current) throw new MoveRefused(`Order #${id} does not exist.`);
      const now = current.status as OrderStatusCode;
      if (canMoveOrder(now, to)) {
        throw new MoveRefused(`Order ${seen.number} was moved by someone else just now (it is ${orderStatusWord(now)}); try again.`);
      }
      throw new MoveRefused(orderMoveRefusal(seen.number, now, to));
    }
    await tx
      .insert(orderStatusHistory)
      .values({ orderId: id, fromStatus: from, toStatus: to, adminId: options.adminId, note: options.note, at: now });

    const stockKind: StockMovementKind | null = to === 7 && RESERVED.includes(from) ? 'release' : to === 6 ? 'return' : null;
    if (stockKind) {
      const lines = await tx
        .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, id))
        .orderBy(asc(orderLines.variantId));
      // Units an exchange already took back came into stock then; a later return brings the rest.
      const exchanged = stockKind === 'return' ? await unitsReturnedByExchange(tx, id) : new Map<number, number>();
      const moves = lines
        .map((line) => {
          const already = Math.min(exchanged.get(line.variantId) ?? 0, line.quantity);
          exchanged.set(line.variantId, (exchanged.get(line.variantId) ?? 0) - already);
          return { variantId: line.variantId, quantity: line.quantity - already };
        })
        .filter((line) => line.quantity > 0);
      await moveStock(
        tx,
        moves.map((line) => ({
          variantId: line.variantId,
          quantity: line.quantity,
          kind: stockKind,
          reason: stockKind === 'release' ? `Order ${order.number} cancelled` : `Order ${order.number} returned`,
          referenceType: 'order',
          referenceId: id,
          adminId: options.adminId,
        })),
      );
    }

    const event: OrderMovedEvent = { tx, order, from, to, adminId: options.adminId, note: options.note };
    await emitOrderMoved(event);
    return event;
  });
}
