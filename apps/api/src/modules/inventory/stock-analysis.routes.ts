import { fromPaisa } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { toCsv } from '../../http/csv';
import { requestCtx } from '../../http/request-context';
import { supplierChoices } from '../purchasing';
import { createReorderDraft, reorderSuggestions, stockAnalysisPage } from './stock-analysis.service';

type Query = Record<string, unknown>;

/** The stock and create analysis (`/admin/stock/and/create/analysis`): figures, CSV, reorder suggestions and drafts. */
export async function stockAnalysisRoutes(app: FastifyInstance) {
  const view = { preHandler: requireAdmin('stock.analysis.view') };

  app.get('/api/admin/stock-analysis', view, (request) =>
    stockAnalysisPage(requestCtx(request), '/api/admin/stock-analysis', request.query as Query),
  );
  app.get('/api/admin/stock-analysis/export.csv', view, async (request, reply) => {
    const report = await stockAnalysisPage(requestCtx(request), '/api/admin/stock-analysis', request.query as Query, 'export');
    const rows = report.data.map((row) => ({
      Product: row.name,
      Variant: row.variant,
      SKU: row.sku,
      Category: row.category_name ?? '',
      Supplier: row.supplier_name ?? '',
      Stock: row.stock,
      'Sold 7 days': row.sold_7,
      'Sold 30 days': row.sold_30,
      'Sold 90 days': row.sold_90,
      'Per day': row.daily_rate,
      'Days of cover': row.cover_days ?? '',
      'Unit cost': fromPaisa(row.unit_cost),
      'Stock value': fromPaisa(row.stock_value),
      'Last sold': row.last_sold_at ?? '',
      Dead: row.dead ? 'yes' : 'no',
    }));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="stock-analysis-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(toCsv(rows));
  });
  app.get('/api/admin/stock-analysis/suppliers', view, async (request) => ({
    data: await supplierChoices(requestCtx(request).db, 'goods'),
  }));
  app.get('/api/admin/stock-analysis/reorder', view, (request) => reorderSuggestions(requestCtx(request), request.query as Query));
  app.post('/api/admin/stock-analysis/reorder', { preHandler: requireAdmin('purchase.create') }, async (request, reply) => {
    const data = await createReorderDraft(requestCtx(request), request.body);
    return reply.status(201).send({ data, message: `A draft purchase from ${data.supplier_name} was made.` });
  });
}
