import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context';
import { pathId } from '../../../http/errors';
import { requestCtx } from '../../../http/request-context';
import type { PayoutKind } from '../../payouts';
import { merchantBalance } from '../money/ledger.service';
import { deletePayoutAccount, listPayoutAccounts, savePayoutAccount } from '../money/payout-account.service';
import { statementPage } from '../money/statement.service';
import { findWithdrawal, requestWithdrawal, withdrawalPage } from '../money/withdrawal.service';
import { requireMerchant } from './guard';
import { requestMerchantReset, setMerchantNewPassword, verifyMerchantResetCode } from './password-reset.service';
import {
  changeMerchantPassword,
  merchantDashboardView,
  merchantOrderLine,
  merchantOrderLines,
  merchantProducts,
  merchantProfile,
  updateMerchantProfile,
} from './portal.service';

type WithId = { Params: { id: string } };
type Query = Record<string, unknown>;

/**
 * The merchant portal's calls (decision 037), behind the merchant's session. Everything read or
 * changed is the signed-in merchant's own: an id of another merchant's line, request or account
 * answers 404, the same as an id that does not exist.
 */
export async function merchantPortalRoutes(app: FastifyInstance) {
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  /** The request's context (acting as the signed-in merchant) and the merchant's id. */
  const mine = async (request: FastifyRequest): Promise<[Ctx, number]> => {
    const { account } = await requireMerchant(request);
    return [requestCtx(request), account.id];
  };

  // ── Password reset by SMS code (public) ──────────────────────────────────
  app.post('/api/merchant/password/reset', async (request, reply) =>
    requestMerchantReset(requestCtx(request), request.server.config, reply, request.body),
  );
  app.post<{ Params: { phone: string } }>('/api/merchant/code/verify/:phone', async (request) =>
    verifyMerchantResetCode(requestCtx(request), request.params.phone, request.body),
  );
  app.post<{ Params: { phone: string } }>('/api/merchant/set/new/password/:phone', async (request) =>
    setMerchantNewPassword(requestCtx(request), request.params.phone, request.body),
  );

  app.get('/api/merchant/dashboard', async (request, reply) => {
    noStore(reply);
    return { data: await merchantDashboardView(...(await mine(request))) };
  });
  app.get('/api/merchant/products', async (request, reply) => {
    noStore(reply);
    return merchantProducts(...(await mine(request)), '/api/merchant/products', request.query as Query);
  });
  app.get('/api/merchant/order-lines', async (request, reply) => {
    noStore(reply);
    return merchantOrderLines(...(await mine(request)), '/api/merchant/order-lines', request.query as Query);
  });
  app.get<WithId>('/api/merchant/order-lines/:id', async (request, reply) => {
    noStore(reply);
    return { data: await merchantOrderLine(...(await mine(request)), pathId(request.params.id, 'The order line')) };
  });

  // ── Money ────────────────────────────────────────────────────────────────
  app.get('/api/merchant/balance', async (request, reply) => {
    noStore(reply);
    const [ctx, id] = await mine(request);
    return { balance: await merchantBalance(ctx.db, id) };
  });
  app.get('/api/merchant/earnings', async (request, reply) => {
    noStore(reply);
    const [ctx, id] = await mine(request);
    return {
      ...(await statementPage(ctx, id, '/api/merchant/earnings', request.query as Query)),
      balance: await merchantBalance(ctx.db, id),
    };
  });
  app.get('/api/merchant/withdrawals', async (request, reply) => {
    noStore(reply);
    const [ctx, id] = await mine(request);
    return withdrawalPage(ctx, '/api/merchant/withdrawals', request.query as Query, id);
  });
  app.get<WithId>('/api/merchant/withdrawals/:id', async (request) => {
    const [ctx, id] = await mine(request);
    return { data: await findWithdrawal(ctx, pathId(request.params.id, 'The withdraw request'), id) };
  });
  app.post('/api/merchant/withdrawals', async (request, reply) => {
    const data = await requestWithdrawal(...(await mine(request)), request.body as never);
    return reply.status(201).send({ data, message: 'Your withdraw request was sent. The shop pays it after checking.' });
  });

  const payoutRoutes = (path: string, kind: PayoutKind, label: string) => {
    app.get(path, async (request) => ({ data: await listPayoutAccounts(...(await mine(request)), kind) }));
    app.post(path, async (request, reply) => {
      const data = await savePayoutAccount(...(await mine(request)), kind, request.body, null);
      return reply.status(201).send({ data, message: `The ${label} was saved.` });
    });
    app.put<WithId>(`${path}/:id`, async (request) => {
      const data = await savePayoutAccount(...(await mine(request)), kind, request.body, pathId(request.params.id, `The ${label}`));
      return { data, message: `The ${label} was saved.` };
    });
    app.delete<WithId>(`${path}/:id`, async (request) => {
      await deletePayoutAccount(...(await mine(request)), kind, pathId(request.params.id, `The ${label}`));
      return { message: `The ${label} was deleted.` };
    });
  };
  payoutRoutes('/api/merchant/bank-accounts', 'bank', 'bank account');
  payoutRoutes('/api/merchant/mobile-banking', 'mobile', 'mobile-banking number');
  app.get('/api/merchant/payout-accounts', async (request) => ({ data: await listPayoutAccounts(...(await mine(request))) }));

  // ── Account ──────────────────────────────────────────────────────────────
  app.get('/api/merchant/profile', async (request, reply) => {
    noStore(reply);
    return { data: await merchantProfile(...(await mine(request))) };
  });
  app.put('/api/merchant/profile', async (request) => ({
    data: await updateMerchantProfile(...(await mine(request)), request.body),
    message: 'Your profile is saved.',
  }));
  app.post('/api/merchant/security/password', async (request) => {
    const current = await requireMerchant(request);
    return changeMerchantPassword(requestCtx(request), current.account.id, current.session.id, request.body);
  });
}
