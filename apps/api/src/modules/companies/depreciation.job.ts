import type { FastifyInstance } from 'fastify';
import { systemCtx } from '../../context';
import { schedulePeriodicJob } from '../../http/periodic-job';
import { runDepreciation } from './asset.service';

export const DEPRECIATION_JOB = 'asset-depreciation';
const PERIOD_MS = 60 * 60_000;

/**
 * Books the depreciation of the months that have ended, once an hour and once when the app starts
 * (decision 052). Every process wakes at the start of each period and claims it in the database
 * (job_leases, as the courier tracking does): one process runs it per period. Even two runs at once
 * post nothing twice: each asset is caught up under its row lock and a month is one unique
 * (asset, month) row. Off in tests, which call runDepreciation themselves.
 */
export function scheduleDepreciation(app: FastifyInstance): void {
  if (app.config.env === 'test') return;
  schedulePeriodicJob(app, {
    name: DEPRECIATION_JOB,
    periodMs: PERIOD_MS,
    firstDelayMs: 5_000,
    work: async () => {
      const result = await runDepreciation(systemCtx(app.db));
      if (result.posted) app.log.info(result, 'asset depreciation booked');
    },
  });
}
