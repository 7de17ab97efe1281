import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { toCsv } from '../../http/csv';
import { requestCtx } from '../../http/request-context';
import { actorLabel, auditFacets, describeChanges, exportAuditLog, listAuditLog } from './audit.service';

export async function auditRoutes(app: FastifyInstance) {
  /**
   * `?page=&per_page=&format=plain|resource&filter[entity]=&filter[entity_id]=&filter[actor]=admin:3
   * &filter[action]=&filter[from]=2026-11-01&filter[to]=2026-11-30`, newest first.
   */
  app.get('/api/admin/audit-log', { preHandler: requireAdmin('audit.view') }, (request) =>
    listAuditLog(requestCtx(request), request.query as Record<string, unknown>),
  );

  app.get('/api/admin/audit-log/facets', { preHandler: requireAdmin('audit.view') }, (request) => auditFacets(requestCtx(request)));

  app.get('/api/admin/audit-log/export.csv', { preHandler: requireAdmin('audit.view') }, async (request, reply) => {
    const entries = await exportAuditLog(requestCtx(request), request.query as Record<string, unknown>);
    const csv = toCsv(
      entries.map((entry) => ({
        time: entry.created_at,
        who: actorLabel(entry),
        action: entry.action,
        entity: entry.entity,
        entity_id: entry.entity_id ?? '',
        changes: describeChanges(entry.changes),
        ip: entry.ip ?? '',
      })),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(csv);
  });
}
