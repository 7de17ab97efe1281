import { hasPermission } from '@haat/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { importAnswer, readCsvUpload } from '../../http/csv-import';
import { forbidden, pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { comboResource } from './combo.resource';
import { productResource } from './product.resource';
import { listVariants } from './product.service';
import { importProducts } from './product-import.service';
import { productViewsReport, stockReport } from './report.service';
import { adjustStock, listStockMovements } from './stock.service';

type WithId = { Params: { id: string } };

function productId(request: FastifyRequest<WithId>): number {
  return pathId(request.params.id, 'The product');
}

/** Products, their stock ledger, CSV import, combos and the stock and product-view reports. */
export async function productRoutes(app: FastifyInstance) {
  app.post('/api/admin/products/import', { preHandler: requireAdmin('product.import') }, async (request) => {
    const { text, dryRun } = await readCsvUpload(request);
    return importAnswer(await importProducts(requestCtx(request), text, { dryRun }), dryRun);
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
