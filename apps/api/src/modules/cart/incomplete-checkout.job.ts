import type { FastifyInstance } from 'fastify';
import { systemCtx } from '../../context';
import { schedulePeriodicJob } from '../../http/periodic-job';
import { purgeIncompleteCheckouts } from './incomplete-checkout.service';

export const INCOMPLETE_PURGE_JOB = 'incomplete-checkout-purge';
const PERIOD_MS = 60 * 60_000;

/**
 * Removes incomplete checkouts nobody converted once they are older than the shop's setting (decision
 * 056), once an hour in one process of all those sharing the database, and a minute after start. Off in
 * tests, which call purgeIncompleteCheckouts themselves.
 */
export function scheduleIncompletePurge(app: FastifyInstance): void {
  if (app.config.env === 'test') return;
  schedulePeriodicJob(app, {
    name: INCOMPLETE_PURGE_JOB,
    periodMs: PERIOD_MS,
    firstDelayMs: 60_000,
    work: async () => {
      const result = await purgeIncompleteCheckouts(systemCtx(app.db));
      if (result.removed) app.log.info(result, 'old incomplete checkouts removed');
    },
  });
}
