import {
  type AuditEventView,
  type AuditLogFilter,
  type AuditLogPage,
  type AuditLogQuery,
  auditRangeInstants,
  filteredActions,
  type OrganizationAuditLogQuery,
} from '#domain/audit.ts';
import { auditEventCsvLine, auditLogCsvHeader } from '#domain/audit-csv.ts';
import { todayIn } from '#domain/dates.ts';
import type { AppContext } from '#server/context.ts';
import { forbidden } from '#server/errors.ts';
import { isAdminOf } from '../members/repo.ts';
import { requireAdmin } from '../organizations/service.ts';
import * as repo from './repo.ts';

/** What platform administrators see across organizations. */
export const platformActions = ['subscription.override_applied', 'subscription.override_removed'] as const;

/** Events per query of an export: memory stays at one chunk whatever the size of the log. */
export const exportChunkSize = 1000;

function toAuditEventView(row: repo.AuditEventRow): AuditEventView {
  const name = [row.actorFirstName, row.actorLastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    action: row.action,
    actor: row.actorEmail === null ? null : { email: row.actorEmail, name: name || null },
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
    details: row.details,
    organization: row.organizationId ? { id: row.organizationId, name: row.organizationName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Rows were read with limit + 1: the extra one only says that there is a next page. */
function toPage(rows: repo.AuditEventRow[], limit: number): AuditLogPage {
  const events = rows.slice(0, limit).map(toAuditEventView);
  const last = events.at(-1);
  return { events, nextBefore: rows.length > limit && last ? last.id : null };
}

/** The filter as the repository applies it: dates are the organization's days, in its time zone. */
function eventFilterOf(filter: AuditLogFilter, timeZone: string): repo.AuditEventFilter {
  return { actions: filteredActions(filter), actorId: filter.actorId, ...auditRangeInstants(filter, timeZone) };
}

/** Admins of the organization only (requireAdmin): one page, filtered by kind, person and dates. */
export async function listOrganizationAuditLog(
  context: AppContext,
  userId: string,
  organizationId: string,
  query: OrganizationAuditLogQuery,
): Promise<AuditLogPage> {
  const { organization } = await requireAdmin(context, organizationId, userId);
  const rows = await repo.listAuditEventsOfOrganization(context.db, organization.id, {
    limit: query.limit + 1,
    before: query.before,
    filter: eventFilterOf(query, organization.timeZone),
  });
  return toPage(rows, query.limit);
}

/**
 * Every event that matches the filter, as CSV lines (header first), newest first, read in chunks that each start
 * before the previous one's last event: a long log is never held in memory. Admins only (requireAdmin), checked
 * before the first line so that a refusal is still an HTTP answer and not a broken download. `before` and `limit`
 * of the query are not applied: the whole filtered log is exported, from whatever page the link was made.
 */
export async function exportOrganizationAuditLog(
  context: AppContext,
  userId: string,
  organizationId: string,
  filter: AuditLogFilter,
): Promise<{ filename: string; lines: AsyncIterable<string> }> {
  const { organization } = await requireAdmin(context, organizationId, userId);
  const eventFilter = eventFilterOf(filter, organization.timeZone);
  const read = (before?: number) =>
    repo.listAuditEventsOfOrganization(context.db, organization.id, {
      limit: exportChunkSize,
      before,
      filter: eventFilter,
    });
  const first = await read();
  return {
    filename: `${organization.slug.replace(/[^a-z0-9-]/g, '-')}-audit-log-${todayIn(organization.timeZone)}.csv`,
    lines: csvLines(first, read),
  };
}

async function* csvLines(
  first: repo.AuditEventRow[],
  read: (before: number) => Promise<repo.AuditEventRow[]>,
): AsyncGenerator<string> {
  yield `\uFEFF${auditLogCsvHeader}`;
  let chunk = first;
  while (chunk.length > 0) {
    yield chunk.map((row) => auditEventCsvLine(toAuditEventView(row))).join('');
    const last = chunk.at(-1);
    if (!last || chunk.length < exportChunkSize) return;
    chunk = await read(last.id);
  }
}

/** Platform administrators only: admins of the platform organization, checked here. */
export async function listPlatformAuditLog(
  context: AppContext,
  userId: string,
  query: AuditLogQuery,
): Promise<AuditLogPage> {
  if (!(await isAdminOf(context.db, context.config.platformOrganizationId, userId))) {
    throw forbidden('Only platform administrators can see the platform audit log.');
  }
  const rows = await repo.listAuditEventsWithActions(context.db, platformActions, {
    limit: query.limit + 1,
    before: query.before,
  });
  return toPage(rows, query.limit);
}
