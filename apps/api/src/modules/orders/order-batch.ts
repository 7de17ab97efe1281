import { setImmediate } from 'node:timers/promises';
import { type Ctx, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { type PlacedOrder, type PlaceOrderContext, type PlaceOrderInput, type PlaceOrderRequest, placeOrders } from './order.service';

/** The most orders one batch writes; more wait for the next. */
export const MAX_BATCH = 64;

interface Waiting {
  request: PlaceOrderRequest;
  resolve(placed: PlacedOrder): void;
  reject(error: unknown): void;
}

interface Queue {
  waiting: Waiting[];
  running: boolean;
}

const queues = new WeakMap<Db, Queue>();

/**
 * placeOrder through the database's placement queue (group commit, docs/decisions/017): a
 * placement that arrives while no batch is being written is written at once, a batch of one; the
 * ones that arrive meanwhile wait and are written together by placeOrders as the next batch, up to
 * MAX_BATCH at a time. Each gets exactly the answer placeOrder gives it alone. Placements are
 * written at the time of their batch, not at their ctx's `now`; the hooks may run twice
 * (placeOrders). Used where many orders arrive at once: the reseller API and portal.
 */
export function placeOrderInBatch(ctx: Ctx, input: PlaceOrderInput, context: PlaceOrderContext = {}): Promise<PlacedOrder> {
  const { db } = ctx;
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], running: false };
    queues.set(db, queue);
  }
  const placed = new Promise<PlacedOrder>((resolve, reject) => {
    queue.waiting.push({ request: { input, context, ctx }, resolve, reject });
  });
  if (!queue.running) void drain(db, queue);
  return placed;
}

async function drain(db: Db, queue: Queue): Promise<void> {
  queue.running = true;
  try {
    while (queue.waiting.length > 0) {
      // PGlite answers without giving the event loop a turn: let the requests already received
      // (their bodies, their API key checks) reach the queue before the batch is taken.
      await setImmediate();
      const batch = queue.waiting.splice(0, MAX_BATCH);
      try {
        // The batch is written at its own time; each placement keeps its placer (request.ctx).
        const results = await placeOrders(
          systemCtx(db),
          batch.map((each) => each.request),
        );
        batch.forEach((each, index) => {
          const result = results[index];
          if (result?.status === 'fulfilled') each.resolve(result.value);
          else each.reject(result?.reason ?? new Error('the order was not placed'));
        });
      } catch (error) {
        for (const each of batch) each.reject(error);
      }
    }
  } finally {
    queue.running = false;
  }
}
