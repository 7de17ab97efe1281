import type { FastifyInstance } from 'fastify';
import { systemCtx } from '../../context';
import { schedulePeriodicJob } from '../../http/periodic-job';
import { shopDay } from '../accounts';
import type { GatewayResolver } from './payment-refund.service';
import { enabledGateways, reconcile } from './reconciliation.service';

export const RECONCILE_JOB = 'payments.reconcile';
const PERIOD_MS = 24 * 60 * 60_000;

/** The day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** Reconciles yesterday (the shop's day) for each gateway switched on; one gateway failing does not stop the others. */
export async function reconcileYesterday(app: FastifyInstance, gateways: GatewayResolver): Promise<void> {
  const ctx = systemCtx(app.db);
  const yesterday = dayBefore(await shopDay(ctx));
  for (const gateway of await enabledGateways(app.db)) {
    try {
      const result = await reconcile(ctx, gateways, { gateway, from: yesterday, to: yesterday });
      if (result.run.flagged)
        app.log.warn({ gateway, run: result.run.id, flagged: result.run.flagged }, 'payment reconciliation flagged differences');
    } catch (error) {
      app.log.error(error, `payment reconciliation of ${gateway} failed`);
    }
  }
}

/**
 * `payments.reconcile` (decision 062): once a day, in one process of all those sharing the database, asks each
 * switched-on gateway about yesterday's attempts and records a run with what it flagged. Off in tests, which
 * call reconcile themselves.
 */
export function scheduleReconciliation(app: FastifyInstance, gateways: GatewayResolver): void {
  if (app.config.env === 'test') return;
  schedulePeriodicJob(app, {
    name: RECONCILE_JOB,
    periodMs: PERIOD_MS,
    firstDelayMs: 5 * 60_000,
    work: () => reconcileYesterday(app, gateways),
  });
}
