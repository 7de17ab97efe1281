import { fromPaisa } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../../http/auth';
import { toCsv } from '../../../http/csv';
import { pathId } from '../../../http/errors';
import { requestCtx } from '../../../http/request-context';
import { merchantProfile } from '../portal/portal.service';
import { merchantBalance } from './ledger.service';
import { statementPage } from './statement.service';
import { findWithdrawal, payWithdrawal, rejectWithdrawal, withdrawalPage } from './withdrawal.service';

type WithId = { Params: { id: string } };
type Query = Record<string, unknown>;

/**
 * The back office's side of merchant money: withdraw requests (`/admin/withdraw/request/by/merchant`:
 * pending, paid, rejected; pay with method and transaction id, or reject with a reason) and each
 * merchant's statement (from `/admin/merchant`).
 */
export async function merchantMoneyAdminRoutes(app: FastifyInstance) {
  app.get('/api/admin/merchant-withdrawals', { preHandler: requireAdmin('merchant.withdrawal.view') }, (request) =>
    withdrawalPage(requestCtx(request), '/api/admin/merchant-withdrawals', request.query as Query),
  );
  app.get<WithId>('/api/admin/merchant-withdrawals/:id', { preHandler: requireAdmin('merchant.withdrawal.view') }, async (request) => {
    const ctx = requestCtx(request);
    const found = await findWithdrawal(ctx, pathId(request.params.id, 'The withdraw request'));
    return { data: found, balance: await merchantBalance(ctx.db, found.merchant_id) };
  });
  app.post<WithId>('/api/admin/merchant-withdrawals/:id/pay', { preHandler: requireAdmin('merchant.withdrawal.pay') }, async (request) => {
    const data = await payWithdrawal(requestCtx(request), pathId(request.params.id, 'The withdraw request'), request.body as never);
    return { data, message: `${data.number} was marked paid.` };
  });
  app.post<WithId>(
    '/api/admin/merchant-withdrawals/:id/reject',
    { preHandler: requireAdmin('merchant.withdrawal.pay') },
    async (request) => {
      const data = await rejectWithdrawal(requestCtx(request), pathId(request.params.id, 'The withdraw request'), request.body);
      return { data, message: `${data.number} was rejected; the amount is back in the merchant's balance.` };
    },
  );

  app.get<WithId>('/api/admin/merchants/:id/statement', { preHandler: requireAdmin('merchant.statement.view') }, async (request) => {
    const ctx = requestCtx(request);
    const id = pathId(request.params.id, 'The merchant');
    const merchant = await merchantProfile(ctx, id);
    return {
      ...(await statementPage(ctx, id, `/api/admin/merchants/${id}/statement`, request.query as Query)),
      merchant,
      balance: await merchantBalance(ctx.db, id),
    };
  });
  app.get<WithId>(
    '/api/admin/merchants/:id/statement.csv',
    { preHandler: requireAdmin('merchant.statement.view') },
    async (request, reply) => {
      const ctx = requestCtx(request);
      const id = pathId(request.params.id, 'The merchant');
      await merchantProfile(ctx, id);
      const rows: Record<string, unknown>[] = [];
      for (let page = 1; page <= 1000; page += 1) {
        const found = await statementPage(ctx, id, '', { ...(request.query as Query), page, per_page: 500 });
        for (const entry of found.data) {
          rows.push({
            Date: entry.at,
            Entry: entry.kind_label,
            Order: entry.order_number ?? '',
            Product: entry.product_name ?? '',
            Quantity: entry.quantity ?? '',
            'Unit price': entry.unit_price === null ? '' : fromPaisa(entry.unit_price),
            Amount: fromPaisa(entry.amount),
            Balance: fromPaisa(entry.balance_after),
            Note: entry.note,
          });
        }
        if (page >= found.last_page) break;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="merchant-${id}-statement.csv"`)
        .send(toCsv(rows));
    },
  );
}
