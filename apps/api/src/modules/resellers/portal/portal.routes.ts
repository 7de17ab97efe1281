import { PICTURE_FOLDERS } from '@haat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context';
import { HttpError, pathId } from '../../../http/errors';
import { requestCtx } from '../../../http/request-context';
import { readImageUpload } from '../../../http/uploads';
import { storeImage } from '../../../lib/images';
import {
  changeResellerPassword,
  createResellerApiKey,
  createResellerDeliveryCharge,
  deleteResellerDeliveryCharge,
  endOtherResellerSessions,
  endResellerSession,
  resellerApiKeyList,
  resellerColors,
  resellerCompany,
  resellerDeliveryChargeList,
  resellerInformation,
  resellerSessions,
  revokeResellerApiKey,
  updateResellerColors,
  updateResellerCompany,
  updateResellerDeliveryCharge,
  updateResellerProfile,
} from './account.service';
import { resellerOrderFigures } from './dashboard.service';
import { requireReseller } from './guard';
import {
  placeResellerOrder,
  resellerCustomer,
  resellerCustomers,
  resellerOrder,
  resellerOrderCounts,
  resellerOrders,
  updateResellerOrder,
} from './order.service';
import { requestPasswordReset, setNewPassword, verifyResetCode } from './password-reset.service';
import { resellerCategories, resellerProduct, resellerProducts, saveResellerPrice } from './product.service';
import { referralResource } from './referral.resource';

type WithId = { Params: { id: string } };
type WithPhone = { Params: { phone: string } };
type Query = Record<string, unknown>;

/**
 * The calls behind the dropshipper portal's pages (seed §2.3). Every call but the password reset
 * needs a reseller session; everything read or changed is the signed-in reseller's own, and an id
 * of anything that is another reseller's answers 404, the same as an id that does not exist.
 */
