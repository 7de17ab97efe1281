import {
  type AnyResourceDescriptor,
  type FilterKeyOf,
  hasPermission,
  type InputOf,
  idList,
  type Permission,
  type SortKeyOf,
  slugify,
  type TotalKeyOf,
} from '@haat/contracts';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Ctx, inTransaction } from '../context';
import type { Db } from '../db/client';
import { diffChanges, recordAudit } from '../modules/audit';
import { requireAdmin } from './auth';
import { toCsv } from './csv';
import { csvLines, type ImportProblem, importAnswer, readCsvUpload, reportOf } from './csv-import';
import { HttpError, invalid, notFound, pathId } from './errors';
import { ownValue } from './input';
import { pageUrl, paginate } from './pagination';
import { requestCtx } from './request-context';
import { chooseSlug } from './slug';

type Row = Record<string, unknown>;

/** Other rows that still use a row, so it cannot be deleted. */
export type UsedBy = {
  /** Plural, for the refusal: "It is used by 3 products." */
  label: string;
} & (
  | { table: PgTable; column: PgColumn }
  /** For uses more than one column away (a product's variants in combos): how many there are. */
  | { count: (ctx: Ctx, id: number) => Promise<number> }
);

export interface UniqueField {
  column: PgColumn;
  field: string;
  message: string;
}

export type ListFilter =
  | { column: PgColumn; schema: z.ZodType<unknown> }
  /** A filter that is not "column = value" (a category at any level, low stock): its condition. */
  | { schema: z.ZodType<unknown>; where: (value: unknown, ctx: Ctx) => SQL | undefined | Promise<SQL | undefined> };

/** What a save hook gets: the written row, the parsed input, the row before (null on create). Who saves is the ctx's actor. */
export interface Saved<Input> {
  row: Row;
  input: Input;
  existing: Row | null;
}

/**
 * A portal's own rows (a reseller's coupons): the signed-in person's session stands in for the admin
 * permission, every call sees only their rows (another's id answers 404), and new rows are theirs.
 */
export interface ResourceOwner {
  /** The column holding the owner's id. */
  column: PgColumn;
  /** The signed-in owner's id; throws 401 without a live session (and sets the request's actor). */
  session(request: FastifyRequest): Promise<number>;
}

/**
 * How a resource's changes reach the audit log. Every create, update, delete and bulk action is
 * recorded by default, in the change's transaction, with the changed fields before → after.
 */
export interface ResourceAudit {
  /** The entity's name in the log; the permission prefix by default (`brand`, `delivery.charge`). */
  entity?: string;
  /**
   * What of a row the log compares, read inside the change's transaction; the row's own columns
   * (snake_case) by default. Give it to include what hangs off the row (a role's permissions).
   */
  snapshot?(ctx: Ctx, rows: Row[]): Promise<Row[]>;
  /** Fields never compared (derived counters); timestamps are never compared. */
  ignore?: readonly string[];
  /** Fields shown only as "changed" besides the usual secrets (passwords, keys, tokens). */
  secrets?: readonly string[];
}

export type ResourceAction = 'view' | 'create' | 'update' | 'delete';

