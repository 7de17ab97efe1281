import type { AuditActorFacet, AuditChange, AuditEntryView } from '@haat/contracts';
import { and, count, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ActorKind, Ctx } from '../../context';
import { invalid } from '../../http/errors';
import { pageUrl, paginate } from '../../http/pagination';
import { auditLog } from './audit.table';

export interface AuditEntry {
  /** create, update, delete, or a verb of the module's own (status.change, withdrawal.pay…). */
  action: string;
  /** What kind of thing changed: product, role, setting, order… */
  entity: string;
  entityId?: string | number | null;
  /** Field → {before, after}; build it with diffChanges so secrets are masked. */
  changes: Record<string, AuditChange>;
}

/**
 * Records one change by the context's actor, at the context's time and address. Call it with the
 * context of the change's transaction, so the change and its record are kept or lost together.
 */
export async function recordAudit(ctx: Ctx, entry: AuditEntry | AuditEntry[]): Promise<void> {
  const entries = Array.isArray(entry) ? entry : [entry];
  if (entries.length === 0) return;
  await ctx.db.insert(auditLog).values(
    entries.map((each) => ({
      actorKind: ctx.actor.kind,
      actorId: ctx.actor.id,
      actorName: ctx.actor.name,
      action: each.action,
      entity: each.entity,
      entityId: each.entityId === undefined || each.entityId === null ? null : String(each.entityId),
      changes: each.changes,
      ip: ctx.ip,
      createdAt: ctx.now,
    })),
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return new Date(a as Date).getTime() === new Date(b as Date).getTime();
  return a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Field names whose values never reach the log, whatever the entity: only "changed" is written. */
export const SECRET_FIELDS: readonly string[] = [
  'password',
  'passwordHash',
  'password_hash',
  'secret',
  'apiKey',
  'api_key',
  'apiSecret',
  'api_secret',
  'token',
  'tokenHash',
  'token_hash',
  'keyHash',
  'key_hash',
  'clientSecret',
  'client_secret',
];

/**
 * The fields that differ between two versions of a record, as `{before, after}`; a secret field
 * (compare its plain values) shows only as "changed". `before` null means the record is new,
 * `after` null that it is gone.
 */
export function diffChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  options: { secrets?: readonly string[]; ignore?: readonly string[] } = {},
): Record<string, AuditChange> {
  const secrets = new Set([...SECRET_FIELDS, ...(options.secrets ?? [])]);
  const ignore = new Set(options.ignore ?? []);
  const changes: Record<string, AuditChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (ignore.has(key)) continue;
    const old = before?.[key] ?? null;
    const next = after?.[key] ?? null;
    if (sameValue(old, next)) continue;
    changes[key] = secrets.has(key) ? 'changed' : { before: old, after: next };
  }
  return changes;
}

const filterValue = z.string().trim().min(1).max(100);
const ACTOR_KINDS = ['admin', 'reseller', 'merchant', 'customer', 'system'] as const satisfies readonly ActorKind[];
/** `admin:3`, `reseller:12`, `system`. */
const actorFilter = z
  .string()
  .trim()
  .regex(/^(admin|reseller|merchant|customer|system)(:\d{1,9})?$/, 'Choose a person from the list')
  .transform((value) => {
    const [kind, id] = value.split(':');
    return { kind: kind as ActorKind, id: id === undefined ? null : Number(id) };
  });
const dateFilter = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-25');

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  format: z.enum(['plain', 'resource']).default('plain'),
  'filter[entity]': filterValue.optional(),
  'filter[entity_id]': filterValue.optional(),
  'filter[actor]': actorFilter.optional(),
  'filter[actor_kind]': z.enum(ACTOR_KINDS).optional(),
  'filter[action]': filterValue.optional(),
  /** From this day (in UTC) on. */
  'filter[from]': dateFilter.optional(),
  /** Up to and including this day. */
  'filter[to]': dateFilter.optional(),
});

function parseQuery(query: Record<string, unknown>) {
  // An empty filter means "any".
  const given = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
  for (const key of Object.keys(given)) {
    const match = /^filter\[(\w+)\]$/.exec(key);
    if (match && !(key in listQuery.shape)) throw invalid(`filter.${match[1]}`, `There is no filter "${match[1]}".`);
  }
  return listQuery.parse(given);
}

