import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { requestCtx } from '../../http/request-context';
import { accountPurposeResource, balanceAccountResource } from './account.resources';
import { fundTransferResource, makeFundTransfer } from './fund-transfer.service';

/** Balances, account purposes and fund transfers (decision 048). */
export async function accountsRoutes(app: FastifyInstance) {
  balanceAccountResource.register(app);
  accountPurposeResource.register(app);
  fundTransferResource.register(app);

  app.post('/api/admin/fund-transfers', { preHandler: requireAdmin('fund.transfer.create') }, async (request, reply) => {
    const data = await makeFundTransfer(requestCtx(request), request.body);
    return reply.status(201).send({ data, message: 'The money was transferred.' });
  });
}