/** What the API adds to a descriptor: the table, how rows become values and views, the server's own checks. */
interface ResourceHooks<Input extends Row> {
  table: PgTable;
  id: PgColumn;
  /** The rows this resource sees (e.g. categories of level 2). */
  scope?: () => SQL;
  search?: PgColumn[];
  /** The search condition when ILIKE over `search` is not enough (trigram index, SKU prefix). */
  searchWhere?: (q: string) => SQL | undefined;
  /**
   * A list's total without counting its rows, when the resource keeps it (the order status tabs'
   * counts); null when this query's total must be counted. Called with a query already validated.
   */
  total?: (ctx: Ctx, query: Record<string, unknown>) => Promise<number | null>;
  /**
   * Figures over every row the list shows (the descriptor's `totals` keys), answered beside the page
   * as `totals`. `where` is the page's own condition (scope, search, filters); compute them in one
   * aggregate statement over it.
   */
  totals?(ctx: Ctx, where: SQL | undefined): Promise<Record<string, number>>;
  unique?: UniqueField[];
  usedBy?: UsedBy[];
  /** A column holding 1/0 for bulk publish and unpublish. */
  statusColumn?: PgColumn;
  /**
   * A slug made from another field when none is typed, numbered until free (summer-kurti-2), and
   * refused when typed but taken. Set into `values[column]` after toValues.
   */
  slug?: SlugOption<Input>;
  /**
   * Contract input → column values; server-only checks (parents, references) throw field errors.
   * `owner` is the signed-in owner of an owned resource (for checks within their rows).
   */
  toValues(ctx: Ctx, input: Input, existing: Row | null, owner?: number): Promise<Row> | Row;
  /** Rows → what the API answers, in one batch (no query per row). Default: the row in snake_case. */
  toViews?(ctx: Ctx, rows: Row[]): Promise<Row[]>;
  /** One row as read, created and updated answer it (an edit form's everything). Default: its list view. */
  toDetail?(ctx: Ctx, row: Row): Promise<Row>;
  /** Writes what hangs off the row (variants, images, items) in the save's transaction. */
  afterSave?(ctx: Ctx, saved: Saved<Input>): Promise<void>;
  /** Refuses a delete the usage check cannot see (throw an HttpError); runs before it. */
  beforeDelete?(ctx: Ctx, row: Row): Promise<void>;
  afterDelete?(ctx: Ctx, row: Row): Promise<void>;
  /**
   * Bulk actions of its own (approve, archive…), beside delete and, with a status column,
   * publish/unpublish. They need the update permission.
   */
  bulkActions?: {
    actions: readonly string[];
    /** Runs in the bulk action's transaction; the machinery records each changed row's audit. */
    run(ctx: Ctx, action: string, ids: number[]): Promise<{ done: number[]; refused: { id: number; message: string }[] }>;
  };
  /** The CSV export's permission; default `<permission>.view`. */
  exportPermission?: Permission;
  /** The CSV export's lines for a batch of rows, with headers people read. Default: the list views. */
  toCsvRows?(ctx: Ctx, rows: Row[]): Promise<Row[]>;
  /** The audit log's view of this resource; audited by default. */
  audit?: ResourceAudit;
  /** The CSV import (`POST path/import`), for descriptors that declare one. */
  import?: ResourceImportOptions;
  /**
   * A portal's resource: guarded by its owner's session instead of admin permissions, scoped to
   * their rows. Lists, CSV, read, create and update only (no delete or bulk routes).
   */
  owner?: ResourceOwner;
}

/** `slug: { from: 'name', column: brands.slug }`. */
export interface SlugOption<Input extends Row> {
  /** The input field a slug is made from when none is typed. */
  from: keyof Input & string;
  column: PgColumn;
  /** The input field typed in; `slug` by default. */
  field?: keyof Input & string;
  /** "Another brand already uses this slug." by default. */
  message?: string;
}

/** How a CSV file's rows become inputs (see csv-import.ts). */
export interface ResourceImportOptions {
  /** The permission needed; `<permission>.create` by default. */
  permission?: Permission;
  /** A file's cells → the input contract's fields; by default a header names its field (`sort_order`). */
  toInput?(line: Record<string, string>): Row;
  /** The row a line matches, by the descriptor's match keys; the default looks up id and unique columns. */
  columns?: Partial<Record<string, PgColumn>>;
}

type BoundFilter =
  | { column: PgColumn }
  /** A filter that is not "column = value" (a category at any level, low stock): its condition. */
  | { where: (value: unknown, ctx: Ctx) => SQL | undefined | Promise<SQL | undefined> };

/**
 * A descriptor bound to a table (decision 019): every sort key to a column and every filter key to
 * a column or a condition — a missing or an extra key is a type error. The name, path, permissions,
 * label, input, sort keys and filter schemas come from the descriptor.
 */
