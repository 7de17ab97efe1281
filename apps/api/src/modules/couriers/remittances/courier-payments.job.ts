import type { FastifyInstance } from 'fastify';
import { systemCtx } from '../../../context';
import { schedulePeriodicJob } from '../../../http/periodic-job';
import { recordNewCourierPayments } from './remittance-payments.service';

export const COURIER_PAYMENTS_JOB = 'courier-payments';

/** Couriers pay over at most daily: their payments are read four times as seldom as parcels are tracked. */
const TRACKING_PERIODS_PER_RUN = 4;

/**
 * Reads the couriers' new payments from their APIs and records those that match to the paisa
 * (remittance-payments.service.ts), every `config.courierTrackingMinutes × 4` minutes (2 hours by
 * default; 0: never, the default in tests). Like the tracking job (decision 028), every process wakes
 * at the start of each period and claims it in job_leases: one process runs it per period, and runs
 * never overlap. Started when the app is ready, stopped when it closes.
 */
export function scheduleCourierPayments(app: FastifyInstance): void {
  const minutes = app.config.courierTrackingMinutes * TRACKING_PERIODS_PER_RUN;
  if (!minutes) return;
  const periodMs = Math.max(1000, Math.round(minutes * 60_000));
  schedulePeriodicJob(app, {
    name: COURIER_PAYMENTS_JOB,
    periodMs,
    work: async () => {
      const result = await recordNewCourierPayments(systemCtx(app.db), app.config);
      if (result.recorded.length || result.waiting.length || result.failed.length) {
        app.log.info({ recorded: result.recorded, waiting: result.waiting, failed: result.failed }, 'courier payments');
      }
    },
  });
}
