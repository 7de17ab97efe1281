import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { toCsv } from '../../http/csv';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import {
  assigneesOf,
  orderAssignmentOf,
  orderAssignmentSettingsOf,
  reassignOrders,
  saveOrderAssignmentSettings,
} from './order-assignment.service';
import { staffOrderReport } from './order-assignment-report.service';

type WithId = { Params: { id: string } };
type Query = Record<string, unknown>;

const percent = (ratio: number | null) => (ratio === null ? '' : `${Math.round(ratio * 1000) / 10}%`);

/**
 * Order assignment (decision 057): its settings, who orders may go to, reassigning by hand, an order's
 * assignee with its history, and the per-staff report with its CSV.
 */
export async function orderAssignmentRoutes(app: FastifyInstance) {
  const manage = { preHandler: requireAdmin('order.assignment.manage') };
  app.get('/api/admin/order-assignment/settings', manage, (request) => orderAssignmentSettingsOf(requestCtx(request)));
  app.put('/api/admin/order-assignment/settings', manage, async (request) => ({
    message: 'The order assignment settings were saved.',
    data: await saveOrderAssignmentSettings(requestCtx(request), request.body),
  }));

  app.get('/api/admin/order-assignment/assignees', { preHandler: requireAdmin('order.view') }, (request) =>
    assigneesOf(requestCtx(request)),
  );

  app.post('/api/admin/orders/assign', { preHandler: requireAdmin('order.assign') }, (request) =>
    reassignOrders(requestCtx(request), request.body),
  );

  app.get<WithId>(
    '/api/admin/orders/:id/assignment',
    { preHandler: requireAdmin('order.view') },
    async (request: FastifyRequest<WithId>) => ({
      data: await orderAssignmentOf(requestCtx(request), pathId(request.params.id, 'The order')),
    }),
  );

  const report = { preHandler: requireAdmin('report.view') };
  app.get('/api/admin/reports/order-staff', report, (request) => staffOrderReport(requestCtx(request), request.query as Query));
  app.get('/api/admin/reports/order-staff/export.csv', report, async (request, reply: FastifyReply) => {
    const answer = await staffOrderReport(requestCtx(request), request.query as Query, 'export');
    const rows = [...answer.data, { admin_name: 'Total', ...answer.totals }].map((row) => ({
      Staff: row.admin_name,
      Handled: row.handled,
      Confirmed: row.confirmed,
      Cancelled: row.cancelled,
      Delivered: row.delivered,
      Returned: row.returned,
      'Delivered ratio': percent(row.delivered_ratio),
      'Average minutes to confirm': row.average_confirm_minutes ?? '',
    }));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-per-staff-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(toCsv(rows));
  });
}
