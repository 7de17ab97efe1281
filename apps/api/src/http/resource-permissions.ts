import { hasPermission, type Permission } from '@haat/contracts';
import { and, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { requireAdmin } from './auth';
import { toCsv } from './csv';
import { HttpError, invalid, notFound } from './errors';
import { type createResource, snakeRow } from './resource';

type Row = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: any resource, whatever its input.
type AnyResource = ReturnType<typeof createResource<any>>;

/** Who may do what, when a resource's permissions are not `<thing>.view/create/update/delete`. */
export interface ResourcePermissions {
  view: Permission;
  create: Permission;
  update: Permission;
  delete: Permission;
}

export interface BulkResult {
  done: number[];
  refused: { id: number; message: string }[];
}

export interface RegisterOptions {
  permissions: ResourcePermissions;
  /** Bulk actions other than delete (approve, archive…); default: publish/unpublish on the status column. */
  bulk?: { actions: readonly string[]; run(db: Db, action: string, ids: number[], adminId: number): Promise<BulkResult> };
}

/**
 * The routes `Resource.register` makes, with the permissions named per action. A stopgap until the
 * resource machinery takes a `permissions` option (see the locations and content modules: delivery
 * charges need `delivery.charge.manage`, reviews `review.moderate`, contact messages
 * `contact.message.manage`).
 */
export function registerResourceWith(app: FastifyInstance, resource: AnyResource, options: RegisterOptions) {
  const { definition } = resource;
  const { permissions } = options;
  const path = definition.path;
  type WithId = { Params: { id: string } };
  const rowId = (request: FastifyRequest<WithId>) => {
    const value = Number(request.params.id);
    if (!Number.isInteger(value) || value <= 0) throw notFound(`The ${definition.label}`);
    return value;
  };
  const detail = async (db: Db, row: Row): Promise<Row> => {
    if (definition.toDetail) return definition.toDetail(db, row);
    if (definition.toViews) return (await definition.toViews(db, [row]))[0] as Row;
    return snakeRow(row);
  };
  const bulkActions = ['delete', ...(options.bulk?.actions ?? (definition.statusColumn ? ['publish', 'unpublish'] : []))] as [
    string,
    ...string[],
  ];
  const bulkInput = z.object({
    action: z.enum(bulkActions, { error: 'Choose an action' }),
    ids: z.array(z.coerce.number().int().positive()).min(1, 'Select at least one row').max(1000),
  });

  app.get(path, { preHandler: requireAdmin(permissions.view) }, (request) => resource.list(request.server.db, request.query as Row));

  app.get(`${path}/export.csv`, { preHandler: requireAdmin(definition.exportPermission ?? permissions.view) }, async (request, reply) => {
    const csv = toCsv(await resource.exportRows(request.server.db, request.query as Row));
    const name = `${definition.label.replace(/\W+/g, '-')}s-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(csv);
  });

  app.get<WithId>(`${path}/:id`, { preHandler: requireAdmin(permissions.view) }, async (request) => ({
    data: await detail(request.server.db, await resource.find(request.server.db, rowId(request))),
  }));

  app.post(path, { preHandler: requireAdmin(permissions.create) }, async (request, reply) => {
    const data = await resource.save(request.server.db, request.body, null, request.admin.id);
    return reply.status(201).send({ data, message: `The ${definition.label} was created.` });
  });

  app.put<WithId>(`${path}/:id`, { preHandler: requireAdmin(permissions.update) }, async (request) => {
    const data = await resource.save(request.server.db, request.body, rowId(request), request.admin.id);
    return { data, message: `The ${definition.label} was saved.` };
  });

  app.delete<WithId>(`${path}/:id`, { preHandler: requireAdmin(permissions.delete) }, async (request) => {
    await resource.remove(request.server.db, rowId(request), request.admin.id);
    return { message: `The ${definition.label} was deleted.` };
  });

  app.post(`${path}/bulk`, { preHandler: requireAdmin() }, async (request) => {
    const input = bulkInput.parse(request.body);
    const needed = input.action === 'delete' ? permissions.delete : permissions.update;
    if (!hasPermission(request.admin.permissions, needed)) throw new HttpError(403, `You do not have the "${needed}" permission.`);
    const { db } = request.server;
    const result: BulkResult = { done: [], refused: [] };
    if (input.action === 'delete') {
      for (const each of input.ids) {
        try {
          await resource.remove(db, each, request.admin.id);
          result.done.push(each);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          result.refused.push({ id: each, message: error.message });
        }
      }
    } else if (options.bulk) {
      Object.assign(result, await options.bulk.run(db, input.action, input.ids, request.admin.id));
    } else {
      const status = definition.statusColumn;
      if (!status) throw invalid('action', `A ${definition.label} cannot be published or unpublished.`);
      const rows = await db
        .update(definition.table)
        .set({
          [camel(status.name)]: input.action === 'publish' ? 1 : 0,
          ...('updatedAt' in definition.table ? { updatedAt: new Date() } : {}),
        })
        .where(and(definition.scope?.(), inArray(definition.id, input.ids)))
        .returning({ id: definition.id });
      result.done.push(...rows.map((row) => Number(row.id)));
      for (const each of input.ids)
        if (!result.done.includes(each)) result.refused.push({ id: each, message: `The ${definition.label} was not found.` });
    }
    const { done, refused } = result;
    return { done, refused, message: `${done.length} changed${refused.length ? `, ${refused.length} refused` : ''}.` };
  });
}

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
