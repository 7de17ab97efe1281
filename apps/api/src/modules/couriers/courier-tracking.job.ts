import type { FastifyInstance } from 'fastify';
import { systemCtx } from '../../context';
import { claimPeriodicRun, finishPeriodicRun, untilNextPeriod } from '../../db/job-lease';
import { trackShippedOrders } from './courier.service';

export const COURIER_TRACKING_JOB = 'courier-tracking';

/**
 * Asks the couriers about shipped orders once every `config.courierTrackingMinutes` minutes (0:
 * never, the default in tests). Every process wakes at the start of each period and claims it in
 * the database (job_leases): one process runs it per period, however many share the database, and
 * runs never overlap (docs/decisions/028). Started when the app is ready, stopped when it closes.
 */
export function scheduleCourierTracking(app: FastifyInstance): void {
  const minutes = app.config.courierTrackingMinutes;
  if (!minutes) return;
  const periodMs = Math.max(1000, Math.round(minutes * 60_000));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let closed = false;

  const runOnce = async () => {
    if (!(await claimPeriodicRun(app.db, COURIER_TRACKING_JOB, periodMs))) return;
    try {
      const result = await trackShippedOrders(systemCtx(app.db), app.config);
      if (result.moved.length || result.failed.length) {
        app.log.info({ checked: result.checked, moved: result.moved.length, failed: result.failed }, 'courier tracking');
      }
    } finally {
      await finishPeriodicRun(app.db, COURIER_TRACKING_JOB);
    }
  };
  const schedule = () => {
    if (closed) return;
    // Just after the next period begins (a little jitter spreads the processes' claims).
    timer = setTimeout(wake, untilNextPeriod(periodMs) + Math.floor(Math.random() * Math.min(1000, periodMs / 10)));
    timer.unref();
  };
  const wake = () => {
    if (!running) {
      running = runOnce()
        .catch((error) => app.log.error(error, 'courier tracking failed'))
        .finally(() => {
          running = null;
        });
    }
    schedule();
  };
  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
