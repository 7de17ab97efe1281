/** The audit log other modules write to: call recordAudit with the context of the change's transaction. */
export { auditRoutes } from './audit.routes';
export { type AuditEntry, diffChanges, recordAudit, SECRET_FIELDS } from './audit.service';
