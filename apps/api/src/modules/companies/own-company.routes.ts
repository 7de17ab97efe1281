import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { assetResource, disposeAsset, runDepreciation } from './asset.service';
import { scheduleDepreciation } from './depreciation.job';
import { directorPaymentDetails, directorResource, payDirector } from './director.service';
import { investmentResource, investorChoices, investorDetails, payInvestor } from './investment.service';

type IdParams = { Params: { id: string } };

/** Our own companies: assets and their depreciation, investments and investors, directors and their payments (decision 052). */
export async function ownCompanyRoutes(app: FastifyInstance) {
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
  app.post<IdParams>('/api/admin/investors/:id/payouts', { preHandler: requireAdmin('investor.pay') }, async (request, reply) => {
    const data = await payInvestor(requestCtx(request), pathId(request.params.id, 'The investor'), request.body);
    return reply.status(201).send({ data, message: 'The payment was recorded.' });
  });

  app.get<IdParams>('/api/admin/directors/:id/payments', { preHandler: requireAdmin('director.view') }, async (request) => ({
    data: await directorPaymentDetails(requestCtx(request), pathId(request.params.id, 'The director')),
  }));
  app.post<IdParams>('/api/admin/directors/:id/payments', { preHandler: requireAdmin('director.pay') }, async (request, reply) => {
    const data = await payDirector(requestCtx(request), pathId(request.params.id, 'The director'), request.body);
    return reply.status(201).send({ data, message: 'The payment was recorded.' });
  });
}
