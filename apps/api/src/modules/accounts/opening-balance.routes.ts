import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { requestCtx } from '../../http/request-context';
import { openingBalancesView, saveOpeningBalances } from './opening-balance.service';

/** `/admin/account/opening`: read and save the opening balances. */
export async function openingBalanceRoutes(app: FastifyInstance) {
  app.get('/api/admin/accounts/opening', { preHandler: requireAdmin('accounts.opening.view') }, async (request) => ({
    data: await openingBalancesView(requestCtx(request)),
  }));
  app.put('/api/admin/accounts/opening', { preHandler: requireAdmin('accounts.opening.update') }, async (request) => ({
    data: await saveOpeningBalances(requestCtx(request), request.body),
    message: 'The opening balances were saved.',
  }));
}
