import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { activeBalanceOptions } from '../accounts';
import { giveAdvance, paySalary, salaryMonthDetail, salaryOverview, saveSalaryMonth } from './salary.service';
import { teamMemberResource } from './team-member.resource';

type WithId = { Params: { id: string } };
type WithMonth = { Params: { id: string; month: string } };

/** Team members, their salary months, payments and advances (decision 050). */
export async function teamRoutes(app: FastifyInstance) {
  teamMemberResource.register(app);

  // The salary forms' "Pay from": whoever may pay salaries sees the balances, without `balance.view`.
  app.get('/api/admin/team/pay-from', { preHandler: requireAdmin('salary.pay') }, async (request) => ({
    data: await activeBalanceOptions(requestCtx(request).db),
  }));

  app.get<WithId>('/api/admin/team-members/:id/salary', { preHandler: requireAdmin('salary.view') }, async (request) => ({
    data: await salaryOverview(requestCtx(request), pathId(request.params.id, 'The team member')),
  }));

  app.get<WithMonth>('/api/admin/team-members/:id/salary/:month', { preHandler: requireAdmin('salary.view') }, async (request) => ({
    data: await salaryMonthDetail(requestCtx(request), pathId(request.params.id, 'The team member'), request.params.month),
  }));

  app.put<WithMonth>('/api/admin/team-members/:id/salary/:month', { preHandler: requireAdmin('salary.pay') }, async (request) => ({
    message: 'The salary was saved.',
    data: await saveSalaryMonth(requestCtx(request), pathId(request.params.id, 'The team member'), request.params.month, request.body),
  }));

  app.post<WithMonth>(
    '/api/admin/team-members/:id/salary/:month/payments',
    { preHandler: requireAdmin('salary.pay') },
    async (request, reply) => {
      const data = await paySalary(requestCtx(request), pathId(request.params.id, 'The team member'), request.params.month, request.body);
      return reply.code(201).send({ message: 'The salary was paid.', data });
    },
  );

  app.post<WithId>('/api/admin/team-members/:id/advances', { preHandler: requireAdmin('salary.pay') }, async (request, reply) => {
    const data = await giveAdvance(requestCtx(request), pathId(request.params.id, 'The team member'), request.body);
    return reply.code(201).send({ message: 'The advance was given.', data });
  });
}
