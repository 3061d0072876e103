import { type AuditLogFilter, auditLogSearchParams } from '#domain/audit.ts';

/**
 * GET /api/organizations/{id}/audit-log.csv?…: the filtered log as a file. The browser downloads it itself (a link
 * with `download`, the session cookie going along), so a long log streams to disk, never into the page.
 */
export function auditLogCsvUrl(organizationId: string, filter: Partial<AuditLogFilter>): string {
  const params = auditLogSearchParams(filter).toString();
  return `/api/organizations/${organizationId}/audit-log.csv${params ? `?${params}` : ''}`;
}
