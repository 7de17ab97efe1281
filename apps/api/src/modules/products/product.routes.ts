import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permissionGate, requireAdmin } from '../../http/auth';
import { importAnswer, readCsvUpload } from '../../http/csv-import';
import { pathId } from '../../http/errors';
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
  const variantPicker = permissionGate(['product.view', 'combo.view']);
  app.get('/api/admin/product-variants', { preHandler: requireAdmin() }, (request) => {
    variantPicker(request);
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
