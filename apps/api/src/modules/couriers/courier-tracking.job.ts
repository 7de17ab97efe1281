import type { FastifyInstance } from 'fastify';
import { systemCtx } from '../../context';
import { schedulePeriodicJob } from '../../http/periodic-job';
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
  schedulePeriodicJob(app, {
    name: COURIER_TRACKING_JOB,
    periodMs,
    work: async () => {
      const result = await trackShippedOrders(systemCtx(app.db), app.config);
      if (result.moved.length || result.failed.length) {
        app.log.info({ checked: result.checked, moved: result.moved.length, failed: result.failed }, 'courier tracking');
      }
    },
  });
}