function whereOf(parsed: z.infer<typeof listQuery>): SQL | undefined {
  const actor = parsed['filter[actor]'];
  const from = parsed['filter[from]'];
  const to = parsed['filter[to]'];
  const dayAfter = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000);
  return and(
    parsed['filter[entity]'] ? eq(auditLog.entity, parsed['filter[entity]']) : undefined,
    parsed['filter[entity_id]'] ? eq(auditLog.entityId, parsed['filter[entity_id]']) : undefined,
    actor ? eq(auditLog.actorKind, actor.kind) : undefined,
    actor ? (actor.id === null ? isNull(auditLog.actorId) : eq(auditLog.actorId, actor.id)) : undefined,
    parsed['filter[actor_kind]'] ? eq(auditLog.actorKind, parsed['filter[actor_kind]']) : undefined,
    parsed['filter[action]'] ? eq(auditLog.action, parsed['filter[action]']) : undefined,
    from ? gte(auditLog.createdAt, new Date(`${from}T00:00:00Z`)) : undefined,
    to ? lt(auditLog.createdAt, dayAfter(to)) : undefined,
  );
}

type AuditRow = typeof auditLog.$inferSelect;

function toView(row: AuditRow): AuditEntryView {
  return {
    id: Number(row.id),
    actor_kind: row.actorKind as ActorKind,
    actor_id: row.actorId ?? null,
    actor_name: row.actorName ?? null,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId ?? null,
    changes: (row.changes ?? {}) as Record<string, AuditChange>,
    ip: row.ip ?? null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** The log, newest first, in either pagination shape of seed §3. */
export async function listAuditLog({ db }: Ctx, query: Record<string, unknown>) {
  const parsed = parseQuery(query);
  const condition = whereOf(parsed);
  const offset = (parsed.page - 1) * parsed.per_page;
  const rows = await db
    .select()
    .from(auditLog)
    .where(condition)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(parsed.per_page)
    .offset(offset);
  let total = offset + rows.length;
  if (rows.length === parsed.per_page || (rows.length === 0 && offset > 0)) {
    const [counted] = await db.select({ n: count() }).from(auditLog).where(condition);
    total = counted?.n ?? 0;
  }
  const shaped = paginate(rows.map(toView), total, { page: parsed.page, perPage: parsed.per_page }, (page) =>
    pageUrl('/api/admin/audit-log', query, page),
  );
  return parsed.format === 'resource' ? shaped.resource : shaped.plain;
}

/** Every row the filters select, newest first, read in batches (for the CSV export). */
export async function exportAuditLog({ db }: Ctx, query: Record<string, unknown>, limit = 100_000): Promise<AuditEntryView[]> {
  const condition = whereOf(parseQuery(query));
  const entries: AuditEntryView[] = [];
  for (let offset = 0; offset < limit; offset += 1000) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(Math.min(1000, limit - offset))
      .offset(offset);
    entries.push(...rows.map(toView));
    if (rows.length < 1000) break;
  }
  return entries;
}

/** The entities and people that appear in the log, for the screen's filters. */
export async function auditFacets({ db }: Ctx): Promise<{ entities: string[]; actors: AuditActorFacet[] }> {
  const entityRows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity);
  const actorRows = await db
    .select({
      kind: auditLog.actorKind,
      id: auditLog.actorId,
      // The newest name a person was recorded under.
      name: sql<string | null>`(array_agg(${auditLog.actorName} order by ${auditLog.id} desc))[1]`,
    })
    .from(auditLog)
    .groupBy(auditLog.actorKind, auditLog.actorId)
    .orderBy(auditLog.actorKind, auditLog.actorId);
  return {
    entities: entityRows.map((row) => row.entity),
    actors: actorRows.map((row) => ({
      key: row.id === null ? row.kind : `${row.kind}:${row.id}`,
      kind: row.kind as ActorKind,
      id: row.id,
      name: row.kind === 'system' ? 'System' : (row.name ?? `${row.kind} #${row.id ?? '?'}`),
    })),
  };
}

/** Who made a change, in words: "Rahim (admin)", "System". */
export function actorLabel(entry: Pick<AuditEntryView, 'actor_kind' | 'actor_id' | 'actor_name'>): string {
  if (entry.actor_kind === 'system') return 'System';
  if (entry.actor_kind === 'customer' && entry.actor_id === null) return 'Guest shopper';
  return `${entry.actor_name ?? `#${entry.actor_id}`} (${entry.actor_kind})`;
}

/** One line per field for people reading a CSV: `site_name: "Haat" → "Haat Bazar"`. */
export function describeChanges(changes: Record<string, AuditChange>): string {
  return Object.entries(changes)
    .map(([field, change]) =>
      change === 'changed' ? `${field}: changed` : `${field}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`,
    )
    .join('; ');
}
