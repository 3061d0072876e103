// The audit feature's public entry: other features, pages and the app import it from here only.
export { AuditLogDialog } from './audit-log-dialog.tsx';
export { actorName } from './describe-event.ts';
