import { fromPaisa, PURCHASE_STATUS_LABELS, SUPPLIER_PAYMENT_METHOD_LABELS } from '@haat/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../../http/auth';
import { toCsv } from '../../http/csv';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { searchVariantIds, sellableVariants } from '../products';
import { purchaseResource } from './purchase.resource';
import { deletePurchase, lastSupplierOfVariants, receivePurchase, returnToSupplier, savePurchase, shopToday } from './purchase.service';
import { recordCreditNote } from './purchase-credit-note.service';
import { purchaseReport, supplierReport } from './purchase-report.service';
import { fabricSupplierResource, supplierResource } from './supplier.resources';
import { paySupplier, supplierStatement } from './supplier-payment.service';

type Query = Record<string, unknown>;
type WithId = { Params: { id: string } };
const taka = (paisa: number) => fromPaisa(paisa);
const purchaseId = (raw: string) => pathId(raw, 'The purchase');
const supplierId = (raw: string) => pathId(raw, 'The supplier');

function sendCsv(reply: FastifyReply, name: string, rows: Record<string, unknown>[]) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(toCsv(rows));
}

const variantSearchQuery = z.object({
  q: z.string().trim().max(120, 'Use at most 120 characters').default(''),
  supplier_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

/** Suppliers, purchases (save, receive, return, credit notes), supplier statements and payments, and their reports (decision 034). */
export async function purchasingRoutes(app: FastifyInstance) {
  supplierResource.register(app);
  fabricSupplierResource.register(app);
  purchaseResource.register(app);

  app.post('/api/admin/purchases', { preHandler: requireAdmin('purchase.create') }, async (request, reply) => {
    const data = await savePurchase(requestCtx(request), request.body, null);
    return reply.status(201).send({ data, message: 'The purchase was created.' });
  });
  app.put<WithId>('/api/admin/purchases/:id', { preHandler: requireAdmin('purchase.update') }, async (request) => {
    const data = await savePurchase(requestCtx(request), request.body, purchaseId(request.params.id));
    return { data, message: 'The purchase was saved.' };
  });
  app.delete<WithId>('/api/admin/purchases/:id', { preHandler: requireAdmin('purchase.delete') }, async (request) => {
    await deletePurchase(requestCtx(request), purchaseId(request.params.id));
    return { message: 'The purchase was deleted.' };
  });
  app.post<WithId>('/api/admin/purchases/:id/receive', { preHandler: requireAdmin('purchase.receive') }, async (request) => {
    const data = await receivePurchase(requestCtx(request), purchaseId(request.params.id), request.body);
    return { data, message: 'The goods were received into stock.' };
  });
  app.post<WithId>('/api/admin/purchases/:id/returns', { preHandler: requireAdmin('purchase.return') }, async (request) => {
    const data = await returnToSupplier(requestCtx(request), purchaseId(request.params.id), request.body);
    return { data, message: 'The goods were returned to the supplier.' };
  });

  app.post<WithId>('/api/admin/purchases/:id/credit-notes', { preHandler: requireAdmin('purchase.credit') }, async (request, reply) => {
    const data = await recordCreditNote(requestCtx(request), purchaseId(request.params.id), request.body);
    return reply.status(201).send({ data, message: 'The credit note was recorded.' });
  });

  /** The purchase form's product search: name, SKU or barcode, with stock, cost now and the supplier's last cost. */
  app.get('/api/admin/purchase-variants', { preHandler: requireAdmin('purchase.view') }, async (request) => {
    const query = variantSearchQuery.parse(request.query);
    const ctx = requestCtx(request);
    const ids = await searchVariantIds(ctx, query.q, 20);
    const [variants, last] = [await sellableVariants(ctx.db, ids), await lastSupplierOfVariants(ctx.db, ids)];
    const byId = new Map(variants.map((variant) => [variant.variantId, variant]));
    return {
      data: ids.flatMap((id) => {
        const variant = byId.get(id);
        if (!variant) return [];
        const previous = last.get(id);
        return [
          {
            variant_id: id,
            product_id: variant.productId,
            product_name: variant.productName,
            variant_label: variant.variantLabel,
            sku: variant.sku,
            barcode: variant.barcode,
            stock: variant.stock,
            unit_cost: variant.unitCost,
            last_cost: previous && (!query.supplier_id || previous.supplierId === query.supplier_id) ? previous.unitCost : null,
            last_supplier: previous?.supplierName ?? null,
          },
        ];
      }),
    };
  });

  app.get<WithId>('/api/admin/suppliers/:id/statement', { preHandler: requireAdmin('supplier.view') }, async (request) => ({
    data: await supplierStatement(requestCtx(request), supplierId(request.params.id)),
  }));
  app.get<WithId>('/api/admin/suppliers/:id/statement.csv', { preHandler: requireAdmin('supplier.view') }, async (request, reply) => {
    const statement = await supplierStatement(requestCtx(request), supplierId(request.params.id));
    const rows = statement.rows.map((row) => ({
      Date: row.on,
      Entry: row.description,
      Method: row.method ? SUPPLIER_PAYMENT_METHOD_LABELS[row.method] : '',
      Reference: row.reference ?? '',
      'Owed more': row.debit ? taka(row.debit) : '',
      'Owed less': row.credit ? taka(row.credit) : '',
      Due: taka(row.due),
    }));
    return sendCsv(reply, `supplier-${statement.supplier.id}-statement`, rows);
  });
  app.post<WithId>('/api/admin/suppliers/:id/payments', { preHandler: requireAdmin('supplier.pay') }, async (request, reply) => {
    const ctx = requestCtx(request);
    const data = await paySupplier(ctx, supplierId(request.params.id), request.body, () => shopToday(ctx));
    return reply.status(201).send({ data, message: 'The payment was recorded.' });
  });

  app.get('/api/admin/reports/purchases', { preHandler: requireAdmin('report.purchase') }, (request) =>
    purchaseReport(requestCtx(request), request.query as Query),
  );
  app.get('/api/admin/reports/purchases/export.csv', { preHandler: requireAdmin('report.purchase') }, async (request, reply) => {
    const report = await purchaseReport(requestCtx(request), request.query as Query, 'export');
    const header = { date: 'Date', supplier: 'Supplier', status: 'Status' }[report.group];
    const rows = [...report.data, { label: 'Total', ...report.totals }].map((row) => ({
      [header]:
        report.group === 'status' && row.label !== 'Total'
          ? (PURCHASE_STATUS_LABELS[row.label as keyof typeof PURCHASE_STATUS_LABELS] ?? row.label)
          : row.label,
      Purchases: row.purchases,
      Units: row.units,
      Total: taka(row.total),
      Received: taka(row.received_value),
      Returned: taka(row.returned_value),
      Credited: taka(row.credited_value),
      Paid: taka(row.paid),
      Due: taka(row.due),
    }));
    return sendCsv(reply, `purchases-by-${report.group}`, rows);
  });
  app.get('/api/admin/reports/suppliers', { preHandler: requireAdmin('report.supplier') }, (request) =>
    supplierReport(requestCtx(request), request.query as Query),
  );
  app.get('/api/admin/reports/suppliers/export.csv', { preHandler: requireAdmin('report.supplier') }, async (request, reply) => {
    const report = await supplierReport(requestCtx(request), request.query as Query, 'export');
    const line = (row: { opening: number; purchases: number; returns: number; credits: number; payments: number; closing: number }) => ({
      'Due at start': taka(row.opening),
      'Goods received': taka(row.purchases),
      Returned: taka(row.returns),
      'Credit notes': taka(row.credits),
      Paid: taka(row.payments),
      'Due at end': taka(row.closing),
    });
    const rows = [
      ...report.data.map((row) => ({ Supplier: row.name, Company: row.company, Kind: row.kind, ...line(row) })),
      { Supplier: 'Total', Company: '', Kind: `${report.totals.suppliers} suppliers`, ...line(report.totals) },
    ];
    return sendCsv(reply, 'suppliers', rows);
  });
}
