import { phoneListQuery, phoneSchema } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { invalid } from '../../http/errors';
import { schedulePeriodicJob } from '../../http/periodic-job';
import { requestCtx } from '../../http/request-context';
import { guardPublicOrdersWith } from '../orders';
import { blocklistResource, fraudRefusalResource } from './blocklist.resource';
import { checkoutGuard, pruneCheckoutRecords, sendCheckoutCodesThrough } from './checkout-guard.service';
import { courierPhoneRecord } from './courier-record.service';
import { phoneHistory, phoneRisks } from './phone-risk.service';

type WithPhone = { Params: { phone: string } };

function phoneOf(raw: string): string {
  const parsed = phoneSchema.safeParse(raw);
  if (!parsed.success) throw invalid('phone', 'Enter a mobile number like 01712345678');
  return parsed.data;
}

/** Phone history and risk for staff, the blocklist, the refusal log, and the guard of public checkouts (decision 055). */
export async function riskRoutes(app: FastifyInstance) {
  guardPublicOrdersWith(checkoutGuard);
  sendCheckoutCodesThrough(app.db, app.config);
  app.addHook('onClose', async () => guardPublicOrdersWith(null));
  if (app.config.env !== 'test') {
    schedulePeriodicJob(app, { name: 'checkout-records-prune', periodMs: 3_600_000, work: () => pruneCheckoutRecords(app.db, new Date()) });
  }

  blocklistResource.register(app);
  fraudRefusalResource.register(app);

  /** The phone's orders across every channel, its badge and latest orders: answered from the database alone. */
  app.get<WithPhone>('/api/admin/risk/phone/:phone', { preHandler: requireAdmin('order.view') }, async (request) => ({
    data: await phoneHistory(requestCtx(request), phoneOf(request.params.phone)),
  }));

  /** Each phone's figures and badge for a list's page: one query for all of them. */
  app.get('/api/admin/risk/phones', { preHandler: requireAdmin('order.view') }, async (request) => {
    const { phones } = phoneListQuery.parse(request.query);
    const risks = await phoneRisks(requestCtx(request), phones);
    return { data: Object.fromEntries(risks) };
  });

  /** What the connected couriers say of the phone, cached a day; asked apart so the page never waits on a courier. */
  app.get<WithPhone>('/api/admin/risk/phone/:phone/courier', { preHandler: requireAdmin('order.view') }, async (request) => ({
    data: await courierPhoneRecord(requestCtx(request), app.config, phoneOf(request.params.phone)),
  }));
}
