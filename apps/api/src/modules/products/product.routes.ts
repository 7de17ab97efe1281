import { hasPermission } from '@haat/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../../http/auth';
import { forbidden, invalid, notFound } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { comboResource } from './combo.resource';
import { productResource } from './product.resource';
import { listVariants } from './product.service';
import { importProducts } from './product-import.service';
import { productViewsReport, stockReport } from './report.service';
import { adjustStock, listStockMovements } from './stock.service';

type WithId = { Params: { id: string } };

function productId(request: FastifyRequest<WithId>): number {
  const value = Number(request.params.id);
  if (!Number.isInteger(value) || value <= 0) throw notFound('The product');
  return value;
}

const importQuery = z.object({ dry_run: z.enum(['1', '0', 'true', 'false']).default('0') });
const IMPORT_FILE_LIMIT = 20 * 1024 * 1024;

/** Products, their stock ledger, CSV import, combos and the stock and product-view reports. */
export async function productRoutes(app: FastifyInstance) {
  app.post('/api/admin/products/import', { preHandler: requireAdmin('product.import') }, async (request) => {
    const { dry_run } = importQuery.parse(request.query);
    if (!request.isMultipart()) throw invalid('file', 'Choose a CSV file to import.');
    const file = await request.file({ limits: { fileSize: IMPORT_FILE_LIMIT } }).catch(() => undefined);
    if (!file) throw invalid('file', 'Choose a CSV file to import.');
    const data = await file.toBuffer().catch(() => {
      throw invalid('file', 'The file must be at most 20 MB.');
    });
    if (data.includes(0)) throw invalid('file', 'This is not a CSV file. Save the sheet as CSV (UTF-8) and try again.');
    const dryRun = dry_run === '1' || dry_run === 'true';
    const result = await importProducts(requestCtx(request), data.toString('utf8'), { dryRun });
    const changed = `${result.created} to create, ${result.updated} to update`;
    return {
      ...result,
      message: dryRun
        ? `The file is valid: ${changed}. Nothing was written.`
        : `Imported: ${result.created} created, ${result.updated} updated.`,
    };
  });

  // The variant picker of the combo form (and later of order forms).
  app.get('/api/admin/product-variants', { preHandler: requireAdmin() }, (request) => {
    const granted = request.admin.permissions;
    if (!hasPermission(granted, 'product.view') && !hasPermission(granted, 'combo.view')) {
      throw forbidden('You do not have the "product.view" permission.');
    }
    return listVariants(request.server.db, request.query as Record<string, unknown>);
  });

  app.get<WithId>('/api/admin/products/:id/stock', { preHandler: requireAdmin('product.view') }, (request) =>
    listStockMovements(requestCtx(request), productId(request), request.query as Record<string, unknown>),
  );

  app.post<WithId>('/api/admin/products/:id/stock', { preHandler: requireAdmin('stock.adjust') }, async (request) => {
    const data = await adjustStock(requestCtx(request), productId(request), request.body);
    return { data, message: `Stock adjusted: ${data.stock} in stock now.` };
  });

  app.get('/api/admin/reports/stock', { preHandler: requireAdmin('stock.report.view') }, (request) =>
    stockReport(request.server.db, request.query as Record<string, unknown>),
  );

  app.get('/api/admin/reports/product-views', { preHandler: requireAdmin('stock.report.view') }, (request) =>
    productViewsReport(request.server.db, request.query as Record<string, unknown>),
  );

  productResource.register(app);
  comboResource.register(app);
}
