import type { AuditChange, OrderStatusCode } from '@haat/contracts';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import type { orders } from './order.table';

export type OrderRow = typeof orders.$inferSelect;

/**
 * One order moved from one status to another. Listeners run inside the move's own transaction
 * (`tx`), after the order row and its history row are written: whatever they write commits or
 * rolls back with the move. A listener that throws an HttpError refuses the move.
 *
 * The reseller module credits profit on 5 (delivered) and reverses it on 6 (returned); merchant
 * earnings follow the same events. Stock effects (release on cancel, restore on return) belong to
 * the move itself, not to listeners.
 */
export interface OrderMovedEvent {
  /** The move's transaction, acting as whoever moves the order (the system for courier tracking). */
  ctx: Ctx;
  /** The order as it is after the move. */
  order: OrderRow;
  from: OrderStatusCode;
  to: OrderStatusCode;
  note: string;
  /**
   * What the move's audit row records besides the status and note: a listener adds what it wrote
   * (the reseller's profit credited), so the money it moved is traced to the move's actor without
   * a statement of its own.
   */
  audit: Record<string, AuditChange>;
}

export type OrderMovedListener = (event: OrderMovedEvent) => Promise<void>;

const listeners: OrderMovedListener[] = [];

/** Registers a listener for every status move; modules call this once when they load. */
export function onOrderMoved(listener: OrderMovedListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/**
 * Runs once for a batch of orders about to be announced one by one (a bulk move, or one order), inside
 * the move's transaction, with every order of the batch: a listener that will lock rows of its own for
 * some of them (the reseller cashbook locks each reseller's row) takes those locks here, all at once and
 * in a stable order, so two bulk moves at once wait for each other instead of deadlocking.
 */
export type OrdersMovingListener = (ctx: Ctx, moved: OrderRow[], to: OrderStatusCode) => Promise<void>;

const batchListeners: OrdersMovingListener[] = [];

export function onOrdersMoving(listener: OrdersMovingListener): void {
  if (!batchListeners.includes(listener)) batchListeners.push(listener);
}

/** Called by the status-move service once per batch, before emitOrderMoved for each of its orders. */
export async function emitOrdersMoving(ctx: Ctx, moved: OrderRow[], to: OrderStatusCode): Promise<void> {
  for (const listener of batchListeners) await listener(ctx, moved, to);
}

/** Called by the status-move service for each moved order, inside its transaction. */
export async function emitOrderMoved(event: OrderMovedEvent): Promise<void> {
  for (const listener of listeners) await listener(event);
}

/**
 * Work done after a move has committed (SMS to the customer, cache refresh). Failures are logged
 * by the caller and never undo the move.
 */
/** `ctx` is the mover's context on the pool (the move's transaction has committed). */
export type OrderAfterMoveListener = (event: OrderMovedEvent) => Promise<void>;

const afterListeners: OrderAfterMoveListener[] = [];

export function afterOrderMoved(listener: OrderAfterMoveListener): void {
  if (!afterListeners.includes(listener)) afterListeners.push(listener);
}

export async function emitAfterOrderMoved(event: OrderMovedEvent): Promise<Error[]> {
  const failures: Error[] = [];
  for (const listener of afterListeners) {
    try {
      await listener(event);
    } catch (error) {
      failures.push(error instanceof Error ? error : new Error(String(error)));
    }
  }
  return failures;
}

/**
 * Booking a consignment when an order moves to 4 (shipped). The courier module registers one
 * booker; the move service calls it for each order before that order's move transaction, with the
 * order as it stands in processing. `skipped` means no courier with an API is set on the order
 * (the staff enter tracking by hand). A failure leaves the order in processing and the courier's
 * message is reported for that order.
 */
export type ShipmentOutcome =
  | { kind: 'booked'; courierId: number; consignmentId: string; trackingCode: string; courierStatus: string }
  | { kind: 'skipped' }
  | { kind: 'failed'; message: string };

export type ShipmentBooker = (db: Db, order: OrderRow) => Promise<ShipmentOutcome>;

let booker: ShipmentBooker | null = null;

export function setShipmentBooker(next: ShipmentBooker | null): void {
  booker = next;
}

export function shipmentBooker(): ShipmentBooker | null {
  return booker;
}

/**
 * Orders that were just placed (committed), a batch at a time: the customers' "order placed" SMS
 * listens for them. A listener handles the whole batch in a fixed number of statements.
 */
export type OrdersPlacedListener = (event: {
  db: Db;
  orderIds: number[];
  /** The orders' rows as read after the commit, when the placer read them already (in `orderIds`' order). */
  orders?: OrderRow[];
}) => Promise<void>;

const placedListeners: OrdersPlacedListener[] = [];

/** Registers a listener for placed orders; modules call this once when they load. */
export function afterOrdersPlaced(listener: OrdersPlacedListener): void {
  if (!placedListeners.includes(listener)) placedListeners.push(listener);
}

/**
 * Called by placeOrders after its transaction committed: queues one piece of after-commit work for
 * the whole batch. A listener's failure is logged for the batch and never undoes the orders.
 */
export function emitAfterOrdersPlaced(db: Db, orderIds: number[], rows?: OrderRow[]): void {
  if (orderIds.length === 0) return;
  const ids = [...orderIds];
  const byId = rows && new Map(rows.map((row) => [row.id, row]));
  const placed = byId && ids.every((id) => byId.has(id)) ? ids.map((id) => byId.get(id) as OrderRow) : undefined;
  runAfterCommit(async () => {
    for (const listener of placedListeners) {
      try {
        await listener({ db, orderIds: ids, orders: placed });
      } catch (error) {
        console.error(`After placing orders ${ids.join(', ')}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  });
}

let afterCommitWork: Promise<void> = Promise.resolve();

/** Resolves on a later turn of the event loop, after the I/O callbacks already due (a reply being written). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs work after a commit without making the caller wait for it (an SMS gateway may take seconds
 * per message; a bulk move of 500 orders must not). Work runs one piece at a time, in order, and
 * starts on a later turn of the event loop: PGlite runs each query on this thread, so work started
 * at once (a microtask) would run the SMS's queries before the caller's answer was even sent.
 */
export function runAfterCommit(work: () => Promise<void>): void {
  afterCommitWork = afterCommitWork
    .then(nextTurn)
    .then(work)
    .catch((error: unknown) => {
      console.error('Work after an order commit failed:', error);
    });
}

/** Resolves when every piece of after-commit work queued so far has run (tests, shutdown). */
export async function settleAfterCommitWork(): Promise<void> {
  let current: Promise<void>;
  do {
    current = afterCommitWork;
    await current;
  } while (current !== afterCommitWork);
}
