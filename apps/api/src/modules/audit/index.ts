/** The audit log other modules write to: call recordAudit with the transaction of the change. */
export { auditRoutes } from './audit.routes';
export { type AdminNames, type AuditEntry, diffChanges, nameAdminsWith, recordAudit } from './audit.service';
export { auditLog } from './audit.table';
