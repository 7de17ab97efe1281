import { fromPaisa, SALE_PROFIT_CHANNEL_LABELS } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { toCsv } from '../../http/csv';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { companySaleRoutes } from './company-sale.routes';
import { counterSaleDetail, createCounterSale, findCounterItems, updateCounterSale } from './counter-sale.service';
import { createExchange, returnableSale } from './exchange.service';
import { officeSaleReport } from './office-sale-report.service';
import { counterSaleResource } from './sale.resources';
import { saleProfitReport } from './sale-profit-report.service';

type WithId = { Params: { id: string } };
const saleId = (raw: string) => pathId(raw, 'The sale');

/** The counter's sales (decision 036): scan, sell, print; the office sale report. */
export async function salesRoutes(app: FastifyInstance) {
  await companySaleRoutes(app);
  counterSaleResource.register(app);
  app.get('/api/admin/sales/counter/items', { preHandler: requireAdmin('sale.create') }, (request) =>
    findCounterItems(requestCtx(request), request.query),
  );
  app.post('/api/admin/sales/counter', { preHandler: requireAdmin('sale.create') }, async (request, reply) => {
    const data = await createCounterSale(requestCtx(request), request.body);
    return reply.status(201).send({ data, message: 'The sale was saved.' });
  });
  app.get<WithId>('/api/admin/sales/counter/:id', { preHandler: requireAdmin('sale.view') }, async (request) => ({
    data: await counterSaleDetail(requestCtx(request), saleId(request.params.id)),
  }));
  app.put<WithId>('/api/admin/sales/counter/:id', { preHandler: requireAdmin('sale.update') }, async (request) => ({
    data: await updateCounterSale(requestCtx(request), saleId(request.params.id), request.body),
    message: 'The sale was saved.',
  }));

  app.get('/api/admin/reports/office-sales', { preHandler: requireAdmin('report.sale') }, (request) =>
    officeSaleReport(requestCtx(request), request.query as Record<string, unknown>),
  );
  app.get('/api/admin/reports/office-sales/export.csv', { preHandler: requireAdmin('report.sale') }, async (request, reply) => {
    const report = await officeSaleReport(requestCtx(request), request.query as Record<string, unknown>, 'export');
    const rows = [...report.data, { date: 'Total', ...report.totals }].map((row) => ({
      Date: row.date,
      Sales: row.sales,
      Items: row.items,
      Takings: fromPaisa(row.total),
      Cost: fromPaisa(row.cost),
      Profit: fromPaisa(row.profit),
      Cash: fromPaisa(row.cash),
      Card: fromPaisa(row.card),
      'Mobile banking': fromPaisa(row.mobile),
    }));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="office-sales-${report.range.from}-to-${report.range.to}.csv"`)
      .send(toCsv(rows));
  });

  // Exchanges at the counter and the sale profit report (decision 040).
  app.get<WithId>('/api/admin/sales/exchange/returnable/:id', { preHandler: requireAdmin('sale.create') }, async (request) => ({
    data: await returnableSale(requestCtx(request), saleId(request.params.id)),
  }));
  app.post('/api/admin/sales/exchange', { preHandler: requireAdmin('sale.create') }, async (request, reply) => {
    const data = await createExchange(requestCtx(request), request.body);
    return reply.status(201).send({ data, message: 'The exchange was saved.' });
  });
  app.get('/api/admin/reports/sale-profit', { preHandler: requireAdmin('report.sale') }, (request) =>
    saleProfitReport(requestCtx(request), request.query as Record<string, unknown>),
  );
  app.get('/api/admin/reports/sale-profit/export.csv', { preHandler: requireAdmin('report.sale') }, async (request, reply) => {
    const report = await saleProfitReport(requestCtx(request), request.query as Record<string, unknown>, 'export');
    const line = (date: string, channel: string, row: (typeof report)['totals']) => ({
      Date: date,
      Channel: channel,
      Count: row.count,
      Revenue: fromPaisa(row.revenue),
      Cost: fromPaisa(row.cost),
      Profit: fromPaisa(row.profit),
      'Margin %': row.margin ?? '',
    });
    const rows = [
      ...report.data.map((row) => line(row.date, SALE_PROFIT_CHANNEL_LABELS[row.channel], row)),
      line('Total', '', report.totals),
    ];
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="sale-profit-${report.range.from}-to-${report.range.to}.csv"`)
      .send(toCsv(rows));
  });
}
