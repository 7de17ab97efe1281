import { canMoveOrder, ORDER_STATUSES, type OrderStatusCode, orderMoveRefusal, orderStatusWord } from '@haat/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { HttpError } from '../../http/errors';
import { type AuditEntry, recordAudit } from '../audit';
import { moveStock, type StockMove, type StockMovementKind } from '../products';
import { orderLines, orderStatusHistory, orders } from './order.table';
import { unitsReturnedByExchange } from './order-entry.service';
import {
  emitAfterOrderMoved,
  emitOrderMoved,
  emitOrdersMoving,
  type OrderMovedEvent,
  type OrderRow,
  runAfterCommit,
  type ShipmentOutcome,
  shipmentBooker,
} from './order-events';
import { postOrderMoves } from './order-postings';

export interface MoveOrderStatusInput {
  orderIds: number[];
  to: OrderStatusCode;
  note?: string;
  /** Paisa, for a move to 6 (returned); default: each order's delivery charge. */
  returnCharge?: number;
  /**
   * Only orders in one of these statuses move (a shopper cancels only while pending); checked when read
   * and again under the row lock, where any change since the read refuses the order.
   */
  onlyFrom?: readonly OrderStatusCode[];
  /**
   * The orders' rows as a caller read them under their row locks in `ctx`'s transaction (an online payment's
   * settle locks its order first): neither read nor locked again, their statuses are the ones checked.
   */
  rows?: readonly OrderRow[];
  /**
   * More columns the moved orders' update writes with the status (an online payment's amounts): one statement.
   * Written only for the orders that move; a caller whose order is refused writes them itself.
   */
  set?: OrderChanges;
  /**
   * Audit rows of the caller's own change (the payment that confirms the order), written in the same insert as
   * the moves' rows when every order asked for moves (`moved` holds them all); otherwise the caller writes them.
   */
  audit?: readonly AuditEntry[];
  /**
   * Called inside a caller's transaction: the context (outside it) the after-move work (the customer's SMS)
   * runs in, so that work never uses the transaction once it has ended. Default: `ctx`.
   */
  afterCommitCtx?: Ctx;
}

export interface MoveOrderStatusResult {
  /** The ids that moved, in the order they were asked for. */
  moved: number[];
  /** Each order that did not move, with why in words. */
  refused: { id: number; number: string; message: string }[];
}

/** Statuses whose stock is still reserved: cancelling from them releases it. */
const RESERVED: readonly number[] = [1, 2, 3, 8];

const CHUNK = 1000;
/** Orders moved together in one transaction. */
const BATCH = 500;

/** An order that may move (as read before the move), with what the courier answered for a move to 4. */
interface Candidate {
  order: OrderRow;
  shipment: ShipmentOutcome;
}

type OrderChanges = PgUpdateSetSource<typeof orders>;

interface MoveOptions {
  note: string;
  returnCharge?: number;
  /** The caller holds the batch's row locks and its rows are current: no lock and check again. */
  locked: boolean;
  set?: OrderChanges;
  audit?: readonly AuditEntry[];
}

/**
 * Moves orders to status `to` (PRODUCT.md §3). Up to 500 orders move together in one transaction:
 * their rows are locked in id order and their statuses checked again there, then the order rows,
 * a history row per order (who, when, from, to, note) and the stock effect are written set-based —
 * cancelling (7) releases the reserved stock, a return (6) restores it and records the return
 * charge — and the move's listeners (reseller and merchant credits) run for each order in the same
 * transaction. Orders that may not move are refused with the reason in words; the rest still move.
 * When a listener refuses one order (or the batch fails as a whole), the batch is rolled back and
 * each of its orders moves again in a transaction of its own, so only that order is refused and
 * nothing of it is written. Moving to 4 (shipped) first books the consignment with the courier
 * module's booker when one is registered: a failed booking refuses the order and it stays in
 * processing.
 *
 * Who moves them is the ctx's actor (the system for courier tracking), at ctx.now (the demo shop's
 * history back-dates it); each moved order writes an audit row (status before → after, the note)
 * in its batch's transaction, all of a batch in one insert.
 *
 * After the commits the after-move listeners (SMS to the customer) run in the background; they
 * never undo a move.
 */
