import type { FastifyInstance } from 'fastify';
import { systemCtx } from '../../context';
import { trackShippedOrders } from './courier.service';

/**
 * Asks the couriers about shipped orders every `config.courierTrackingMinutes` minutes (0: never,
 * the default in tests). Started when the app is ready, stopped when it closes; runs never overlap.
 */
export function scheduleCourierTracking(app: FastifyInstance): void {
  const minutes = app.config.courierTrackingMinutes;
  if (!minutes) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = trackShippedOrders(systemCtx(app.db), app.config)
      .then((result) => {
        if (result.moved.length || result.failed.length) {
          app.log.info({ checked: result.checked, moved: result.moved.length, failed: result.failed }, 'courier tracking');
        }
      })
      .catch((error) => app.log.error(error, 'courier tracking failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, minutes * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
