import type { FastifyInstance } from 'fastify';
import { claimPeriodicRun, finishPeriodicRun, untilNextPeriod } from '../db/job-lease';

/**
 * Runs `work` once a period in one process of all those sharing the database (decision 028): every
 * process wakes just after each period begins (a little jitter spreads their claims) and claims the
 * period in job_leases; runs never overlap. Started when the app is ready (after `firstDelayMs` when
 * given, else at the next period), stopped when it closes, waiting for a run under way. The courier
 * tracking, courier payments and depreciation jobs are each one call of this.
 */
export function schedulePeriodicJob(
  app: FastifyInstance,
  job: { name: string; periodMs: number; firstDelayMs?: number; work: () => Promise<void> },
): void {
  const { name, periodMs } = job;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let closed = false;

  const runOnce = async () => {
    if (!(await claimPeriodicRun(app.db, name, periodMs))) return;
    try {
      await job.work();
    } finally {
      await finishPeriodicRun(app.db, name);
    }
  };
  const schedule = (delay = untilNextPeriod(periodMs) + Math.floor(Math.random() * Math.min(1000, periodMs / 10))) => {
    if (closed) return;
    timer = setTimeout(wake, delay);
    timer.unref();
  };
  const wake = () => {
    if (!running) {
      running = runOnce()
        .catch((error) => app.log.error(error, `${name} failed`))
        .finally(() => {
          running = null;
        });
    }
    schedule();
  };
  app.addHook('onReady', async () => schedule(job.firstDelayMs));
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