export async function moveOrderStatus(ctx: Ctx, input: MoveOrderStatusInput): Promise<MoveOrderStatusResult> {
  const { db } = ctx;
  const to = input.to;
  if (!Object.hasOwn(ORDER_STATUSES, to)) throw new HttpError(422, 'Choose a status from 1 to 8', { to: ['Choose a status from 1 to 8'] });
  const ids = [...new Set(input.orderIds)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  const locked = input.rows !== undefined && input.orderIds.every((id) => input.rows?.some((row) => row.id === id));
  const options: MoveOptions = {
    note: (input.note ?? '').trim(),
    returnCharge: input.returnCharge,
    locked,
    set: input.set,
    audit: input.audit,
  };
  const moved: number[] = [];
  const refused: MoveOrderStatusResult['refused'] = [];
  const refuse = (id: number, number: string, message: string) => refused.push({ id, number, message });
  const afterMoves: OrderMovedEvent[] = [];

  // One read for all: orders that cannot move are refused without a transaction.
  const found = new Map<number, OrderRow>((input.rows ?? []).map((row) => [row.id, row]));
  for (let start = 0; start < ids.length && found.size < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    for (const row of await db.select().from(orders).where(inArray(orders.id, chunk))) found.set(row.id, row);
  }

  const candidates: Candidate[] = [];
  const booker = to === 4 ? shipmentBooker() : null;
  for (const id of ids) {
    const order = found.get(id);
    if (!order) {
      refuse(id, '', `Order #${id} does not exist.`);
      continue;
    }
    if (
      !canMoveOrder(order.status as OrderStatusCode, to) ||
      (input.onlyFrom && !input.onlyFrom.includes(order.status as OrderStatusCode))
    ) {
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
    candidates.push({ order, shipment });
  }

  const refuseCandidate = async ({ order, shipment }: Candidate, message: string) => {
    if (shipment.kind === 'booked') await keepConsignment(ctx, order, shipment);
    refuse(order.id, order.number, message);
  };
  const done = async (outcome: BatchOutcome, batch: Candidate[]) => {
    for (const candidate of batch) {
      const event = outcome.events.get(candidate.order.id);
      if (event) {
        moved.push(candidate.order.id);
        // After the commit the listeners read and write on the pool, as the same actor.
        afterMoves.push({ ...event, ctx: input.afterCommitCtx ?? ctx });
      } else await refuseCandidate(candidate, outcome.refused.get(candidate.order.id) ?? `Order ${candidate.order.number} was not moved.`);
    }
  };
  // The caller's audit rows go in the last transaction when no order was refused before it; that transaction
  // writes them only when all of its orders move. So they are written exactly when every order asked for moved.
  const { audit, ...withoutAudit } = options;
  const optionsFor = (last: boolean): MoveOptions => (audit && last && refused.length === 0 ? options : withoutAudit);
  for (let start = 0; start < candidates.length; start += BATCH) {
    const batch = candidates.slice(start, start + BATCH);
    const lastBatch = start + BATCH >= candidates.length;
    let outcome: BatchOutcome | null = null;
    try {
      outcome = await moveBatch(ctx, batch, to, optionsFor(lastBatch));
    } catch (error) {
      if (batch.length === 1 && batch[0]) await refuseCandidate(batch[0], refusalOf(batch[0].order, error));
    }
    if (outcome) await done(outcome, batch);
    else if (batch.length > 1) {
      // One order's listener refused it (or the batch failed): each order again on its own.
      for (const [index, candidate] of batch.entries()) {
        try {
          await done(await moveBatch(ctx, [candidate], to, optionsFor(lastBatch && index === batch.length - 1)), [candidate]);
        } catch (error) {
          await refuseCandidate(candidate, refusalOf(candidate.order, error));
        }
      }
    }
  }

  // The answer lists moved and refused orders in the order they were asked for.
  const position = new Map(ids.map((id, index) => [id, index]));
  moved.sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
  refused.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  afterMoves.sort((a, b) => (position.get(a.order.id) ?? 0) - (position.get(b.order.id) ?? 0));
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

/** Why one order's move failed, in words: a listener's refusal, or an unexpected error (logged). */
function refusalOf(order: OrderRow, error: unknown): string {
  if (error instanceof HttpError) return error.message;
  console.error(`Moving order ${order.number} failed:`, error);
  return `Order ${order.number} could not be moved because of an unexpected error; nothing was changed.`;
}

/** What a booked consignment writes on its order. */
function consignmentColumns(shipment: Extract<ShipmentOutcome, { kind: 'booked' }>, checkedAt: Date) {
  return {
    courierId: shipment.courierId,
    consignmentId: shipment.consignmentId,
    trackingCode: shipment.trackingCode,
    courierStatus: shipment.courierStatus,
    courierCheckedAt: checkedAt,
  };
}

/**
 * The courier booked a consignment but the move did not commit (someone moved the order first, or
 * a listener refused): the consignment exists at the courier, so keep its ids on the order. The
 * booker never books an order twice, and the next move to shipped goes ahead without a new booking.
 */
async function keepConsignment(ctx: Ctx, order: OrderRow, shipment: Extract<ShipmentOutcome, { kind: 'booked' }>): Promise<void> {
  try {
    await ctx.db.update(orders).set(consignmentColumns(shipment, ctx.now)).where(eq(orders.id, order.id));
  } catch (error) {
    console.error(`Order ${order.number}: consignment ${shipment.consignmentId} was booked but could not be stored:`, error);
  }
}

/** What one batch's transaction did: the moved orders' events, and why the others were refused. */
interface BatchOutcome {
  events: Map<number, OrderMovedEvent>;
  refused: Map<number, string>;
}

/** One moved order's audit row: its status before → after, the note, and what the listeners added. */
function moveAudit(event: OrderMovedEvent): AuditEntry {
  return {
    action: 'status.change',
    entity: 'order',
    entityId: event.order.id,
    changes: {
      status: { before: event.from, after: event.to },
      ...(event.note ? { note: { before: null, after: event.note } } : {}),
      ...event.audit,
    },
  };
}

/** The stock effect of moving from `from` to `to`: cancelling releases a reservation, a return restores. */
function stockKindOf(from: number, to: OrderStatusCode): StockMovementKind | null {
  if (to === 7 && RESERVED.includes(from)) return 'release';
  return to === 6 ? 'return' : null;
}

/**
 * Moves a batch of orders in one transaction. Their rows are locked first, in id order (the order
 * every bulk move takes them in, so two at once wait instead of deadlocking; stock locks come
 * after, as moveStock takes them), and an order moved or deleted by someone else since it was read
 * is refused with where it is now (a caller that holds the locks already and gave its rows skips
 * this). Then, for all the others at once: one update of the orders (with the caller's `set`), one
 * insert of their history rows, one read of their lines and one moveStock call for every line's
 * release or return (a ledger row per line, the variants' and products' stock added once each).
 * The listeners run for each order inside the transaction; one that throws rolls the batch back.
 * Last, one insert writes every moved order's audit row (with what the listeners added to it).
 */
async function moveBatch(ctx: Ctx, batch: Candidate[], to: OrderStatusCode, options: MoveOptions): Promise<BatchOutcome> {
  return inTransaction(ctx, async (tx) => {
    const { now } = tx;
    const adminId = adminIdOf(tx);
    const ids = batch.map((candidate) => candidate.order.id).sort((a, b) => a - b);
    const current = new Map<number, OrderStatusCode>();
    const locked = options.locked
      ? batch.map(({ order }) => order)
      : await tx.db
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(inArray(orders.id, ids))
          .orderBy(asc(orders.id))
          .for('update');
    for (const row of locked) current.set(row.id, row.status as OrderStatusCode);

    const refused = new Map<number, string>();
    const moving: Candidate[] = [];
    for (const candidate of batch) {
      const { id, number } = candidate.order;
      const status = current.get(id);
      if (status === undefined) refused.set(id, `Order #${id} does not exist.`);
      else if (status !== candidate.order.status) {
        // Moved by someone else since it was read: say where it is now.
        refused.set(
          id,
          canMoveOrder(status, to)
            ? `Order ${number} was moved by someone else just now (it is ${orderStatusWord(status)}); try again.`
            : orderMoveRefusal(number, status, to),
        );
      } else moving.push(candidate);
    }
    const events = new Map<number, OrderMovedEvent>();
    if (moving.length === 0) return { events, refused };

    const movingIds = moving.map((candidate) => candidate.order.id);
    const changes: OrderChanges = { ...options.set, status: to, updatedAt: now };
    if (to === 6) changes.returnCharge = options.returnCharge ?? sql`${orders.deliveryCharge}`;
    const rows = new Map<number, OrderRow>();
    for (const row of await tx.db.update(orders).set(changes).where(inArray(orders.id, movingIds)).returning()) rows.set(row.id, row);
    for (const { order, shipment } of moving) {
      if (to !== 4 || shipment.kind !== 'booked') continue;
      const [row] = await tx.db.update(orders).set(consignmentColumns(shipment, now)).where(eq(orders.id, order.id)).returning();
      if (row) rows.set(row.id, row);
    }
    await tx.db.insert(orderStatusHistory).values(
      moving.map(({ order }) => ({
        orderId: order.id,
        fromStatus: order.status,
        toStatus: to,
        adminId,
        actorKind: tx.actor.kind,
        note: options.note,
        at: now,
      })),
    );
    await moveStockOf(
      tx,
      moving.map(({ order }) => order),
      to,
    );

    await postOrderMoves(
      tx,
      moving.map(({ order }) => ({ order: rows.get(order.id) as OrderRow, from: order.status as OrderStatusCode })),
      to,
    );

    await emitOrdersMoving(
      tx,
      moving.map(({ order }) => rows.get(order.id)).filter((order): order is OrderRow => order !== undefined),
      to,
    );
    for (const { order: seen } of moving) {
      const order = rows.get(seen.id);
      if (!order) throw new Error(`order ${seen.id} was locked but not updated`);
      const event: OrderMovedEvent = { ctx: tx, order, from: seen.status as OrderStatusCode, to, note: options.note, audit: {} };
      await emitOrderMoved(event);
      events.set(order.id, event);
    }
    // The caller's own rows (options.audit) only when the whole batch moved: else the caller writes them.
    await recordAudit(tx, [...[...events.values()].map(moveAudit), ...(refused.size === 0 ? (options.audit ?? []) : [])]);
    return { events, refused };
  });
}

/**
 * The stock effect of a batch's moves in one moveStock call: each line of each cancelled order is
 * released, each line of each returned order restored (less what an exchange already took back),
 * with a ledger row per line that refers to its order.
 */
async function moveStockOf(tx: Ctx, moved: OrderRow[], to: OrderStatusCode): Promise<void> {
  const kinds = new Map<number, StockMovementKind>();
  for (const order of moved) {
    const kind = stockKindOf(order.status, to);
    if (kind) kinds.set(order.id, kind);
  }
  if (kinds.size === 0) return;
  const ids = [...kinds.keys()];
  const numbers = new Map(moved.map((order) => [order.id, order.number]));
  const lines = await tx.db
    .select({ orderId: orderLines.orderId, variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.orderId), asc(orderLines.variantId));
  // Units an exchange already took back came into stock then; a later return brings the rest.
  const exchangedOf = to === 6 ? await unitsReturnedByExchange(tx.db, ids) : new Map<number, Map<number, number>>();
  const moves: StockMove[] = [];
  for (const line of lines) {
    const kind = kinds.get(line.orderId);
    if (!kind) continue;
    const exchanged = exchangedOf.get(line.orderId);
    const already = Math.min(exchanged?.get(line.variantId) ?? 0, line.quantity);
    if (exchanged) exchanged.set(line.variantId, (exchanged.get(line.variantId) ?? 0) - already);
    const quantity = line.quantity - already;
    if (quantity <= 0) continue;
    const number = numbers.get(line.orderId);
    moves.push({
      variantId: line.variantId,
      quantity,
      kind,
      reason: kind === 'release' ? `Order ${number} cancelled` : `Order ${number} returned`,
      referenceType: 'order',
      referenceId: line.orderId,
    });
  }
  await moveStock(tx, moves);
}