export type ResourceBinding<D extends AnyResourceDescriptor> = Omit<ResourceHooks<InputOf<D> & Row>, 'totals'> & {
  sort: { [K in SortKeyOf<D>]: PgColumn };
} & ([FilterKeyOf<D>] extends [never] ? { filters?: never } : { filters: { [K in FilterKeyOf<D>]: BoundFilter } }) &
  ([TotalKeyOf<D>] extends [never]
    ? { totals?: never }
    : { totals(ctx: Ctx, where: SQL | undefined): Promise<{ [K in TotalKeyOf<D>]: number }> });

/**
 * An entity of the back office declared once (STYLE.md §2): its table, contract, permissions,
 * search, sort and filters. `registerResource` turns it into list / read / create / update /
 * delete / bulk / CSV endpoints that all behave the same way.
 */
export interface ResourceDefinition<Input extends Row = Row> extends ResourceHooks<Input> {
  /** Singular, for messages: "The category was not found." */
  label: string;
  path: string;
  /** `category` → category.view, category.create, category.update, category.delete. */
  permission: string;
  input: z.ZodType<Input, unknown>;
  sort: Record<string, PgColumn>;
  defaultSort: string;
  filters?: Record<string, ListFilter>;
  /** Permissions per action when they are not `<permission>.<action>` (delivery.charge.manage…). */
  permissions?: Partial<Record<ResourceAction, Permission>>;
  /**
   * Lists, CSV and detail only (rows made elsewhere: customers by orders and sign-ups). No create,
   * update, delete or bulk routes are registered.
   */
  readOnly?: boolean;
  /** Match keys of the CSV import; no import route without them. */
  importMatch?: readonly string[];
}

