import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { cartOwner, signedInCustomer } from './cart.routes';
import { scheduleIncompletePurge } from './incomplete-checkout.job';
import { incompleteCheckoutResource } from './incomplete-checkout.resource';
import {
  convertIncomplete,
  logIncompleteCall,
  saveCheckoutDraft,
  setIncompleteStatus,
  updateIncompleteCustomer,
} from './incomplete-checkout.service';

type WithId = { Params: { id: string } };
const draftId = (request: { params: { id: string } }) => pathId(request.params.id, 'The incomplete checkout');

/** Incomplete checkouts (decision 056): the storefront's saves, and the back office's call-back list. */
export async function incompleteCheckoutRoutes(app: FastifyInstance) {
  // The checkout page's draft: sent a moment after typing stops and when the page is hidden (keepalive).
  app.post('/_public/checkout/draft', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return saveCheckoutDraft(requestCtx(request), await cartOwner(request), await signedInCustomer(request), request.body);
  });

  // The list, its CSV and one draft's detail are the declared resource's.
  incompleteCheckoutResource.register(app);

  app.put<WithId>('/api/admin/incomplete-checkouts/:id', { preHandler: requireAdmin('order.incomplete.update') }, async (request) => {
    const data = await updateIncompleteCustomer(requestCtx(request), draftId(request), request.body);
    return { data, message: 'The details were saved.' };
  });

  app.post<WithId>(
    '/api/admin/incomplete-checkouts/:id/calls',
    { preHandler: requireAdmin('order.incomplete.update') },
    async (request, reply) => {
      const data = await logIncompleteCall(requestCtx(request), draftId(request), request.body);
      return reply.status(201).send({ data, message: 'The call was saved.' });
    },
  );

  app.post<WithId>(
    '/api/admin/incomplete-checkouts/:id/status',
    { preHandler: requireAdmin('order.incomplete.update') },
    async (request) => {
      const data = await setIncompleteStatus(requestCtx(request), draftId(request), request.body);
      return {
        data,
        message: data.status === 'dismissed' ? 'The incomplete checkout was dismissed.' : 'The incomplete checkout is open again.',
      };
    },
  );

  app.post<WithId>(
    '/api/admin/incomplete-checkouts/:id/convert',
    { preHandler: requireAdmin('order.incomplete.convert') },
    async (request, reply) => {
      const converted = await convertIncomplete(requestCtx(request), draftId(request), request.body);
      return reply.status(converted.created ? 201 : 200).send(converted);
    },
  );

  scheduleIncompletePurge(app);
}
