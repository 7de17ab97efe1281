import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import {
  editLoan,
  editRepayment,
  loanerDetail,
  loanerResource,
  loanResource,
  makeLoan,
  repayLoan,
  reverseLoan,
  reverseRepayment,
} from './loan.service';

type WithId = { Params: { id: string } };

/**
 * Loans taken and given, their lenders and borrowers, repayments (decision 051). Corrections: a loan
 * or a repayment is edited with `loan.update` and reversed with `loan.delete` (posted entries are
 * reversed, never rewritten).
 */
export async function loanRoutes(app: FastifyInstance) {
  loanerResource.register(app);
  loanResource.register(app);

  app.post('/api/admin/loans', { preHandler: requireAdmin('loan.create') }, async (request, reply) => {
    const data = await makeLoan(requestCtx(request), request.body);
    return reply.status(201).send({ data, message: 'The loan was recorded.' });
  });

  app.put<WithId>('/api/admin/loans/:id', { preHandler: requireAdmin('loan.update') }, async (request) => {
    const data = await editLoan(requestCtx(request), pathId(request.params.id, 'The loan'), request.body);
    return { data, message: 'The loan was corrected.' };
  });

  app.post<WithId>('/api/admin/loans/:id/reverse', { preHandler: requireAdmin('loan.delete') }, async (request) => {
    const data = await reverseLoan(requestCtx(request), pathId(request.params.id, 'The loan'), request.body);
    return { data, message: 'The loan was reversed.' };
  });

  app.post<WithId>('/api/admin/loans/:id/repayments', { preHandler: requireAdmin('loan.repay') }, async (request, reply) => {
    const data = await repayLoan(requestCtx(request), pathId(request.params.id, 'The loan'), request.body);
    return reply.status(201).send({ data, message: 'The repayment was recorded.' });
  });

  app.put<WithId>('/api/admin/loan-repayments/:id', { preHandler: requireAdmin('loan.update') }, async (request) => {
    const data = await editRepayment(requestCtx(request), pathId(request.params.id, 'The repayment'), request.body);
    return { data, message: 'The repayment was corrected.' };
  });

  app.post<WithId>('/api/admin/loan-repayments/:id/reverse', { preHandler: requireAdmin('loan.delete') }, async (request) => {
    const data = await reverseRepayment(requestCtx(request), pathId(request.params.id, 'The repayment'), request.body);
    return { data, message: 'The repayment was reversed.' };
  });

  app.get<WithId>('/api/admin/loaners/:id/details', { preHandler: requireAdmin('loan.view') }, async (request) => ({
    data: await loanerDetail(requestCtx(request), pathId(request.params.id, 'The lender or borrower')),
  }));
}
