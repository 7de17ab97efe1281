import type { AuditChange, AuditEntryView } from '@haat/contracts';
import { and, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { invalid } from '../../http/errors';
import { pageUrl, paginate } from '../../http/pagination';
import { auditLog } from './audit.table';

/** The names of some admins by id, in one query. */
export type AdminNames = (db: Db, ids: readonly (number | null)[]) => Promise<Map<number, string>>;

let adminNamesOf: AdminNames = async () => new Map();

/**
 * The staff module names the admins in the log; the app factory passes its adminNames at start-up
 * (audit sits below staff: staff's own changes are audited).
 */
export function nameAdminsWith(names: AdminNames): void {
  adminNamesOf = names;
}

export interface AuditEntry {
  /** Who made the change; null for the system (first start, background work). */
  adminId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  changes: Record<string, AuditChange>;
  ip?: string | null;
}

/**
 * Records one change. Call it with the transaction that makes the change, so the change and its
 * record are kept or lost together.
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    changes: entry.changes,
    ip: entry.ip ?? null,
  });
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The fields that differ between two versions of a record, as `{before, after}`; a secret field
 * (compare its plain values) shows only as "changed". `before` null means the record is new.
 */
export function diffChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  options: { secrets?: readonly string[]; ignore?: readonly string[] } = {},
): Record<string, AuditChange> {
  const secrets = new Set(options.secrets ?? []);
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

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  format: z.enum(['plain', 'resource']).default('plain'),
  'filter[entity]': filterValue.optional(),
  'filter[entity_id]': filterValue.optional(),
  'filter[admin_id]': z.coerce.number().int().positive('Choose an admin').optional(),
  'filter[action]': filterValue.optional(),
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
  return and(
    parsed['filter[entity]'] ? eq(auditLog.entity, parsed['filter[entity]']) : undefined,
    parsed['filter[entity_id]'] ? eq(auditLog.entityId, parsed['filter[entity_id]']) : undefined,
    parsed['filter[admin_id]'] ? eq(auditLog.adminId, parsed['filter[admin_id]']) : undefined,
    parsed['filter[action]'] ? eq(auditLog.action, parsed['filter[action]']) : undefined,
  );
}

const viewColumns = {
  id: auditLog.id,
  adminId: auditLog.adminId,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  changes: auditLog.changes,
  ip: auditLog.ip,
  createdAt: auditLog.createdAt,
};

type ViewRow = { [Key in keyof typeof viewColumns]: unknown };

async function toViews(db: Db, rows: ViewRow[]): Promise<AuditEntryView[]> {
  const names = await adminNamesOf(
    db,
    rows.map((row) => (row.adminId as number | null) ?? null),
  );
  return rows.map((row) => toView(row, row.adminId === null ? null : (names.get(row.adminId as number) ?? null)));
}

function toView(row: ViewRow, adminName: string | null): AuditEntryView {
  return {
    id: Number(row.id),
    admin_id: (row.adminId as number | null) ?? null,
    admin_name: adminName,
    action: String(row.action),
    entity: String(row.entity),
    entity_id: (row.entityId as string | null) ?? null,
    changes: (row.changes ?? {}) as Record<string, AuditChange>,
    ip: (row.ip as string | null) ?? null,
    created_at: new Date(row.createdAt as Date | string).toISOString(),
  };
}

/** The log, newest first, in either pagination shape of seed §3. */
export async function listAuditLog(db: Db, query: Record<string, unknown>) {
  const parsed = parseQuery(query);
  const condition = whereOf(parsed);
  const offset = (parsed.page - 1) * parsed.per_page;
  const rows = await db
    .select(viewColumns)
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
  const shaped = paginate(await toViews(db, rows), total, { page: parsed.page, perPage: parsed.per_page }, (page) =>
    pageUrl('/api/admin/audit-log', query, page),
  );
  return parsed.format === 'resource' ? shaped.resource : shaped.plain;
}

/** Every row the filters select, newest first, read in batches (for the CSV export). */
export async function exportAuditLog(db: Db, query: Record<string, unknown>, limit = 100_000): Promise<AuditEntryView[]> {
  const condition = whereOf(parseQuery(query));
  const entries: AuditEntryView[] = [];
  for (let offset = 0; offset < limit; offset += 1000) {
    const rows = await db
      .select(viewColumns)
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(Math.min(1000, limit - offset))
      .offset(offset);
    entries.push(...(await toViews(db, rows)));
    if (rows.length < 1000) break;
  }
  return entries;
}

/** The entities and admins that appear in the log, for the screen's filters. */
export async function auditFacets(db: Db): Promise<{ entities: string[]; admins: { id: number; name: string }[] }> {
  const entityRows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity);
  const adminIds = await db.selectDistinct({ id: auditLog.adminId }).from(auditLog).where(isNotNull(auditLog.adminId));
  const names = await adminNamesOf(
    db,
    adminIds.map((row) => row.id),
  );
  const adminRows = [...names]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  return { entities: entityRows.map((row) => row.entity), admins: adminRows };
}

/** One line per field for people reading a CSV: `site_name: "Haat" → "Haat Bazar"`. */
export function describeChanges(changes: Record<string, AuditChange>): string {
  return Object.entries(changes)
    .map(([field, change]) =>
      change === 'changed' ? `${field}: changed` : `${field}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`,
    )
    .join('; ');
}