export async function resellerPortalRoutes(app: FastifyInstance) {
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  // ── Password reset by phone (public) ─────────────────────────────────────
  app.post('/api/reseller/password/reset', async (request, reply) =>
    requestPasswordReset(requestCtx(request), request.server.config, reply, request.body),
  );
  app.post<WithPhone>('/api/reseller/code/verify/:phone', async (request) =>
    verifyResetCode(requestCtx(request), request.params.phone, request.body),
  );
  app.post<WithPhone>('/api/reseller/set/new/password/:phone', async (request) =>
    setNewPassword(requestCtx(request), request.params.phone, request.body),
  );

  // Everything below needs the reseller signed in.
  const me = async (request: FastifyRequest) => (await requireReseller(request)).account.id;
  /** The request's context (acting as the signed-in reseller) and the reseller's id: a service's first two arguments. */
  const mine = async (request: FastifyRequest): Promise<[Ctx, number]> => {
    const id = await me(request);
    return [requestCtx(request), id];
  };

  // ── Products ─────────────────────────────────────────────────────────────
  app.get('/api/reseller/products', async (request, reply) => {
    noStore(reply);
    return resellerProducts(...(await mine(request)), request.query as Query);
  });
  app.get('/api/reseller/products/categories', async (request) => {
    await me(request);
    return { data: await resellerCategories(requestCtx(request)) };
  });
  app.get<WithId>('/api/reseller/products/:id', async (request) => ({
    data: await resellerProduct(...(await mine(request)), pathId(request.params.id, 'The product')),
  }));
  app.put<WithId>('/api/reseller/products/:id', async (request) => ({
    data: await saveResellerPrice(...(await mine(request)), pathId(request.params.id, 'The product'), request.body),
    message: 'Your price is saved.',
  }));

  // ── Orders ───────────────────────────────────────────────────────────────
  app.post('/api/reseller/orders', async (request, reply) => {
    const placed = await placeResellerOrder(...(await mine(request)), request.body);
    reply.status(placed.created ? 201 : 200);
    return { order: placed.order, created: placed.created };
  });
  app.get('/api/reseller/orders/counts', async (request, reply) => {
    noStore(reply);
    return { counts: await resellerOrderCounts(...(await mine(request))) };
  });
  app.get('/api/reseller/orders/figures', async (request, reply) => {
    noStore(reply);
    return resellerOrderFigures(...(await mine(request)));
  });
  app.get<{ Params: { status: string } }>('/api/reseller/orders/status/:status', async (request, reply) => {
    const status = Number(request.params.status);
    if (!Number.isInteger(status) || status < 1 || status > 8) {
      throw new HttpError(404, 'There is no order status with this code; use 1 to 8.');
    }
    noStore(reply);
    return resellerOrders(...(await mine(request)), status, request.query as Query);
  });
  app.get<WithId>('/api/reseller/orders/:id', async (request, reply) => {
    noStore(reply);
    return { data: await resellerOrder(...(await mine(request)), pathId(request.params.id, 'The order')) };
  });
  app.put<WithId>('/api/reseller/orders/:id', async (request) => ({
    data: await updateResellerOrder(...(await mine(request)), pathId(request.params.id, 'The order'), request.body),
    message: 'The order is updated.',
  }));

  // ── Customers ────────────────────────────────────────────────────────────
  app.get('/api/reseller/customers', async (request, reply) => {
    noStore(reply);
    return resellerCustomers(...(await mine(request)), request.query as Query);
  });
  app.get<WithId>('/api/reseller/customers/:id', async (request) =>
    resellerCustomer(...(await mine(request)), pathId(request.params.id, 'The customer')),
  );

  // ── Account ──────────────────────────────────────────────────────────────
  app.get('/api/reseller/information', async (request, reply) => {
    noStore(reply);
    return { data: await resellerInformation(...(await mine(request))) };
  });
  app.put('/api/reseller/profile', async (request) => ({
    data: await updateResellerProfile(...(await mine(request)), request.body),
    message: 'Your profile is saved.',
  }));
  app.get('/api/reseller/company', async (request) => ({ data: await resellerCompany(...(await mine(request))) }));
  app.put('/api/reseller/company', async (request) => ({
    data: await updateResellerCompany(...(await mine(request)), request.body),
    message: 'Your company information is saved.',
  }));
  app.get('/api/reseller/colors', async (request) => ({ data: await resellerColors(...(await mine(request))) }));
  app.put('/api/reseller/colors', async (request) => ({
    data: await updateResellerColors(...(await mine(request)), request.body),
    message: 'Your colours are saved.',
  }));

  app.get('/api/reseller/delivery-charges', async (request) => ({
    data: await resellerDeliveryChargeList(...(await mine(request))),
  }));
  app.post('/api/reseller/delivery-charges', async (request, reply) => {
    const created = await createResellerDeliveryCharge(...(await mine(request)), request.body);
    reply.status(201);
    return { data: created, message: 'The delivery charge is added.' };
  });
  app.put<WithId>('/api/reseller/delivery-charges/:id', async (request) => ({
    data: await updateResellerDeliveryCharge(...(await mine(request)), pathId(request.params.id, 'The delivery charge'), request.body),
    message: 'The delivery charge is saved.',
  }));
  app.delete<WithId>('/api/reseller/delivery-charges/:id', async (request) => {
    await deleteResellerDeliveryCharge(...(await mine(request)), pathId(request.params.id, 'The delivery charge'));
    return { message: 'The delivery charge is deleted.' };
  });

  // ── Security ─────────────────────────────────────────────────────────────
  app.post('/api/reseller/security/password', async (request) => {
    const current = await requireReseller(request);
    return changeResellerPassword(requestCtx(request), current.account.id, current.session.id, request.body);
  });
  app.get('/api/reseller/security/sessions', async (request, reply) => {
    const current = await requireReseller(request);
    noStore(reply);
    return { data: await resellerSessions(requestCtx(request), current.account.id, current.session.id) };
  });
  app.post('/api/reseller/security/sessions/end-others', async (request) => {
    const current = await requireReseller(request);
    await endOtherResellerSessions(requestCtx(request), current.account.id, current.session.id);
    return { message: 'You are signed out everywhere else.' };
  });
  app.delete<WithId>('/api/reseller/security/sessions/:id', async (request) => {
    const current = await requireReseller(request);
    await endResellerSession(requestCtx(request), current.account.id, current.session.id, request.params.id);
    return { message: 'That session is signed out.' };
  });
  app.get('/api/reseller/security/api-keys', async (request, reply) => {
    noStore(reply);
    return { data: await resellerApiKeyList(...(await mine(request))) };
  });
  app.post('/api/reseller/security/api-keys', async (request, reply) => {
    const created = await createResellerApiKey(...(await mine(request)), request.body);
    reply.status(201).header('cache-control', 'no-store');
    return { data: created, message: 'Copy the key now: it is shown only once.' };
  });
  app.delete<WithId>('/api/reseller/security/api-keys/:id', async (request) => ({
    data: await revokeResellerApiKey(...(await mine(request)), pathId(request.params.id, 'The API key')),
    message: 'The key is revoked.',
  }));

  /** The reseller's own picture and company logo: checked by content, resized, stored under storage/resellers/. */
  app.post('/api/reseller/uploads', async (request, reply) => {
    await me(request);
    const { data, limitBytes } = await readImageUpload(request);
    const stored = await storeImage(request.server.config.storageDir, 'resellers', data, {
      field: 'image',
      limitBytes,
      sizes: PICTURE_FOLDERS.resellers,
    });
    return reply.status(201).send({ path: stored.path, thumbnail: stored.thumbnail });
  });

  // ── Refer list ───────────────────────────────────────────────────────────
  referralResource.register(app);
}
