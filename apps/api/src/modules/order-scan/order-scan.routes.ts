import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { requestCtx } from '../../http/request-context';
import { courierChoices } from '../couriers';
import { parcelPrintSheet } from './order-print.service';
import { dispatchScan, returnScan, undoDispatchScan } from './order-scan.service';

/**
 * Printing and scanning parcels (decision 059): the print sheet of barcoded invoices and stickers,
 * the dispatch desk's scan (and its undo) and the returns check-in's scan.
 */
export async function orderScanRoutes(app: FastifyInstance) {
  app.get('/api/admin/order-scan/print', { preHandler: requireAdmin('order.view') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return parcelPrintSheet(requestCtx(request), request.query as Record<string, unknown>);
  });

  /** The couriers the desk may hand parcels to: the active ones. */
  app.get('/api/admin/order-scan/couriers', { preHandler: requireAdmin('order.scan.dispatch') }, async (request) => ({
    data: await courierChoices(requestCtx(request)),
  }));

  app.post('/api/admin/order-scan/dispatch', { preHandler: requireAdmin('order.scan.dispatch') }, (request) =>
    dispatchScan(requestCtx(request), request.body),
  );

  app.post('/api/admin/order-scan/dispatch/undo', { preHandler: requireAdmin('order.scan.dispatch') }, (request) =>
    undoDispatchScan(requestCtx(request), request.body),
  );

  app.post('/api/admin/order-scan/return', { preHandler: requireAdmin('order.scan.return') }, (request) =>
    returnScan(requestCtx(request), request.body),
  );
}
