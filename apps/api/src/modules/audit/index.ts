/** The audit log other modules write to: call recordAudit with the transaction of the change. */
export { type AuditEntry, diffChanges, recordAudit } from './audit.service';
export { auditLog } from './audit.table';
