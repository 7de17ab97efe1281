import { hasPermission, type Permission } from '@haat/contracts';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { requireAdmin } from './auth';
import { toCsv } from './csv';
import { HttpError, invalid, notFound } from './errors';
import { pageUrl, paginate } from './pagination';

type Row = Record<string, unknown>;

export interface UsedBy {
  table: PgTable;
  column: PgColumn;
  /** Plural, for the refusal: "It is used by 3 products." */
  label: string;
}

export interface UniqueField {
  column: PgColumn;
  field: string;
  message: string;
}

export interface ListFilter {
  column: PgColumn;
  schema: z.ZodType<unknown>;
}

/**
 * An entity of the back office declared once (STYLE.md §2): its table, contract, permissions,
 * search, sort and filters. `registerResource` turns it into list / read / create / update /
 * delete / bulk / CSV endpoints that all behave the same way.
 */
export interface ResourceDefinition<Input extends Row = Row> {
  /** Singular, for messages: "The category was not found." */
  label: string;
  path: string;
  /** `category` → category.view, category.create, category.update, category.delete. */
  permission: string;
  table: PgTable;
  id: PgColumn;
  input: z.ZodType<Input>;
  /** The rows this resource sees (e.g. categories of level 2). */
  scope?: () => SQL;
  search?: PgColumn[];
  sort: Record<string, PgColumn>;
  defaultSort: string;
  filters?: Record<string, ListFilter>;
  unique?: UniqueField[];
  usedBy?: UsedBy[];
  /** A column holding 1/0 for bulk publish and unpublish. */
  statusColumn?: PgColumn;
  /** Contract input → column values; server-only checks (parents, references) throw field errors. */
  toValues(db: Db, input: Input, existing: Row | null): Promise<Row> | Row;
  /** Rows → what the API answers, in one batch (no query per row). Default: the row in snake_case. */
  toViews?(db: Db, rows: Row[]): Promise<Row[]>;
  afterDelete?(db: Db, row: Row): Promise<void>;
}

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).default(''),
  sort: z.string().trim().max(60).optional(),
  format: z.enum(['plain', 'resource']).default('plain'),
});

const bulkInput = z.object({
  action: z.enum(['delete', 'publish', 'unpublish']),
  ids: z.array(z.coerce.number().int().positive()).min(1, 'Select at least one row').max(1000),
});

export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function snakeRow(row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [snakeCase(key), value]));
}

/** `filter[status]=1` arrives flat from the query string. */
function filterParams(query: Record<string, unknown>): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const match = /^filter\[(\w+)\]$/.exec(key);
    if (match?.[1] && value !== '') filters[match[1]] = value;
  }
  return filters;
}

