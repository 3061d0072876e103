// The audit feature's public entry: other features, pages and the app import it from here only.

export { actorName } from '#domain/audit-description.ts';
export { AuditLogDialog } from './audit-log-dialog.tsx';
