import { fromPaisa, type WithdrawalView } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../../http/auth';
import { toCsv } from '../../../http/csv';
import { notFound, pathId } from '../../../http/errors';
import { requestCtx } from '../../../http/request-context';
import { findWithdrawal, withdrawalPage } from '../money/cashbook.service';
import { resellerBalance } from '../money/ledger.service';
import { payWithdrawal, rejectWithdrawal } from '../money/withdrawal.service';
import { customerList, userList } from './people.resource';
import { resellerResource } from './reseller.resource';
import { placeResellerSale } from './reseller-sale.service';

type WithId = { Params: { id: string } };

const csvLine = (row: WithdrawalView) => ({
  Number: row.number,
  Reseller: row.reseller_name,
  Phone: row.reseller_phone,
  Shop: row.shop_name,
  Amount: fromPaisa(row.amount),
  Status: row.status_label,
  'Pay to': row.payout_label,
  'Requested at': row.requested_at,
  'Paid by': row.paid_method ?? '',
  'Transaction id': row.transaction_id ?? '',
  'Reject reason': row.reject_reason ?? '',
  'Decided by': row.decided_by ?? '',
  'Decided at': row.decided_at ?? '',
});

/**
 * The back office's side of resellers (seed §2.4): the resellers themselves, their withdraw
 * requests (`/admin/withdraw/request/by/resellers`, the unpaid and paid lists, the invoices),
 * sales staff enter for them, and the customer and user lists.
 */
export async function resellerAdminRoutes(app: FastifyInstance) {
  resellerResource.register(app);
  customerList.register(app);
  userList.register(app);

  app.get('/api/admin/reseller-withdrawals', { preHandler: requireAdmin('reseller.payment.view') }, (request) =>
    withdrawalPage(requestCtx(request), '/api/admin/reseller-withdrawals', request.query as Record<string, unknown>),
  );

  app.get('/api/admin/reseller-withdrawals/export.csv', { preHandler: requireAdmin('reseller.payment.view') }, async (request, reply) => {
    const lines: ReturnType<typeof csvLine>[] = [];
    for (let page = 1; page <= 1000; page += 1) {
      const query = { ...(request.query as Record<string, unknown>), page, per_page: 100 };
      const found = await withdrawalPage(requestCtx(request), '/api/admin/reseller-withdrawals', query);
      lines.push(...found.data.map(csvLine));
      if (page >= found.last_page) break;
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="reseller-payments-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(toCsv(lines));
  });

  /** One request with the reseller's figures now: what the invoice and the decision dialog show. */
  app.get<WithId>('/api/admin/reseller-withdrawals/:id', { preHandler: requireAdmin('reseller.payment.view') }, async (request) => {
    const ctx = requestCtx(request);
    const found = await findWithdrawal(ctx, pathId(request.params.id, 'The withdraw request'));
    if (!found) throw notFound('The withdraw request');
    return { data: found, balance: await resellerBalance(ctx, found.reseller_id) };
  });

  app.post<WithId>('/api/admin/reseller-withdrawals/:id/pay', { preHandler: requireAdmin('reseller.payment.pay') }, async (request) => {
    const data = await payWithdrawal(requestCtx(request), pathId(request.params.id, 'The withdraw request'), request.body as never);
    return { data, message: `${data.number} was marked paid.` };
  });

  app.post<WithId>('/api/admin/reseller-withdrawals/:id/reject', { preHandler: requireAdmin('reseller.payment.pay') }, async (request) => {
    const data = await rejectWithdrawal(requestCtx(request), pathId(request.params.id, 'The withdraw request'), request.body);
    return { data, message: `${data.number} was rejected; the amount is back in the reseller's balance.` };
  });

  app.post('/api/admin/reseller-sales', { preHandler: requireAdmin('order.create') }, async (request, reply) => {
    const placed = await placeResellerSale(requestCtx(request), request.body as never);
    return reply.status(placed.created ? 201 : 200).send({ order: placed.order, message: `Order ${placed.order.number} was placed.` });
  });
}
