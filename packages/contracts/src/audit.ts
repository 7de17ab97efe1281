/** The audit log: who changed what, when (issue 4). */

/** One field's change in an audit row: before and after, or only "changed" for a secret. */
export type AuditChange = { before: unknown; after: unknown } | 'changed';

/** A row of `GET /api/admin/audit-log`. */
export interface AuditEntryView {
  id: number;
  /** admin, reseller, merchant, customer or system. */
  actor_kind: 'admin' | 'reseller' | 'merchant' | 'customer' | 'system';
  actor_id: number | null;
  /** The actor's name when the change was made; null for the system. */
  actor_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  changes: Record<string, AuditChange>;
  ip: string | null;
  created_at: string;
}

/** A person who appears in the audit log, for the screen's "Who" filter: `filter[actor]=admin:3`. */
export interface AuditActorFacet {
  key: string;
  kind: AuditEntryView['actor_kind'];
  id: number | null;
  name: string;
}
