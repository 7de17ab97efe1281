import { CONVERSION_STATUSES } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../../http/auth';
import { pathId } from '../../http/errors';
import { schedulePeriodicJob } from '../../http/periodic-job';
import { requestCtx } from '../../http/request-context';
import { conversionDeliveryLog, retryConversion, sendDueConversions } from './conversion.service';

export const CONVERSIONS_JOB = 'meta-conversions';

const logQuery = z.object({ status: z.enum(CONVERSION_STATUSES, { error: 'Choose waiting, pending, sent or failed' }).optional() });

/**
 * The Conversions API's delivery log on the marketing settings screen, its "send again", and the job that
 * sends due events every `config.conversionsSendSeconds` (0: never, the default in tests).
 */
export async function conversionRoutes(app: FastifyInstance) {
  app.get('/api/admin/marketing/conversions', { preHandler: requireAdmin('setting.view') }, async (request, reply) => {
    const query = logQuery.parse(request.query);
    reply.header('cache-control', 'no-store');
    return conversionDeliveryLog(request.server.db, query.status);
  });

  app.post<{ Params: { id: string } }>(
    '/api/admin/marketing/conversions/:id/retry',
    { preHandler: requireAdmin('setting.update') },
    async (request) => {
      const delivery = await retryConversion(requestCtx(request), pathId(request.params.id, 'event'));
      return { delivery, message: 'The event will be sent again within a minute.' };
    },
  );

  const seconds = app.config.conversionsSendSeconds;
  if (seconds > 0) {
    schedulePeriodicJob(app, {
      name: CONVERSIONS_JOB,
      periodMs: Math.max(1000, Math.round(seconds * 1000)),
      work: async () => {
        const outcome = await sendDueConversions(app.db, app.config);
        if (outcome.failed || outcome.retrying) app.log.warn(outcome, 'Meta Conversions API: some events were not delivered');
      },
    });
  }
}
