import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { assetResource, disposeAsset, runDepreciation } from './asset.service';
import { scheduleDepreciation } from './depreciation.job';
import { directorPaymentDetails, directorResource, editDirectorPayment, payDirector, reverseDirectorPayment } from './director.service';
import {
  editInvestorPayout,
  investmentResource,
  investorChoices,
  investorDetails,
  investorFilterOption,
  investorFilterOptions,
  payInvestor,
  reverseInvestorPayout,
  updateInvestor,
} from './investment.service';

type IdParams = { Params: { id: string } };

/**
 * Our own companies: assets and their depreciation, investments and investors, directors and their
 * payments (decision 052). Corrections: a director payment is edited with `director.update` and reversed
 * with `director.delete`; an investor's details and payouts are corrected with `investor.update`.
 */
export async function ownCompanyRoutes(app: FastifyInstance) {
  // The investments list's investor filter, for whoever may see investments (before the resource's `/:id`).
  app.get('/api/admin/investments/investors', { preHandler: requireAdmin('investment.view') }, async (request) =>
    investorFilterOptions(requestCtx(request), request.query as { q?: unknown }),
  );
  app.get<IdParams>('/api/admin/investments/investors/:id', { preHandler: requireAdmin('investment.view') }, async (request) =>
    investorFilterOption(requestCtx(request), pathId(request.params.id, 'The investor')),
  );
  assetResource.register(app);
  investmentResource.register(app);
  directorResource.register(app);
  scheduleDepreciation(app);

  app.post<IdParams>('/api/admin/assets/:id/dispose', { preHandler: requireAdmin('asset.update') }, async (request) => {
    const data = await disposeAsset(requestCtx(request), pathId(request.params.id, 'The asset'), request.body);
    return { data, message: 'The asset was disposed of.' };
  });
  app.post('/api/admin/assets/depreciation', { preHandler: requireAdmin('asset.update') }, async (request) => {
    const data = await runDepreciation(requestCtx(request));
    return { data, message: 'Depreciation is booked up to the last month that ended.' };
  });

  app.get('/api/admin/investors', { preHandler: requireAdmin('investor.view') }, async (request) => ({
    data: await investorChoices(requestCtx(request)),
  }));
  app.get<IdParams>('/api/admin/investors/:id', { preHandler: requireAdmin('investor.view') }, async (request) => ({
    data: await investorDetails(requestCtx(request), pathId(request.params.id, 'The investor')),
  }));
  app.put<IdParams>('/api/admin/investors/:id', { preHandler: requireAdmin('investor.update') }, async (request) => {
    const data = await updateInvestor(requestCtx(request), pathId(request.params.id, 'The investor'), request.body);
    return { data, message: 'The investor’s details were saved.' };
  });
  app.put<IdParams>('/api/admin/investor-payouts/:id', { preHandler: requireAdmin('investor.update') }, async (request) => {
    const data = await editInvestorPayout(requestCtx(request), pathId(request.params.id, 'The payment'), request.body);
    return { data, message: 'The payment was corrected.' };
  });
  app.post<IdParams>('/api/admin/investor-payouts/:id/reverse', { preHandler: requireAdmin('investor.update') }, async (request) => {
    const data = await reverseInvestorPayout(requestCtx(request), pathId(request.params.id, 'The payment'), request.body);
    return { data, message: 'The payment was reversed.' };
  });
  app.post<IdParams>('/api/admin/investors/:id/payouts', { preHandler: requireAdmin('investor.pay') }, async (request, reply) => {
    const data = await payInvestor(requestCtx(request), pathId(request.params.id, 'The investor'), request.body);
    return reply.status(201).send({ data, message: 'The payment was recorded.' });
  });

  app.get<IdParams>('/api/admin/directors/:id/payments', { preHandler: requireAdmin('director.view') }, async (request) => ({
    data: await directorPaymentDetails(requestCtx(request), pathId(request.params.id, 'The director')),
  }));
  app.put<IdParams>('/api/admin/director-payments/:id', { preHandler: requireAdmin('director.update') }, async (request) => {
    const data = await editDirectorPayment(requestCtx(request), pathId(request.params.id, 'The payment'), request.body);
    return { data, message: 'The payment was corrected.' };
  });
  app.post<IdParams>('/api/admin/director-payments/:id/reverse', { preHandler: requireAdmin('director.delete') }, async (request) => {
    const data = await reverseDirectorPayment(requestCtx(request), pathId(request.params.id, 'The payment'), request.body);
    return { data, message: 'The payment was reversed.' };
  });
  app.post<IdParams>('/api/admin/directors/:id/payments', { preHandler: requireAdmin('director.pay') }, async (request, reply) => {
    const data = await payDirector(requestCtx(request), pathId(request.params.id, 'The director'), request.body);
    return reply.status(201).send({ data, message: 'The payment was recorded.' });
  });
}
