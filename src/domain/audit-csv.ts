import type { AuditEventView } from './audit.ts';
import { describeAuditEvent } from './audit-description.ts';
import { csvLine } from './team-bookings.ts';

// The audit log as a CSV file: the same cells and formula safety as the Team Bookings export (csvLine), one row per
// event, newest first. The description is the sentence the log shows; the details are what was recorded, as JSON.

export const auditLogCsvColumns: ReadonlyArray<readonly [string, (event: AuditEventView) => string | number | null]> = [
  ['Event ID', (event) => event.id],
  ['Time (UTC)', (event) => event.createdAt],
  ['Kind', (event) => event.action],
  ['Description', (event) => describeAuditEvent(event)],
  ['Actor name', (event) => event.actor?.name ?? null],
  ['Actor email', (event) => event.actor?.email ?? null],
  ['Target type', (event) => event.target?.type ?? null],
  ['Target ID', (event) => event.target?.id ?? null],
  ['Details', (event) => JSON.stringify(event.details)],
];

export const auditLogCsvHeader = csvLine(auditLogCsvColumns.map(([name]) => name));

export function auditEventCsvLine(event: AuditEventView): string {
  return csvLine(auditLogCsvColumns.map(([, read]) => read(event)));
}
