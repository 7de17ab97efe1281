import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { loanerDetail, loanerResource, loanResource, makeLoan, repayLoan } from './loan.service';

type WithId = { Params: { id: string } };

/** Loans taken and given, their lenders and borrowers, repayments (decision 051). */
export async function loanRoutes(app: FastifyInstance) {
  loanerResource.register(app);
  loanResource.register(app);

  app.post('/api/admin/loans', { preHandler: requireAdmin('loan.create') }, async (request, reply) => {
    const data = await makeLoan(requestCtx(request), request.body);
    return reply.status(201).send({ data, message: 'The loan was recorded.' });
  });

  app.post<WithId>('/api/admin/loans/:id/repayments', { preHandler: requireAdmin('loan.repay') }, async (request, reply) => {
    const data = await repayLoan(requestCtx(request), pathId(request.params.id, 'The loan'), request.body);
    return reply.status(201).send({ data, message: 'The repayment was recorded.' });
  });

  app.get<WithId>('/api/admin/loaners/:id/details', { preHandler: requireAdmin('loan.view') }, async (request) => ({
    data: await loanerDetail(requestCtx(request), pathId(request.params.id, 'The lender or borrower')),
  }));
}
