import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Ctx, inTransaction, systemCtx } from '../../context';
import { HttpError } from '../../http/errors';
import { schedulePeriodicJob } from '../../http/periodic-job';
import { recordAudit } from '../audit';
import { cancelUnpaidOrder, findOrder, overdueOnlineOrders } from '../orders';
import type { GatewaysConfig } from './gateways';
import { checkPayment } from './payment.service';
import { payments } from './payment.table';

export const PAYMENT_EXPIRY_JOB = 'payments.expire';
const PERIOD_MS = 60_000;
/** An order whose gateway has not answered for this long is cancelled anyway (reconciliation finds a late payment). */
const GIVE_UP_MS = 24 * 60 * 60_000;
export const EXPIRED_NOTE = 'Online payment not received in time';

export interface ExpiryResult {
  /** Orders whose payment the gateway confirmed when asked (the return never came). */
  paid: number;
  /** Orders cancelled, their stock released. */
  cancelled: number;
  /** Orders left for the next run: the gateway could not say what became of an attempt. */
  waiting: number;
}

/**
 * Orders whose online payment is overdue (decision 062): each attempt still `initiated` is asked of its gateway
 * first, so a payment whose return never came is settled and its order confirmed; an order still unpaid is then
 * cancelled (7, its stock released) with "Online payment not received in time" and its open attempts marked
 * `cancelled`, in one transaction under the order's lock. A gateway that cannot answer keeps its order for the
 * next run (a day at most).
 */
export async function expireOverduePayments(ctx: Ctx, config: GatewaysConfig): Promise<ExpiryResult> {
  const result: ExpiryResult = { paid: 0, cancelled: 0, waiting: 0 };
  for (const overdue of await overdueOnlineOrders(ctx, ctx.now)) {
    const open = await ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, overdue.id), eq(payments.state, 'initiated')))
      .orderBy(payments.id);
    let paid = false;
    let unanswered = false;
    for (const { id } of open) {
      try {
        // The gateway answered: paid settles the order; pending means the shopper never paid (the hold is over).
        const settled = await checkPayment(ctx, config, id);
        if (settled.payment.state === 'paid') paid = true;
      } catch (error) {
        // The gateway could not answer (down, switched off, credentials gone): ask again next run.
        if (!(error instanceof HttpError)) throw error;
        console.error(`Order ${overdue.number}: ${error.message}`);
        unanswered = true;
      }
    }
    if (paid) {
      result.paid++;
      continue;
    }
    const overdueFor = ctx.now.getTime() - (overdue.paymentDueBy?.getTime() ?? ctx.now.getTime());
    if (unanswered && overdueFor < GIVE_UP_MS) {
      result.waiting++;
      continue;
    }
    const cancelled = await inTransaction(ctx, async (tx) => {
      const order = await findOrder(tx.db, overdue.id, { lock: true });
      if (!order?.paymentDueBy || order.paymentDueBy.getTime() >= tx.now.getTime()) return false;
      const stale = await tx.db
        .update(payments)
        .set({ state: 'cancelled', message: 'Not paid in time', updatedAt: tx.now })
        .where(and(eq(payments.orderId, order.id), eq(payments.state, 'initiated')))
        .returning({ id: payments.id });
      if (stale.length > 0) {
        await recordAudit(
          tx,
          stale.map(({ id }) => ({
            action: 'payment.cancelled',
            entity: 'payment',
            entityId: id,
            changes: { state: { before: 'initiated', after: 'cancelled' }, message: { before: null, after: 'Not paid in time' } },
          })),
        );
      }
      return cancelUnpaidOrder(tx, order, EXPIRED_NOTE, ctx);
    });
    if (cancelled) result.cancelled++;
  }
  return result;
}

/** The expiry, every minute in one process of all those sharing the database. Off in tests, which call it themselves. */
export function schedulePaymentExpiry(app: FastifyInstance): void {
  if (app.config.env === 'test') return;
  schedulePeriodicJob(app, {
    name: PAYMENT_EXPIRY_JOB,
    periodMs: PERIOD_MS,
    work: async () => {
      const result = await expireOverduePayments(systemCtx(app.db), app.config);
      if (result.paid || result.cancelled) app.log.info(result, 'overdue online payments settled');
    },
  });
}