export function createResource<Input extends Row>(definition: ResourceDefinition<Input>) {
  const { table, id } = definition;
  const perm = (action: 'view' | 'create' | 'update' | 'delete') => `${definition.permission}.${action}` as Permission;
  const scoped = (condition?: SQL) => and(definition.scope?.(), condition);
  const views = async (db: Db, rows: Row[]) => (definition.toViews ? definition.toViews(db, rows) : rows.map(snakeRow));

  function where(query: Record<string, unknown>): SQL | undefined {
    const parsed = listQuery.parse(query);
    const conditions: (SQL | undefined)[] = [definition.scope?.()];
    if (parsed.q && definition.search?.length) {
      const pattern = `%${parsed.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      conditions.push(or(...definition.search.map((column) => ilike(column, pattern))));
    }
    const filters = filterParams(query);
    for (const [name, raw] of Object.entries(filters)) {
      const filter = definition.filters?.[name];
      if (!filter) throw invalid(`filter.${name}`, `There is no filter "${name}".`);
      const value = filter.schema.safeParse(raw);
      if (!value.success) throw invalid(`filter.${name}`, `The filter "${name}" has an invalid value.`);
      conditions.push(Array.isArray(value.data) ? inArray(filter.column, value.data) : eq(filter.column, value.data));
    }
    return and(...conditions);
  }

  function orderBy(sortParam: string | undefined) {
    const key = sortParam || definition.defaultSort;
    const descending = key.startsWith('-');
    const column = definition.sort[descending ? key.slice(1) : key];
    if (!column) throw invalid('sort', `The list cannot be sorted by "${key}".`);
    // The id breaks ties, so pages never repeat or skip a row.
    return descending ? [desc(column), desc(id)] : [asc(column), asc(id)];
  }

  async function list(db: Db, query: Record<string, unknown>) {
    const parsed = listQuery.parse(query);
    const condition = where(query);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(table)
        .where(condition)
        .orderBy(...orderBy(parsed.sort))
        .limit(parsed.per_page)
        .offset((parsed.page - 1) * parsed.per_page),
      db.select({ n: count() }).from(table).where(condition),
    ]);
    const shaped = paginate(await views(db, rows as Row[]), total?.n ?? 0, { page: parsed.page, perPage: parsed.per_page }, (page) =>
      pageUrl(definition.path, query, page),
    );
    return parsed.format === 'resource' ? shaped.resource : shaped.plain;
  }

  async function find(db: Db, rowId: number): Promise<Row> {
    const [row] = await db
      .select()
      .from(table)
      .where(scoped(eq(id, rowId)));
    if (!row) throw notFound(`The ${definition.label}`);
    return row as Row;
  }

  async function assertUnique(db: Db, values: Row, rowId: number | null) {
    for (const unique of definition.unique ?? []) {
      const value = values[unique.column.name] ?? values[camel(unique.column.name)];
      if (value === undefined || value === null) continue;
      const [taken] = await db
        .select({ id })
        .from(table)
        .where(and(eq(unique.column, value), rowId ? ne(id, rowId) : undefined))
        .limit(1);
      if (taken) throw invalid(unique.field, unique.message);
    }
  }

  async function usage(db: Db, rowId: number): Promise<string[]> {
    const uses: string[] = [];
    for (const user of definition.usedBy ?? []) {
      const [row] = await db.select({ n: count() }).from(user.table).where(eq(user.column, rowId));
      if (row?.n) uses.push(`${row.n} ${row.n === 1 ? user.label.replace(/ies$/, 'y').replace(/s$/, '') : user.label}`);
    }
    return uses;
  }

  async function save(db: Db, body: unknown, rowId: number | null) {
    const input = definition.input.parse(body);
    return db.transaction(async (tx) => {
      const existing = rowId ? await find(tx as unknown as Db, rowId) : null;
      const values = await definition.toValues(tx as unknown as Db, input, existing);
      await assertUnique(tx as unknown as Db, values, rowId);
      const written = rowId
        ? await tx
            .update(table)
            .set({ ...values, ...('updatedAt' in table ? { updatedAt: new Date() } : {}) })
            .where(eq(id, rowId))
            .returning()
        : await tx.insert(table).values(values).returning();
      const [view] = await views(tx as unknown as Db, written as Row[]);
      return view;
    });
  }

  async function remove(db: Db, rowId: number) {
    const row = await find(db, rowId);
    const uses = await usage(db, rowId);
    if (uses.length) {
      throw new HttpError(409, `This ${definition.label} cannot be deleted: it is used by ${uses.join(' and ')}.`);
    }
    await db.delete(table).where(eq(id, rowId));
    await definition.afterDelete?.(db, row);
  }

  function register(app: FastifyInstance) {
    const path = definition.path;
    type WithId = { Params: { id: string } };
    const rowId = (request: FastifyRequest<WithId>) => {
      const value = Number(request.params.id);
      if (!Number.isInteger(value) || value <= 0) throw notFound(`The ${definition.label}`);
      return value;
    };

    app.get(path, { preHandler: requireAdmin(perm('view')) }, (request) => list(request.server.db, request.query as Row));

    app.get(`${path}/export.csv`, { preHandler: requireAdmin(perm('view')) }, async (request, reply: FastifyReply) => {
      const query = request.query as Row;
      const rows = await request.server.db
        .select()
        .from(table)
        .where(where(query))
        .orderBy(...orderBy(listQuery.parse(query).sort))
        .limit(100_000);
      const csv = toCsv(await views(request.server.db, rows as Row[]));
      const name = `${definition.permission.replace(/\W+/g, '-')}s-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    });

    app.get<WithId>(`${path}/:id`, { preHandler: requireAdmin(perm('view')) }, async (request) => {
      const [view] = await views(request.server.db, [await find(request.server.db, rowId(request))]);
      return { data: view };
    });

    app.post(path, { preHandler: requireAdmin(perm('create')) }, async (request, reply) => {
      const data = await save(request.server.db, request.body, null);
      return reply.status(201).send({ data, message: `The ${definition.label} was created.` });
    });

    app.put<WithId>(`${path}/:id`, { preHandler: requireAdmin(perm('update')) }, async (request) => {
      const data = await save(request.server.db, request.body, rowId(request));
      return { data, message: `The ${definition.label} was saved.` };
    });

    app.delete<WithId>(`${path}/:id`, { preHandler: requireAdmin(perm('delete')) }, async (request) => {
      await remove(request.server.db, rowId(request));
      return { message: `The ${definition.label} was deleted.` };
    });

    /** Select many rows and act on them; rows that cannot be changed are reported, the rest are changed. */
    app.post(`${path}/bulk`, { preHandler: requireAdmin() }, async (request) => {
      const input = bulkInput.parse(request.body);
      const needed = input.action === 'delete' ? perm('delete') : perm('update');
      if (!hasPermission(request.admin.permissions, needed)) throw new HttpError(403, `You do not have the "${needed}" permission.`);
      const { db } = request.server;
      const done: number[] = [];
      const refused: { id: number; message: string }[] = [];
      if (input.action === 'delete') {
        for (const each of input.ids) {
          try {
            await remove(db, each);
            done.push(each);
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            refused.push({ id: each, message: error.message });
          }
        }
      } else {
        if (!definition.statusColumn) throw invalid('action', `A ${definition.label} cannot be published or unpublished.`);
        const rows = await db
          .update(table)
          .set({ [camel(definition.statusColumn.name)]: input.action === 'publish' ? 1 : 0 })
          .where(scoped(inArray(id, input.ids)))
          .returning({ id });
        done.push(...rows.map((row) => Number(row.id)));
        for (const each of input.ids)
          if (!done.includes(each)) refused.push({ id: each, message: `The ${definition.label} was not found.` });
      }
      return { done, refused, message: `${done.length} changed${refused.length ? `, ${refused.length} refused` : ''}.` };
    });
  }

  return { definition, list, find, save, remove, register };
}

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

export type Resource = ReturnType<typeof createResource>;

/** Raw SQL helper for views that need a count per row in one query. */
export const countOf = (column: PgColumn) => sql<number>`count(${column})::int`;
