import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../modules/audit/audit.table';

/** The newest audit row's id: the rows written after it are what a step wrote. */
export async function lastAuditId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(auditLog.id) }).from(auditLog);
  return Number(row?.id ?? 0);
}

/** The audit rows written after `id` (of one entity, when named), oldest first. */
export function auditSince(db: Db, id: number, entity?: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.id, id), entity ? eq(auditLog.entity, entity) : undefined))
    .orderBy(asc(auditLog.id));
}

/** One record's audit rows (of one action, when named), oldest first. */
export function auditOf(db: Db, entity: string, entityId: number | string, action?: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId)), action ? eq(auditLog.action, action) : undefined))
    .orderBy(asc(auditLog.id));
}
