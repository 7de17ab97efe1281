import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { notFound, pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { staffChoices } from '../staff';
import { complaintResource } from './complaint.resource';
import { addComplaintNote, complaintNotesOf } from './complaint.service';

type WithId = { Params: { id: string } };

/** `/api/admin/complaints` (the declared resource) and each case's notes. */
export async function complaintRoutes(app: FastifyInstance) {
  /** Who a case can be given to (the form's owner field reads it like a reference list). */
  app.get<{ Querystring: { q?: string } }>(
    '/api/admin/complaints/owners',
    { preHandler: requireAdmin('complaint.view') },
    async (request) => {
      const q = typeof request.query.q === 'string' ? request.query.q.slice(0, 100) : '';
      const data = await staffChoices(requestCtx(request).db, { q });
      return { data, total: data.length, per_page: 100, current_page: 1, last_page: 1 };
    },
  );
  app.get<WithId>('/api/admin/complaints/owners/:id', { preHandler: requireAdmin('complaint.view') }, async (request) => {
    const [owner] = await staffChoices(requestCtx(request).db, { ids: [pathId(request.params.id, 'The staff member')] });
    if (!owner) throw notFound('The staff member');
    return { data: owner };
  });

  complaintResource.register(app);

  app.get<WithId>('/api/admin/complaints/:id/notes', { preHandler: requireAdmin('complaint.view') }, async (request) => ({
    data: await complaintNotesOf(requestCtx(request), pathId(request.params.id, 'The complaint')),
  }));

  app.post<WithId>('/api/admin/complaints/:id/notes', { preHandler: requireAdmin('complaint.update') }, async (request, reply) => {
    const data = await addComplaintNote(requestCtx(request), pathId(request.params.id, 'The complaint'), request.body);
    return reply.status(201).send({ data, message: 'The note was added.' });
  });
}
