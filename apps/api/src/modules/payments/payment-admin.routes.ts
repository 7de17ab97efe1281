import { GATEWAY_NAMES, reconciliationReportQuery } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { readCsvUpload } from '../../http/csv-import';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { gatewayFor } from './gateways';
import { paymentResource } from './payment.resource';
import { type GatewayResolver, paymentRefundsOf, refundPayment } from './payment-refund.service';
import { scheduleReconciliation } from './reconciliation.job';
import { reconciliationItemResource, reconciliationRunResource } from './reconciliation.resource';
import { reconcile, reconcileReport, resolveReconciliationItem } from './reconciliation.service';

type WithId = { Params: { id: string } };

/** The gateway clients as the settings configure them (mode, keys), each call logged on its payment. */
export const gatewaysOf =
  (app: FastifyInstance): GatewayResolver =>
  (code) =>
    gatewayFor(app.config, app.db, code);

/**
 * The back office's payments (decision 062): the declared lists (`/api/admin/payments`, the reconciliation runs
 * `…/reconciliations` and what they flagged `…/reconciliations/items`, each with CSV and detail), refunds through
 * the gateway, and the reconciliations' actions (run now, a settlement report, resolve), with the daily job.
 */
export async function paymentAdminRoutes(app: FastifyInstance) {
  const gateways = gatewaysOf(app);
  paymentResource.register(app);
  reconciliationRunResource.register(app);
  reconciliationItemResource.register(app);

  app.get<WithId>('/api/admin/payments/:id/refunds', { preHandler: requireAdmin('payment.view') }, async (request) => ({
    data: await paymentRefundsOf(requestCtx(request), pathId(request.params.id, 'The payment')),
  }));

  app.post<WithId>('/api/admin/payments/:id/refunds', { preHandler: requireAdmin('payment.refund') }, async (request, reply) => {
    const data = await refundPayment(requestCtx(request), gateways, pathId(request.params.id, 'The payment'), request.body);
    return reply.code(201).send({ data, message: `${GATEWAY_NAMES[data.payment.gateway]} refunded the money.` });
  });

  app.post('/api/admin/payments/reconciliations', { preHandler: requireAdmin('payment.reconcile') }, async (request, reply) => {
    const result = await reconcile(requestCtx(request), gateways, request.body);
    return reply.code(201).send({ data: result, message: result.message });
  });

  app.post('/api/admin/payments/reconciliations/report', { preHandler: requireAdmin('payment.reconcile') }, async (request, reply) => {
    const { gateway } = reconciliationReportQuery.parse(request.query);
    const { text } = await readCsvUpload(request);
    const result = await reconcileReport(requestCtx(request), gateway, text);
    return reply.code(201).send({ data: result, message: result.message });
  });

  app.post<WithId>(
    '/api/admin/payments/reconciliations/items/:id/resolve',
    { preHandler: requireAdmin('payment.reconcile') },
    async (request) => ({
      data: await resolveReconciliationItem(requestCtx(request), pathId(request.params.id, 'The reconciliation item'), request.body),
      message: 'Marked as resolved.',
    }),
  );

  scheduleReconciliation(app, gateways);
}
