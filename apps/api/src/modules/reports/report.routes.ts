import { fromPaisa, ORDER_STATUS_LABELS, type OrderStatusCode } from '@haat/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { toCsv } from '../../http/csv';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { orderReport, processingReport, profitReport, staffMovesReport } from '../orders';

type Query = Record<string, unknown>;
type WithId = { Params: { id: string } };

const GROUP_HEADERS = { date: 'Date', status: 'Status', type: 'Type', source: 'Source' } as const;
const STATUS_CODES = Object.keys(ORDER_STATUS_LABELS) as `${OrderStatusCode}`[];
const taka = (paisa: number) => fromPaisa(paisa);

function sendCsv(reply: FastifyReply, name: string, rows: Record<string, unknown>[]) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(toCsv(rows));
}

/**
 * The order reports (issue 6 item 7), each a JSON page with totals and a chart, and its CSV export
 * of every row for the same filters. All need `report.view`.
 */
export async function reportRoutes(app: FastifyInstance) {
  const guard = { preHandler: requireAdmin('report.view') };

  app.get('/api/admin/reports/orders', guard, (request) => orderReport(requestCtx(request), request.query as Query));
  app.get('/api/admin/reports/orders/export.csv', guard, async (request, reply) => {
    const report = await orderReport(requestCtx(request), request.query as Query, 'export');
    const rows = [...report.data, { label: 'Total', ...report.totals }].map((row) => ({
      [GROUP_HEADERS[report.group]]: row.label,
      Orders: row.orders,
      Subtotal: taka(row.subtotal),
      'Delivery charge': taka(row.delivery_charge),
      Discount: taka(row.discount),
      Total: taka(row.total),
    }));
    return sendCsv(reply, `orders-by-${report.group}`, rows);
  });

  app.get('/api/admin/reports/order-processing', guard, (request) => processingReport(requestCtx(request), request.query as Query));
  app.get('/api/admin/reports/order-processing/export.csv', guard, async (request, reply) => {
    const report = await processingReport(requestCtx(request), request.query as Query, 'export');
    const rows = report.data.map((row) => ({
      Staff: row.admin_name,
      Moves: row.moves,
      ...Object.fromEntries(
        STATUS_CODES.map((code) => [`To ${ORDER_STATUS_LABELS[Number(code) as OrderStatusCode]}`, row.to_status[code] ?? 0]),
      ),
      'Median minutes, pending to confirmed': row.median_confirm_minutes ?? '',
      'Median minutes, confirmed to shipped': row.median_ship_minutes ?? '',
    }));
    return sendCsv(reply, 'order-processing', rows);
  });

  app.get<WithId>('/api/admin/reports/order-processing/:id', guard, (request) =>
    staffMovesReport(requestCtx(request), pathId(request.params.id, 'The admin'), request.query as Query),
  );
  app.get<WithId>('/api/admin/reports/order-processing/:id/export.csv', guard, async (request, reply) => {
    const report = await staffMovesReport(requestCtx(request), pathId(request.params.id, 'The admin'), request.query as Query, 'export');
    const rows = report.data.map((row) => ({
      Order: row.order_number,
      From: row.from_label,
      To: row.to_label,
      At: row.at,
      Note: row.note,
    }));
    return sendCsv(reply, `order-moves-admin-${report.admin.id}`, rows);
  });

  app.get('/api/admin/reports/order-profit', guard, (request) => profitReport(requestCtx(request), request.query as Query));
  app.get('/api/admin/reports/order-profit/export.csv', guard, async (request, reply) => {
    const report = await profitReport(requestCtx(request), request.query as Query, 'export');
    const line = (row: { sale: number; cost: number; delivery_charge: number; profit: number }) => ({
      Sale: taka(row.sale),
      Cost: taka(row.cost),
      'Delivery charge': taka(row.delivery_charge),
      Profit: taka(row.profit),
    });
    const rows = [
      ...report.data.map((row) => ({
        Order: row.number,
        Type: row.type,
        Customer: row.customer_name,
        'Delivered at': row.delivered_at,
        ...line(row),
      })),
      { Order: 'Total', Type: '', Customer: `${report.totals.orders} orders`, 'Delivered at': '', ...line(report.totals) },
    ];
    return sendCsv(reply, 'order-profit', rows);
  });
}
