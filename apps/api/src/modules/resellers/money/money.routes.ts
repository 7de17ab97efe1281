import type { FastifyInstance } from 'fastify';
import { notFound, pathId } from '../../../http/errors';
import { requestCtx } from '../../../http/request-context';
import { requireReseller } from '../portal/guard';
import { findWithdrawal, incomePage, withdrawalPage } from './cashbook.service';
import { resellerBalance } from './ledger.service';
import { deletePayoutAccount, listPayoutAccounts, type PayoutKind, savePayoutAccount } from './payout-account.service';
import { requestWithdrawal } from './withdrawal.service';

type WithId = { Params: { id: string } };

/**
 * The reseller portal's money calls (PRODUCT.md §4), behind the reseller's session: balance,
 * cashbook income and pay-off, withdraw requests and history, saved bank accounts and
 * mobile-banking numbers. Every id is looked up within the signed-in reseller's own rows.
 */
export async function resellerMoneyRoutes(app: FastifyInstance) {
  app.get('/api/reseller/balance', async (request) => {
    const { account: reseller } = await requireReseller(request);
    return { balance: await resellerBalance(requestCtx(request), reseller.id) };
  });

  app.get('/api/reseller/cashbook/income', async (request) => {
    const { account: reseller } = await requireReseller(request);
    const query = request.query as Record<string, unknown>;
    const ctx = requestCtx(request);
    return {
      ...(await incomePage(ctx, reseller.id, '/api/reseller/cashbook/income', query)),
      balance: await resellerBalance(ctx, reseller.id),
    };
  });

  app.get('/api/reseller/cashbook/pay-off', async (request) => {
    const { account: reseller } = await requireReseller(request);
    const query = request.query as Record<string, unknown>;
    const ctx = requestCtx(request);
    return {
      ...(await withdrawalPage(ctx, '/api/reseller/cashbook/pay-off', query, { resellerId: reseller.id, status: 'paid' })),
      balance: await resellerBalance(ctx, reseller.id),
    };
  });

  app.get('/api/reseller/withdrawals', async (request) => {
    const { account: reseller } = await requireReseller(request);
    // `filter[status]=` is the list envelope's spelling (the portal's shared list), `status=` the older one.
    const { 'filter[status]': filtered, ...query } = request.query as Record<string, unknown>;
    return withdrawalPage(requestCtx(request), '/api/reseller/withdrawals', filtered ? { ...query, status: filtered } : query, {
      resellerId: reseller.id,
    });
  });

  app.get<WithId>('/api/reseller/withdrawals/:id', async (request) => {
    const { account: reseller } = await requireReseller(request);
    const found = await findWithdrawal(requestCtx(request), pathId(request.params.id, 'The withdraw request'), reseller.id);
    if (!found) throw notFound('The withdraw request');
    return { data: found };
  });

  app.post('/api/reseller/withdrawals', async (request, reply) => {
    const { account: reseller } = await requireReseller(request);
    const data = await requestWithdrawal(requestCtx(request), reseller.id, request.body as never);
    return reply.status(201).send({ data, message: 'Your withdraw request was sent. The shop pays it after checking.' });
  });

  // Bank accounts (`/dropshipper/bank/account`) and mobile-banking numbers (`/dropshipper/mobile/banking`).
  const payoutRoutes = (path: string, kind: PayoutKind, label: string) => {
    app.get(path, async (request) => {
      const { account: reseller } = await requireReseller(request);
      return { data: await listPayoutAccounts(requestCtx(request), reseller.id, kind) };
    });
    app.post(path, async (request, reply) => {
      const { account: reseller } = await requireReseller(request);
      const data = await savePayoutAccount(requestCtx(request), reseller.id, kind, request.body, null);
      return reply.status(201).send({ data, message: `The ${label} was saved.` });
    });
    app.put<WithId>(`${path}/:id`, async (request) => {
      const { account: reseller } = await requireReseller(request);
      const data = await savePayoutAccount(requestCtx(request), reseller.id, kind, request.body, pathId(request.params.id, `The ${label}`));
      return { data, message: `The ${label} was saved.` };
    });
    app.delete<WithId>(`${path}/:id`, async (request) => {
      const { account: reseller } = await requireReseller(request);
      await deletePayoutAccount(requestCtx(request), reseller.id, kind, pathId(request.params.id, `The ${label}`));
      return { message: `The ${label} was deleted.` };
    });
  };
  payoutRoutes('/api/reseller/bank-accounts', 'bank', 'bank account');
  payoutRoutes('/api/reseller/mobile-banking', 'mobile', 'mobile-banking number');

  /** Every saved account, for the withdraw form's chooser. */
  app.get('/api/reseller/payout-accounts', async (request) => {
    const { account: reseller } = await requireReseller(request);
    return { data: await listPayoutAccounts(requestCtx(request), reseller.id) };
  });
}
