import { idList, idSchema, type Permission } from '@haat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { permissionGate, requireAdmin } from '../../http/auth';
import { toCsv } from '../../http/csv';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { categoryPaths } from '../catalog';
import { productChoices } from '../products';
import {
  campaignImagesView,
  campaignSlider,
  publicCampaign,
  runningCampaigns,
  saveCampaignImages,
  saveCampaignSlider,
} from './campaign.service';
import { publicLandingPage } from './landing-page.service';
import { campaignResource, couponResource, landingPageResource, offerResource, smsCampaignResource } from './marketing.resources';
import { cityRecipients, createSmsCampaign, smsAudiences, smsCampaignView, stopSmsCampaign } from './sms-campaign.service';

type WithId = { Params: { id: string } };
type Row = Record<string, unknown>;

function idOf(request: FastifyRequest<WithId>, label: string): number {
  return pathId(request.params.id, label);
}

/** The storefront reads these often; a short cache keeps a busy home page cheap. */
function cacheBriefly(reply: FastifyReply) {
  reply.header('cache-control', 'public, max-age=15');
}

/** The product and category pickers of the marketing forms: for anyone who may edit one of them. */
const PICKER_PERMISSIONS: Permission[] = ['offer.view', 'campaign.view', 'landing.page.view', 'product.view'];
/** Its 403 names every permission that opens the pickers. */
const requirePicker = permissionGate(PICKER_PERMISSIONS);

const pickedIds = z.preprocess((value) => (value === undefined || value === '' ? [] : String(value).split(',')), idList.max(500));
const pickerQuery = z.object({
  q: z.string().trim().max(100).default(''),
  ids: pickedIds,
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});

/** Offers, coupon codes, campaigns (with images and the home slider), landing pages and SMS campaigns. */
export async function marketingRoutes(app: FastifyInstance) {
  offerResource.register(app);
  couponResource.register(app);
  campaignResource.register(app);
  landingPageResource.register(app);

  // ---- Pickers ----------------------------------------------------------------------------------

  /** `?q=` name or SKU, or `?ids=1,2` for the chosen ones' labels. */
  app.get('/api/admin/marketing/products', { preHandler: requireAdmin() }, async (request) => {
    requirePicker(request);
    const query = pickerQuery.parse(request.query);
    return { data: await productChoices(request.server.db, { q: query.q, ids: query.ids, perPage: query.per_page }) };
  });

  /** Every category with its path ("Women › Saree › Jamdani Saree"), for choosing any level. */
  app.get('/api/admin/marketing/categories', { preHandler: requireAdmin() }, async (request) => {
    requirePicker(request);
    return { data: await categoryPaths(request.server.db) };
  });

  // ---- Campaign images and the home slider ------------------------------------------------------

  app.get<WithId>('/api/admin/campaigns/:id/images', { preHandler: requireAdmin('campaign.view') }, (request) =>
    campaignImagesView(requestCtx(request), idOf(request, 'The campaign')),
  );

  app.put<WithId>('/api/admin/campaigns/:id/images', { preHandler: requireAdmin('campaign.update') }, async (request) => {
    const data = await saveCampaignImages(requestCtx(request), idOf(request, 'The campaign'), request.body);
    return { ...data, message: 'The campaign’s pictures were saved.' };
  });

  app.get('/api/admin/campaigns/slider', { preHandler: requireAdmin('campaign.view') }, (request) => campaignSlider(requestCtx(request)));

  app.put('/api/admin/campaigns/slider', { preHandler: requireAdmin('campaign.update') }, async (request) => {
    const data = await saveCampaignSlider(requestCtx(request), request.body);
    return { ...data, message: 'The campaign slider was saved.' };
  });

  // ---- Public calls of the storefront (seed §7) --------------------------------------------------

  /** Running campaigns: id, name, slug, banner, times; `?slider=1` for the home slider's alone. */
  app.get('/_public/campaigns', async (request, reply) => {
    const { slider } = z.object({ slider: z.enum(['1', '0', 'true', 'false']).optional() }).parse(request.query);
    const campaigns = await runningCampaigns(requestCtx(request), slider === '1' || slider === 'true');
    cacheBriefly(reply);
    return { campaigns };
  });

  /** One running campaign (by id or slug) with its products at campaign price; 404 when it is not running. */
  app.get<WithId>('/_public/campaign/:id', async (request, reply) => {
    const answer = await publicCampaign(requestCtx(request), request.params.id.slice(0, 140));
    cacheBriefly(reply);
    return answer;
  });

  /** A published landing page with its product. */
  app.get<{ Params: { slug: string } }>('/_public/landing/:slug', async (request, reply) => {
    const answer = await publicLandingPage(request.server.db, request.params.slug.slice(0, 140));
    cacheBriefly(reply);
    return answer;
  });

  // ---- SMS campaigns ----------------------------------------------------------------------------

  // One runner for the application (app.ts): resellers' campaigns go through it too.
  const runner = app.smsCampaignRunner;
  const send: Permission = 'sms.campaign.send';

  /** The audiences with their sizes; `?city_id=` adds how many a city reaches. */
  app.get('/api/admin/sms-campaigns/audiences', { preHandler: requireAdmin(send) }, async (request) => {
    const { city_id } = z.object({ city_id: idSchema.optional() }).parse(request.query);
    const ctx = requestCtx(request);
    return { audiences: await smsAudiences(ctx), city_recipients: city_id ? await cityRecipients(ctx, city_id) : null };
  });

  app.get('/api/admin/sms-campaigns', { preHandler: requireAdmin(send) }, (request) =>
    smsCampaignResource.list(requestCtx(request), request.query as Row),
  );

  app.get('/api/admin/sms-campaigns/export.csv', { preHandler: requireAdmin(send) }, async (request, reply) => {
    const rows = await smsCampaignResource.exportRows(requestCtx(request), request.query as Row);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="sms-campaigns-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(toCsv(rows));
  });

  /** One campaign's progress: the screen polls `sent`, `failed` and `total` while it sends. */
  app.get<WithId>('/api/admin/sms-campaigns/:id', { preHandler: requireAdmin(send) }, async (request) => ({
    data: await smsCampaignView(requestCtx(request), idOf(request, 'The SMS campaign')),
  }));

  app.post('/api/admin/sms-campaigns', { preHandler: requireAdmin(send) }, async (request, reply) => {
    const data = await createSmsCampaign(requestCtx(request), request.body);
    runner.start(data.id);
    return reply.status(201).send({ data, message: `Sending to ${data.total.toLocaleString('en')} numbers in the background.` });
  });

  app.post<WithId>('/api/admin/sms-campaigns/:id/stop', { preHandler: requireAdmin(send) }, async (request) => {
    const data = await stopSmsCampaign(requestCtx(request), idOf(request, 'The SMS campaign'));
    return { data, message: data.status === 'stopped' ? 'The campaign was stopped.' : 'The campaign had already finished.' };
  });
}
