import type { FastifyInstance } from 'fastify';
import { pathId } from '../../../http/errors';
import { requestCtx } from '../../../http/request-context';
import { requireReseller } from '../portal/guard';
import { resellerSmsCampaign, resellerSmsCampaigns, resellerSmsSummary, sendResellerSmsCampaign } from './sms.service';

type WithId = { Params: { id: string } };
type Query = Record<string, unknown>;

/**
 * The portal's messaging (seed §2.3): `/dropshipper/sms/campaign` and `/dropshipper/sms/history`.
 * Only the signed-in reseller's own customers and campaigns; another's campaign id answers 404.
 */
export async function resellerSmsRoutes(app: FastifyInstance) {
  app.get('/api/reseller/sms/summary', async (request, reply) => {
    const { account } = await requireReseller(request);
    reply.header('cache-control', 'no-store');
    return { data: await resellerSmsSummary(requestCtx(request), request.server.config, account.id) };
  });

  app.post('/api/reseller/sms/campaigns', async (request, reply) => {
    const { account } = await requireReseller(request);
    const id = await sendResellerSmsCampaign(requestCtx(request), account.id, request.body);
    request.server.smsCampaignRunner.start(id);
    const { data } = await resellerSmsCampaign(requestCtx(request), account.id, id, '', {});
    return reply.status(201).send({
      data,
      message: `Sending to ${data.total.toLocaleString('en')} customers. Follow it in your SMS history.`,
    });
  });

  app.get('/api/reseller/sms/campaigns', async (request, reply) => {
    const { account } = await requireReseller(request);
    reply.header('cache-control', 'no-store');
    return resellerSmsCampaigns(requestCtx(request), account.id, '/api/reseller/sms/campaigns', request.query as Query);
  });

  app.get<WithId>('/api/reseller/sms/campaigns/:id', async (request, reply) => {
    const { account } = await requireReseller(request);
    const id = pathId(request.params.id, 'The SMS campaign');
    reply.header('cache-control', 'no-store');
    return resellerSmsCampaign(requestCtx(request), account.id, id, `/api/reseller/sms/campaigns/${id}`, request.query as Query);
  });
}
