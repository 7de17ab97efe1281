import { hasPermission, type Permission } from '@haat/contracts';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { requireAdmin } from './auth';
import { toCsv } from './csv';
import { HttpError, invalid, notFound, pathId } from './errors';
import { pageUrl, paginate } from './pagination';

type Row = Record<string, unknown>;

/** Other rows that still use a row, so it cannot be deleted. */
export type UsedBy = {
  /** Plural, for the refusal: "It is used by 3 products." */
  label: string;
} & (
  | { table: PgTable; column: PgColumn }
  /** For uses more than one column away (a product's variants in combos): how many there are. */
  | { count: (db: Db, id: number) => Promise<number> }
);

export interface UniqueField {
  column: PgColumn;
  field: string;
  message: string;
}

export type ListFilter =
  | { column: PgColumn; schema: z.ZodType<unknown> }
  /** A filter that is not "column = value" (a category at any level, low stock): its condition. */
  | { schema: z.ZodType<unknown>; where: (value: unknown, db: Db) => SQL | undefined | Promise<SQL | undefined> };

/** What a save hook gets: the written row, the parsed input, the row before (null on create), who saves. */
export interface Saved<Input> {
  row: Row;
  input: Input;
  existing: Row | null;
  adminId: number | null;
}

/**
 * A portal's own rows (a reseller's coupons): the signed-in person's session stands in for the admin
 * permission, every call sees only their rows (another's id answers 404), and new rows are theirs.
 */
export interface ResourceOwner {
  /** The column holding the owner's id. */
  column: PgColumn;
  /** The signed-in owner's id; throws 401 without a live session. */
  session(request: FastifyRequest): Promise<number>;
}

/**
 * An entity of the back office declared once (STYLE.md §2): its table, contract, permissions,
 * search, sort and filters. `registerResource` turns it into list / read / create / update /
 * delete / bulk / CSV endpoints that all behave the same way.
 */
export type ResourceAction = 'view' | 'create' | 'update' | 'delete';

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
  /** The search condition when ILIKE over `search` is not enough (trigram index, SKU prefix). */
  searchWhere?: (q: string) => SQL | undefined;
  /**
   * A list's total without counting its rows, when the resource keeps it (the order status tabs'
   * counts); null when this query's total must be counted. Called with a query already validated.
   */
  total?: (db: Db, query: Record<string, unknown>) => Promise<number | null>;
  sort: Record<string, PgColumn>;
  defaultSort: string;
  filters?: Record<string, ListFilter>;
  unique?: UniqueField[];
  usedBy?: UsedBy[];
  /** A column holding 1/0 for bulk publish and unpublish. */
  statusColumn?: PgColumn;
  /**
   * Contract input → column values; server-only checks (parents, references) throw field errors.
   * `owner` is the signed-in owner of an owned resource (for checks within their rows).
   */
  toValues(db: Db, input: Input, existing: Row | null, owner?: number): Promise<Row> | Row;
  /** Rows → what the API answers, in one batch (no query per row). Default: the row in snake_case. */
  toViews?(db: Db, rows: Row[]): Promise<Row[]>;
  /** One row as read, created and updated answer it (an edit form's everything). Default: its list view. */
  toDetail?(db: Db, row: Row): Promise<Row>;
  /** Writes what hangs off the row (variants, images, items) in the save's transaction. */
  afterSave?(tx: Db, saved: Saved<Input>): Promise<void>;
  /** Refuses a delete the usage check cannot see (throw an HttpError); runs before it. */
  beforeDelete?(db: Db, row: Row, adminId: number | null): Promise<void>;
  afterDelete?(db: Db, row: Row): Promise<void>;
  /** Permissions per action when they are not `<permission>.<action>` (delivery.charge.manage…). */
  permissions?: Partial<Record<ResourceAction, Permission>>;
  /**
   * Bulk actions of its own (approve, archive…), beside delete and, with a status column,
   * publish/unpublish. They need the update permission.
   */
  bulkActions?: {
    actions: readonly string[];
    run(db: Db, action: string, ids: number[], adminId: number): Promise<{ done: number[]; refused: { id: number; message: string }[] }>;
  };
  /**
   * Lists, CSV and detail only (rows made elsewhere: customers by orders and sign-ups). No create,
   * update, delete or bulk routes are registered.
   */
  readOnly?: boolean;
  /** The CSV export's permission; default `<permission>.view`. */
  exportPermission?: Permission;
  /** The CSV export's lines for a batch of rows, with headers people read. Default: the list views. */
  toCsvRows?(db: Db, rows: Row[]): Promise<Row[]>;
  /**
   * A portal's resource: guarded by its owner's session instead of admin permissions, scoped to
   * their rows. Lists, CSV, read, create and update only (no delete or bulk routes).
   */
  owner?: ResourceOwner;
}

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).default(''),
  sort: z.string().trim().max(60).optional(),
  format: z.enum(['plain', 'resource']).default('plain'),
});