/** The descriptor and its binding as the machinery reads them. */
function definitionOf<D extends AnyResourceDescriptor>(descriptor: D, binding: ResourceBinding<D>): ResourceDefinition<InputOf<D> & Row> {
  const bound = (binding.filters ?? {}) as Record<string, BoundFilter>;
  const filters: Record<string, ListFilter> = {};
  for (const [key, schema] of Object.entries((descriptor.filters ?? {}) as Record<string, z.ZodType<unknown>>)) {
    const filter = bound[key];
    if (!filter) throw new Error(`${descriptor.name}: the filter "${key}" is not bound`);
    filters[key] = 'where' in filter ? { schema, where: filter.where } : { schema, column: filter.column };
  }
  const { filters: _, ...hooks } = binding;
  return {
    ...(hooks as ResourceHooks<InputOf<D> & Row>),
    label: descriptor.label,
    path: descriptor.path,
    permission: descriptor.permission,
    permissions: descriptor.permissions,
    input: descriptor.input,
    sort: binding.sort as Record<string, PgColumn>,
    defaultSort: descriptor.defaultSort,
    filters,
    readOnly: descriptor.readOnly,
    importMatch: descriptor.import?.match,
  };
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
    ids: idList.min(1, 'Select at least one row').max(1000),
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

export function createResource<D extends AnyResourceDescriptor>(descriptor: D, binding: ResourceBinding<D>) {
  return { ...resourceOf<InputOf<D> & Row>(definitionOf(descriptor, binding)), descriptor };
}

/**
 * The machinery over a definition already put together: a descriptor's binding (createResource), or
 * a portal's owned rows, whose screens are declared in the portal (the reseller's coupons, slides…).
 */
export function resourceOf<Input extends Row>(definition: ResourceDefinition<Input>) {
  const { table, id } = definition;
  const perm = (action: ResourceAction) => definition.permissions?.[action] ?? (`${definition.permission}.${action}` as Permission);
  const scoped = (condition?: SQL) => and(definition.scope?.(), condition);
  const views = async (ctx: Ctx, rows: Row[]) => (definition.toViews ? definition.toViews(ctx, rows) : rows.map(snakeRow));
  const detail = async (ctx: Ctx, row: Row) => (definition.toDetail ? definition.toDetail(ctx, row) : (await views(ctx, [row]))[0]);
  const rowIdOf = (row: Row) => Number(row[camel(id.name)] ?? row[id.name]);
  const entity = definition.audit?.entity ?? definition.permission;
  const slug = definition.slug;
  const uniques: UniqueField[] = [
    ...(slug
      ? [
          {
            column: slug.column,
            field: slug.field ?? 'slug',
            message: slug.message ?? `Another ${definition.label} already uses this slug.`,
          },
        ]
      : []),
    ...(definition.unique ?? []),
  ];

  /** The list's condition from `q` and `filter[…]`; also what the CSV export exports. */
  async function where(ctx: Ctx, query: Record<string, unknown>): Promise<SQL | undefined> {
    const parsed = listQuery.parse(query);
    const conditions: (SQL | undefined)[] = [definition.scope?.()];
    if (parsed.q && definition.searchWhere) conditions.push(definition.searchWhere(parsed.q));
    else if (parsed.q && definition.search?.length) {
      const pattern = likeContains(parsed.q);
      conditions.push(or(...definition.search.map((column) => ilike(column, pattern))));
    }
    const filters = filterParams(query);
    for (const [name, raw] of Object.entries(filters)) {
      const filter = ownValue(definition.filters, name);
      if (!filter) throw invalid(`filter.${name}`, `There is no filter "${name}".`);
      const value = filter.schema.safeParse(raw);
      if (!value.success) throw invalid(`filter.${name}`, `The filter "${name}" has an invalid value.`);
      if ('where' in filter) conditions.push(await filter.where(value.data, ctx));
      else conditions.push(Array.isArray(value.data) ? inArray(filter.column, value.data) : eq(filter.column, value.data));
    }
    return and(...conditions);
  }

  function orderBy(sortParam: string | undefined) {
    const key = sortParam || definition.defaultSort;
    const descending = key.startsWith('-');
    const column = ownValue(definition.sort, descending ? key.slice(1) : key);
    if (!column) throw invalid('sort', `The list cannot be sorted by "${key}".`);
    // The id breaks ties, so pages never repeat or skip a row.
    return descending ? [desc(column), desc(id)] : [asc(column), asc(id)];
  }

  async function list(ctx: Ctx, query: Record<string, unknown>) {
    const { db } = ctx;
    const parsed = listQuery.parse(query);
    const condition = await where(ctx, query);
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
      const kept = definition.total ? await definition.total(ctx, query) : null;
      if (kept !== null) total = kept;
      else {
        const [counted] = await db.select({ n: count() }).from(table).where(condition);
        total = counted?.n ?? 0;
      }
    }
    const shaped = paginate(await views(ctx, rows as Row[]), total, { page: parsed.page, perPage: parsed.per_page }, (page) =>
      pageUrl(definition.path, query, page),
    );
    const answer = parsed.format === 'resource' ? shaped.resource : shaped.plain;
    return definition.totals ? { ...answer, totals: await definition.totals(ctx, condition) } : answer;
  }

  /** Every row the list shows for `query` (all pages), as CSV lines, read in batches. */
  async function exportRows(ctx: Ctx, query: Record<string, unknown>): Promise<Row[]> {
    const ordered = await ctx.db
      .select({ id })
      .from(table)
      .where(await where(ctx, query))
      .orderBy(...orderBy(listQuery.parse(query).sort))
      .limit(100_000);
    const lines: Row[] = [];
    for (let start = 0; start < ordered.length; start += 1000) {
      const batch = await rowsInOrder(
        ctx.db,
        ordered.slice(start, start + 1000).map((row) => Number(row.id)),
      );
      lines.push(...(definition.toCsvRows ? await definition.toCsvRows(ctx, batch) : await views(ctx, batch)));
    }
    return lines;
  }

  /** The rows with these ids, in the order of the ids. */
  async function rowsInOrder(db: Db, ids: number[]): Promise<Row[]> {
    if (ids.length === 0) return [];
    const fetched = (await db.select().from(table).where(inArray(id, ids))) as Row[];
    const byId = new Map(fetched.map((row) => [rowIdOf(row), row]));
    return ids.map((each) => byId.get(each)).filter((row): row is Row => row !== undefined);
  }

  async function find(ctx: Ctx, rowId: number): Promise<Row> {
    const [row] = await ctx.db
      .select()
      .from(table)
      .where(scoped(eq(id, rowId)));
    if (!row) throw notFound(`The ${definition.label}`);
    return row as Row;
  }

  async function assertUnique(db: Db, values: Row, rowId: number | null) {
    for (const unique of uniques) {
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

  async function usage(ctx: Ctx, rowId: number): Promise<string[]> {
    const uses: string[] = [];
    for (const user of definition.usedBy ?? []) {
      let n = 0;
      if ('count' in user) n = await user.count(ctx, rowId);
      else {
        const [row] = await ctx.db.select({ n: count() }).from(user.table).where(eq(user.column, rowId));
        n = row?.n ?? 0;
      }
      if (n) uses.push(`${n} ${n === 1 ? user.label.replace(/ies$/, 'y').replace(/s$/, '') : user.label}`);
    }
    return uses;
  }

  /** What the audit log compares of these rows (read in the change's transaction), by id. */
  async function snapshots(ctx: Ctx, rows: Row[]): Promise<Map<number, Row>> {
    const shots = definition.audit?.snapshot ? await definition.audit.snapshot(ctx, rows) : rows.map(snakeRow);
    return new Map(rows.map((row, index) => [rowIdOf(row), shots[index] ?? {}]));
  }

  /** One audit row per changed row, in the change's transaction; rows with nothing changed write none. */
  async function audit(ctx: Ctx, action: string, before: Map<number, Row>, after: Map<number, Row>, ids: number[]) {
    const ignore = [...AUDIT_IGNORED, ...(definition.audit?.ignore ?? [])];
    const entries = ids.flatMap((rowId) => {
      const changes = diffChanges(before.get(rowId) ?? null, after.get(rowId) ?? null, { ignore, secrets: definition.audit?.secrets });
      return action === 'update' && Object.keys(changes).length === 0 ? [] : [{ action, entity, entityId: rowId, changes }];
    });
    await recordAudit(ctx, entries);
  }

  /** Writes one parsed input in the caller's transaction (values, slug, uniqueness, hook, audit): the row as stored. */
  async function saveIn(tx: Ctx, input: Input, rowId: number | null): Promise<Row> {
    const existing = rowId ? await find(tx, rowId) : null;
    const before = existing ? await snapshots(tx, [existing]) : new Map<number, Row>();
    const values = await definition.toValues(tx, input, existing);
    if (slug) {
      const typed = String(input[slug.field ?? 'slug'] ?? '');
      values[camel(slug.column.name)] = await chooseSlug(tx.db, { table, id, slug: slug.column }, typed, String(input[slug.from]), rowId);
    }
    await assertUnique(tx.db, values, rowId);
    const [row] = (
      rowId
        ? await tx.db
            .update(table)
            .set({ ...values, ...('updatedAt' in table ? { updatedAt: tx.now } : {}) })
            .where(eq(id, rowId))
            .returning()
        : await tx.db.insert(table).values(values).returning()
    ) as Row[];
    if (!row) throw notFound(`The ${definition.label}`);
    await definition.afterSave?.(tx, { row, input, existing });
    const savedId = rowIdOf(row);
    // The hook may have changed the row (a product's stock from its variants): compare what is stored.
    const after = await snapshots(tx, definition.afterSave ? await rowsInOrder(tx.db, [savedId]) : [row]);
    await audit(tx, existing ? 'update' : 'create', before, after, [savedId]);
    return row;
  }

  async function save(ctx: Ctx, body: unknown, rowId: number | null) {
    const input = definition.input.parse(body);
    const saved = await inTransaction(ctx, (tx) => saveIn(tx, input, rowId));
    // The answer is read after the commit, on the pool (a detail may read several tables at once,
    // which a transaction's one connection cannot); the hook may have changed the row: answer what is stored.
    return detail(ctx, definition.afterSave ? await find(ctx, rowIdOf(saved)) : saved);
  }

  /** The id of the row a file's line matches by the first match key it fills in, or null (a new row). */
  async function matchOf(tx: Ctx, input: Row, line: Record<string, string>): Promise<number | null> {
    for (const key of definition.importMatch ?? []) {
      // A line without a slug matches the row whose slug its name would make.
      const made = slug && key === (slug.field ?? 'slug') && !input[key] ? slugify(String(input[slug.from] ?? '')) : undefined;
      const raw = key === 'id' ? line.id : (made ?? input[key]);
      if (raw === undefined || raw === null || raw === '') continue;
      const column = key === 'id' ? id : (definition.import?.columns?.[key] ?? (table as unknown as Record<string, PgColumn>)[camel(key)]);
      if (!column) throw new Error(`${definition.label}: no column to match "${key}" by`);
      const [found] = await tx.db
        .select({ id })
        .from(table)
        .where(scoped(eq(column, key === 'id' ? Number(raw) : raw)))
        .limit(1);
      if (found) return Number(found.id);
      if (key === 'id') return -1;
    }
    return null;
  }

  /**
   * A CSV file's rows through the same save path as the form (contract, server checks, slug,
   * uniqueness, hooks, audit), all in one transaction: every line is checked, and a file with any
   * refused line writes nothing. A dry run does the same and rolls back.
   */
  async function importCsv(ctx: Ctx, text: string, dryRun: boolean) {
    const { header, lines } = csvLines(text);
    const problems: ImportProblem[] = [];
    let created = 0;
    let updated = 0;
    const rollback = new Error('dry run');
    try {
      await inTransaction(ctx, async (tx) => {
        for (const [index, cells] of lines.entries()) {
          const line = index + 2; // The header is line 1.
          const raw = definition.import?.toInput ? definition.import.toInput(cells) : cellsToInput(cells);
          const parsed = definition.input.safeParse(raw);
          if (!parsed.success) {
            for (const issue of parsed.error.issues) problems.push({ line, field: issue.path.join('.') || 'row', message: issue.message });
            continue;
          }
          const rowId = await matchOf(tx, parsed.data, cells);
          if (rowId === -1) {
            problems.push({ line, field: 'id', message: `There is no ${definition.label} with this id.` });
            continue;
          }
          try {
            await saveIn(tx, parsed.data, rowId);
            if (rowId) updated += 1;
            else created += 1;
          } catch (error) {
            if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
            const fields = Object.entries(error.errors ?? { row: [error.message] });
            for (const [field, messages] of fields) for (const message of messages) problems.push({ line, field, message });
          }
        }
        if (problems.length || dryRun) throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    if (problems.length) {
      const lineCount = new Set(problems.map((problem) => problem.line)).size;
      throw new HttpError(
        422,
        `${lineCount} ${lineCount === 1 ? 'line has' : 'lines have'} errors; nothing was imported.`,
        { file: problems.slice(0, 50).map((problem) => `Line ${problem.line}, ${problem.field}: ${problem.message}`) },
        { problems, report: reportOf(problems), ignored_columns: header.ignored },
      );
    }
    return { dry_run: dryRun, created, updated, errors: [] as ImportProblem[], ignored_columns: header.ignored };
  }

  async function remove(ctx: Ctx, rowId: number) {
    const refusal = (uses: string) => new HttpError(409, `This ${definition.label} cannot be deleted: it is used by ${uses}.`);
    try {
      await inTransaction(ctx, async (tx) => {
        const row = await find(tx, rowId);
        await definition.beforeDelete?.(tx, row);
        const uses = await usage(tx, rowId);
        if (uses.length) throw refusal(uses.join(' and '));
        const before = await snapshots(tx, [row]);
        await tx.db.delete(table).where(eq(id, rowId));
        await definition.afterDelete?.(tx, row);
        await audit(tx, 'delete', before, new Map(), [rowId]);
      });
    } catch (error) {
      // Something started using the row since the check above; the database's key refuses the delete.
      if (isForeignKeyViolation(error)) throw refusal('other records');
      throw error;
    }
  }

  /**
   * A bulk action on many rows in one transaction, audited row by row: the rows are read before
   * and after, and each changed one writes its before → after.
   */
  async function bulk(ctx: Ctx, action: string, ids: number[], work: (tx: Ctx) => Promise<number[]>) {
    return inTransaction(ctx, async (tx) => {
      const unique = [...new Set(ids)].sort((a, b) => a - b);
      // Rows are locked in id order, the order every other multi-row writer (stock moves) follows.
      await tx.db
        .select({ id })
        .from(table)
        .where(scoped(inArray(id, unique)))
        .orderBy(asc(id))
        .for('update');
      const before = await snapshots(tx, await rowsInOrder(tx.db, unique));
      const done = await work(tx);
      const after = await snapshots(tx, await rowsInOrder(tx.db, done));
      await audit(tx, action, before, after, done);
      return done;
    });
  }

  /** The resource as one owner sees it: their rows only, new rows theirs. */
  function ownedBy(owner: ResourceOwner, ownerId: number) {
    return resourceOf<Input>({
      ...definition,
      owner: undefined,
      scope: () => and(definition.scope?.(), eq(owner.column, ownerId)) as SQL,
      toValues: async (ctx, input, existing) => ({
        ...(await definition.toValues(ctx, input, existing, ownerId)),
        [camel(owner.column.name)]: ownerId,
      }),
    });
  }

  function registerOwned(app: FastifyInstance, owner: ResourceOwner) {
    const path = definition.path;
    type WithId = { Params: { id: string } };
    const rowId = (request: FastifyRequest<WithId>) => pathId(request.params.id, `The ${definition.label}`);
    const as = async (request: FastifyRequest) => {
      // NUL characters and the like never get here: the edge refuses them (http/input.ts).
      return ownedBy(owner, await owner.session(request));
    };
    const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

    app.get(path, async (request, reply) => {
      const resource = await as(request);
      noStore(reply);
      return resource.list(requestCtx(request), request.query as Row);
    });
    app.get(`${path}/export.csv`, async (request, reply) => {
      const resource = await as(request);
      const csv = toCsv(await resource.exportRows(requestCtx(request), request.query as Row));
      const name = `${definition.permission.replace(/\W+/g, '-')}s-${new Date().toISOString().slice(0, 10)}.csv`;
      return noStore(reply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    });
    app.get<WithId>(`${path}/:id`, async (request, reply) => {
      const resource = await as(request);
      noStore(reply);
      const ctx = requestCtx(request);
      return { data: await detail(ctx, await resource.find(ctx, rowId(request))) };
    });
    if (definition.readOnly) return;
    app.post(path, async (request, reply) => {
      const data = await (await as(request)).save(requestCtx(request), request.body, null);
      return reply.status(201).send({ data, message: `The ${definition.label} was created.` });
    });
    app.put<WithId>(`${path}/:id`, async (request) => {
      const resource = await as(request);
      const data = await resource.save(requestCtx(request), request.body, rowId(request));
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

    app.get(path, { preHandler: requireAdmin(perm('view')) }, (request) => list(requestCtx(request), request.query as Row));

    app.get(
      `${path}/export.csv`,
      { preHandler: requireAdmin(definition.exportPermission ?? perm('view')) },
      async (request, reply: FastifyReply) => {
        const csv = toCsv(await exportRows(requestCtx(request), request.query as Row));
        const name = `${definition.permission.replace(/\W+/g, '-')}s-${new Date().toISOString().slice(0, 10)}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(csv);
      },
    );

    app.get<WithId>(`${path}/:id`, { preHandler: requireAdmin(perm('view')) }, async (request) => {
      const ctx = requestCtx(request);
      return { data: await detail(ctx, await find(ctx, rowId(request))) };
    });

    if (definition.readOnly) return;

    app.post(path, { preHandler: requireAdmin(perm('create')) }, async (request, reply) => {
      const data = await save(requestCtx(request), request.body, null);
      return reply.status(201).send({ data, message: `The ${definition.label} was created.` });
    });

    if (definition.importMatch) {
      app.post(`${path}/import`, { preHandler: requireAdmin(definition.import?.permission ?? perm('create')) }, async (request) => {
        const { text, dryRun } = await readCsvUpload(request);
        return importAnswer(await importCsv(requestCtx(request), text, dryRun), dryRun);
      });
    }

    app.put<WithId>(`${path}/:id`, { preHandler: requireAdmin(perm('update')) }, async (request) => {
      const data = await save(requestCtx(request), request.body, rowId(request));
      return { data, message: `The ${definition.label} was saved.` };
    });

    app.delete<WithId>(`${path}/:id`, { preHandler: requireAdmin(perm('delete')) }, async (request) => {
      await remove(requestCtx(request), rowId(request));
      return { message: `The ${definition.label} was deleted.` };
    });

    /** Select many rows and act on them; rows that cannot be changed are reported, the rest are changed. */
    app.post(`${path}/bulk`, { preHandler: requireAdmin() }, async (request) => {
      const input = bulkInput.parse(request.body);
      const own = definition.bulkActions;
      const needed = input.action === 'delete' ? perm('delete') : perm('update');
      if (!hasPermission(request.admin.permissions, needed)) throw new HttpError(403, `You do not have the "${needed}" permission.`);
      const ctx = requestCtx(request);
      const done: number[] = [];
      const refused: { id: number; message: string }[] = [];
      if (own?.actions.includes(input.action)) {
        await bulk(ctx, input.action, input.ids, async (tx) => {
          const result = await own.run(tx, input.action, input.ids);
          done.push(...result.done);
          refused.push(...result.refused);
          return result.done;
        });
      } else if (input.action === 'delete') {
        // Each row on its own: one that is still used is refused, the others go.
        for (const each of input.ids) {
          try {
            await remove(ctx, each);
            done.push(each);
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            refused.push({ id: each, message: error.message });
          }
        }
      } else {
        if (!definition.statusColumn) throw invalid('action', `A ${definition.label} cannot be published or unpublished.`);
        const statusKey = camel(definition.statusColumn.name);
        const changed = await bulk(ctx, input.action, input.ids, async (tx) => {
          const rows = await tx.db
            .update(table)
            .set({ [statusKey]: input.action === 'publish' ? 1 : 0, ...('updatedAt' in table ? { updatedAt: tx.now } : {}) })
            .where(scoped(inArray(id, input.ids)))
            .returning({ id });
          return rows.map((row) => Number(row.id));
        });
        done.push(...changed);
        for (const each of input.ids)
          if (!done.includes(each)) refused.push({ id: each, message: `The ${definition.label} was not found.` });
      }
      return { done, refused, message: `${done.length} changed${refused.length ? `, ${refused.length} refused` : ''}.` };
    });
  }

  return { definition, list, where, find, save, saveIn, importCsv, remove, bulk, exportRows, register };
}

/**
 * A file's cells as a form would send them: an empty cell is left out (the contract's default
 * applies), and true / false / yes / no are booleans (switches).
 */
function cellsToInput(cells: Record<string, string>): Row {
  const input: Row = {};
  for (const [field, cell] of Object.entries(cells)) {
    if (cell === '') continue;
    const word = cell.toLowerCase();
    input[field] = word === 'true' || word === 'yes' ? true : word === 'false' || word === 'no' ? false : cell;
  }
  return input;
}

/** Columns the audit log never compares: when a row was written says nothing of what changed. */
const AUDIT_IGNORED = ['created_at', 'updated_at', 'createdAt', 'updatedAt'];

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

export type Resource = ReturnType<typeof resourceOf>;

/** Raw SQL helper for views that need a count per row in one query. */
export const countOf = (column: PgColumn) => sql<number>`count(${column})::int`;
