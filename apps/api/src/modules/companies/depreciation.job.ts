import type { FastifyInstance } from 'fastify';
import { systemCtx } from '../../context';
import { claimPeriodicRun, finishPeriodicRun, untilNextPeriod } from '../../db/job-lease';
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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let closed = false;

  const runOnce = async () => {
    if (!(await claimPeriodicRun(app.db, DEPRECIATION_JOB, PERIOD_MS))) return;
    try {
      const result = await runDepreciation(systemCtx(app.db));
      if (result.posted) app.log.info(result, 'asset depreciation booked');
    } finally {
      await finishPeriodicRun(app.db, DEPRECIATION_JOB);
    }
  };
  const schedule = (delay = untilNextPeriod(PERIOD_MS) + Math.floor(Math.random() * 1000)) => {
    if (closed) return;
    timer = setTimeout(wake, delay);
    timer.unref();
  };
  const wake = () => {
    if (!running) {
      running = runOnce()
        .catch((error) => app.log.error(error, 'asset depreciation failed'))
        .finally(() => {
          running = null;
        });
    }
    schedule();
  };
  app.addHook('onReady', async () => schedule(5_000));
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