function bulkInputFor(actions: readonly string[]) {
  return z.object({
    action: z.enum(actions as [string, ...string[]], { error: `Choose one of: ${actions.join(', ')}` }),
    ids: z.array(z.coerce.number().int().positive()).min(1, 'Select at least one row').max(1000),
  });
}

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

/** `%text%` for LIKE, with the pattern characters in the text taken literally. */
export function likeContains(text: string): string {
  return `%${likeEscape(text)}%`;
}

export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Whether PostgreSQL refused a delete because a foreign key still points at the row (23503; 23001 for ON DELETE RESTRICT). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if (['23503', '23001'].includes(String((current as { code?: unknown }).code))) return true;
  }
  return false;
}

export function createResource<Input extends Row>(definition: ResourceDefinition<Input>) {
  const { table, id } = definition;
  const perm = (action: ResourceAction) => definition.permissions?.[action] ?? (`${definition.permission}.${action}` as Permission);
  const scoped = (condition?: SQL) => and(definition.scope?.(), condition);
  const views = async (db: Db, rows: Row[]) => (definition.toViews ? definition.toViews(db, rows) : rows.map(snakeRow));
  const detail = async (db: Db, row: Row) => (definition.toDetail ? definition.toDetail(db, row) : (await views(db, [row]))[0]);

  /** The list's condition from `q` and `filter[…]`; also what the CSV export exports. */
  async function where(db: Db, query: Record<string, unknown>): Promise<SQL | undefined> {
    const parsed = listQuery.parse(query);
    const conditions: (SQL | undefined)[] = [definition.scope?.()];
    if (parsed.q && definition.searchWhere) conditions.push(definition.searchWhere(parsed.q));
    else if (parsed.q && definition.search?.length) {
      const pattern = likeContains(parsed.q);
      conditions.push(or(...definition.search.map((column) => ilike(column, pattern))));
    }
    const filters = filterParams(query);
    for (const [name, raw] of Object.entries(filters)) {
      const filter = definition.filters?.[name];
      if (!filter) throw invalid(`filter.${name}`, `There is no filter "${name}".`);
      const value = filter.schema.safeParse(raw);
      if (!value.success) throw invalid(`filter.${name}`, `The filter "${name}" has an invalid value.`);
      if ('where' in filter) conditions.push(await filter.where(value.data, db));
      else conditions.push(Array.isArray(value.data) ? inArray(filter.column, value.data) : eq(filter.column, value.data));
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
    const condition = await where(db, query);
    const offset = (parsed.page - 1) * parsed.per_page;
    // Ids first, then their rows: a deep page walks only the sort's index (index-only), not every skipped row.
    const pageIds = (
      await db
        .select({ id })
        .from(table)
        .where(condition)
        .orderBy(...orderBy(parsed.sort))
        .limit(parsed.per_page)
        .offset(offset)
    ).map((row) => Number(row.id));
    const rows = await rowsInOrder(db, pageIds);
    // A page that is not full is the last one, so it tells the total without counting.
    let total = offset + rows.length;
    if (rows.length === parsed.per_page || (rows.length === 0 && offset > 0)) {
      const kept = definition.total ? await definition.total(db, query) : null;
      if (kept !== null) total = kept;
      else {
        const [counted] = await db.select({ n: count() }).from(table).where(condition);
        total = counted?.n ?? 0;
      }
    }
    const shaped = paginate(await views(db, rows as Row[]), total, { page: parsed.page, perPage: parsed.per_page }, (page) =>
      pageUrl(definition.path, query, page),
    );
    return parsed.format === 'resource' ? shaped.resource : shaped.plain;
  }

  /** Every row the list shows for `query` (all pages), as CSV lines, read in batches. */
  async function exportRows(db: Db, query: Record<string, unknown>): Promise<Row[]> {
    const ordered = await db
      .select({ id })
      .from(table)
      .where(await where(db, query))
      .orderBy(...orderBy(listQuery.parse(query).sort))
      .limit(100_000);
    const lines: Row[] = [];
    for (let start = 0; start < ordered.length; start += 1000) {
      const batch = await rowsInOrder(
        db,
        ordered.slice(start, start + 1000).map((row) => Number(row.id)),
      );
      lines.push(...(definition.toCsvRows ? await definition.toCsvRows(db, batch) : await views(db, batch)));
    }
    return lines;
  }

  /** The rows with these ids, in the order of the ids. */
  async function rowsInOrder(db: Db, ids: number[]): Promise<Row[]> {
    if (ids.length === 0) return [];
    const fetched = (await db.select().from(table).where(inArray(id, ids))) as Row[];
    const byId = new Map(fetched.map((row) => [Number(row[camel(id.name)] ?? row[id.name]), row]));
    return ids.map((each) => byId.get(each)).filter((row): row is Row => row !== undefined);
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
      let n = 0;
      if ('count' in user) n = await user.count(db, rowId);
      else {
        const [row] = await db.select({ n: count() }).from(user.table).where(eq(user.column, rowId));
        n = row?.n ?? 0;
      }
      if (n) uses.push(`${n} ${n === 1 ? user.label.replace(/ies$/, 'y').replace(/s$/, '') : user.label}`);
    }
    return uses;
  }

  async function save(db: Db, body: unknown, rowId: number | null, adminId: number | null = null) {
    const input = definition.input.parse(body);
    const saved = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const existing = rowId ? await find(tx, rowId) : null;
      const values = await definition.toValues(tx, input, existing);
      await assertUnique(tx, values, rowId);
      const [row] = (
        rowId
          ? await tx
              .update(table)
              .set({ ...values, ...('updatedAt' in table ? { updatedAt: new Date() } : {}) })
              .where(eq(id, rowId))
              .returning()
          : await tx.insert(table).values(values).returning()
      ) as Row[];
      if (!row) throw notFound(`The ${definition.label}`);
      await definition.afterSave?.(tx, { row, input, existing, adminId });
      return row;
    });
    // The answer is read after the commit, on the pool (a detail may read several tables at once,
    // which a transaction's one connection cannot); the hook may have changed the row (a product's
    // stock from its variants): answer what is stored.
    return detail(db, definition.afterSave ? await find(db, Number(saved[camel(id.name)] ?? saved[id.name])) : saved);
  }

  async function remove(db: Db, rowId: number, adminId: number | null = null) {
    const row = await find(db, rowId);
    await definition.beforeDelete?.(db, row, adminId);
    const refusal = (uses: string) => new HttpError(409, `This ${definition.label} cannot be deleted: it is used by ${uses}.`);
    const uses = await usage(db, rowId);
    if (uses.length) throw refusal(uses.join(' and '));
    try {
      await db.delete(table).where(eq(id, rowId));
    } catch (error) {
      // Something started using the row since the check above; the database's key refuses the delete.
      if (isForeignKeyViolation(error)) throw refusal('other records');
      throw error;
    }
    await definition.afterDelete?.(db, row);
  }

  /** The resource as one owner sees it: their rows only, new rows theirs. */
  function ownedBy(owner: ResourceOwner, ownerId: number) {
    return createResource<Input>({
      ...definition,
      owner: undefined,
      scope: () => and(definition.scope?.(), eq(owner.column, ownerId)) as SQL,
      toValues: async (db, input, existing) => ({
        ...(await definition.toValues(db, input, existing, ownerId)),
        [camel(owner.column.name)]: ownerId,
      }),
    });
  }

  function registerOwned(app: FastifyInstance, owner: ResourceOwner) {
    const path = definition.path;
    type WithId = { Params: { id: string } };
    const rowId = (request: FastifyRequest<WithId>) => pathId(request.params.id, `The ${definition.label}`);
    const as = async (request: FastifyRequest) => {
      const resource = ownedBy(owner, await owner.session(request));
      refuseNul(request.query);
      refuseNul(request.body);
      return resource;
    };
    const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

    app.get(path, async (request, reply) => {
      const resource = await as(request);
      noStore(reply);
      return resource.list(request.server.db, request.query as Row);
    });
    app.get(`${path}/export.csv`, async (request, reply) => {
      const resource = await as(request);
      const csv = toCsv(await resource.exportRows(request.server.db, request.query as Row));
      const name = `${definition.permission.replace(/\W+/g, '-')}s-${new Date().toISOString().slice(0, 10)}.csv`;
      return noStore(reply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    });
    app.get<WithId>(`${path}/:id`, async (request, reply) => {
      const resource = await as(request);
      noStore(reply);
      return { data: await detail(request.server.db, await resource.find(request.server.db, rowId(request))) };
    });
    if (definition.readOnly) return;
    app.post(path, async (request, reply) => {
      const data = await (await as(request)).save(request.server.db, request.body, null);
      return reply.status(201).send({ data, message: `The ${definition.label} was created.` });
    });
    app.put<WithId>(`${path}/:id`, async (request) => {
      const resource = await as(request);
      const data = await resource.save(request.server.db, request.body, rowId(request));
      return { data, message: `The ${definition.label} was saved.` };
    });
  }

  function register(app: FastifyInstance) {
    if (definition.owner) return registerOwned(app, definition.owner);
    const path = definition.path;
    const bulkInput = bulkInputFor([
      'delete',
      ...(definition.statusColumn ? ['publish', 'unpublish'] : []),
      ...(definition.bulkActions?.actions ?? []),
    ]);
    type WithId = { Params: { id: string } };
    const rowId = (request: FastifyRequest<WithId>) => pathId(request.params.id, `The ${definition.label}`);

    app.get(path, { preHandler: requireAdmin(perm('view')) }, (request) => list(request.server.db, request.query as Row));

    app.get(
      `${path}/export.csv`,
      { preHandler: requireAdmin(definition.exportPermission ?? perm('view')) },
      async (request, reply: FastifyReply) => {
        const csv = toCsv(await exportRows(request.server.db, request.query as Row));
        const name = `${definition.permission.replace(/\W+/g, '-')}s-${new Date().toISOString().slice(0, 10)}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(csv);
      },
    );

    app.get<WithId>(`${path}/:id`, { preHandler: requireAdmin(perm('view')) }, async (request) => {
      return { data: await detail(request.server.db, await find(request.server.db, rowId(request))) };
    });

    if (definition.readOnly) return;

    app.post(path, { preHandler: requireAdmin(perm('create')) }, async (request, reply) => {
      const data = await save(request.server.db, request.body, null, request.admin.id);
      return reply.status(201).send({ data, message: `The ${definition.label} was created.` });
    });

    app.put<WithId>(`${path}/:id`, { preHandler: requireAdmin(perm('update')) }, async (request) => {
      const data = await save(request.server.db, request.body, rowId(request), request.admin.id);
      return { data, message: `The ${definition.label} was saved.` };
    });

    app.delete<WithId>(`${path}/:id`, { preHandler: requireAdmin(perm('delete')) }, async (request) => {
      await remove(request.server.db, rowId(request), request.admin.id);
      return { message: `The ${definition.label} was deleted.` };
    });

    /** Select many rows and act on them; rows that cannot be changed are reported, the rest are changed. */
    app.post(`${path}/bulk`, { preHandler: requireAdmin() }, async (request) => {
      const input = bulkInput.parse(request.body);
      const own = definition.bulkActions;
      const needed = input.action === 'delete' ? perm('delete') : perm('update');
      if (!hasPermission(request.admin.permissions, needed)) throw new HttpError(403, `You do not have the "${needed}" permission.`);
      const { db } = request.server;
      const done: number[] = [];
      const refused: { id: number; message: string }[] = [];
      if (own?.actions.includes(input.action)) {
        const result = await own.run(db, input.action, input.ids, request.admin.id);
        done.push(...result.done);
        refused.push(...result.refused);
      } else if (input.action === 'delete') {
        for (const each of input.ids) {
          try {
            await remove(db, each, request.admin.id);
            done.push(each);
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            refused.push({ id: each, message: error.message });
          }
        }
      } else {
        if (!definition.statusColumn) throw invalid('action', `A ${definition.label} cannot be published or unpublished.`);
        const statusKey = camel(definition.statusColumn.name);
        const rows = await db.transaction(async (tx) => {
          // Rows are locked in id order, the order every other multi-row writer (stock moves) follows.
          await tx
            .select({ id })
            .from(table)
            .where(scoped(inArray(id, input.ids)))
            .orderBy(asc(id))
            .for('update');
          return tx
            .update(table)
            .set({ [statusKey]: input.action === 'publish' ? 1 : 0, ...('updatedAt' in table ? { updatedAt: new Date() } : {}) })
            .where(scoped(inArray(id, input.ids)))
            .returning({ id });
        });
        done.push(...rows.map((row) => Number(row.id)));
        for (const each of input.ids)
          if (!done.includes(each)) refused.push({ id: each, message: `The ${definition.label} was not found.` });
      }
      return { done, refused, message: `${done.length} changed${refused.length ? `, ${refused.length} refused` : ''}.` };
    });
  }

  return { definition, list, where, find, save, remove, exportRows, register };
}

/** PostgreSQL text cannot hold a NUL character: a field (or query parameter) with one is refused as invalid, not a 500. */
function refuseNul(value: unknown, path = ''): void {
  if (typeof value === 'string' && value.includes('\u0000')) throw invalid(path || '_', 'Remove the NUL character from this field.');
  if (value && typeof value === 'object') {
    for (const [key, each] of Object.entries(value)) refuseNul(each, path ? `${path}.${key}` : key);
  }
}

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

export type Resource = ReturnType<typeof createResource>;

/** Raw SQL helper for views that need a count per row in one query. */
export const countOf = (column: PgColumn) => sql<number>`count(${column})::int`;
