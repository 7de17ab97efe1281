/** The audit log: who changed what, when (issue 4). */

/** One field's change in an audit row: before and after, or only "changed" for a secret. */
export type AuditChange = { before: unknown; after: unknown } | 'changed';

/** A row of `GET /api/admin/audit-log`. */
export interface AuditEntryView {
  id: number;
  admin_id: number | null;
  /** The admin's name now; null for changes made by the system (first start) or a removed admin. */
  admin_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  changes: Record<string, AuditChange>;
  ip: string | null;
  created_at: string;
}
