import type { AuditEventView, AuditLogPage, AuditLogQuery } from '#domain/audit.ts';
import type { AppContext } from '#server/context.ts';
import { forbidden } from '#server/errors.ts';
import { isAdminOf } from '../members/repo.ts';
import { requireAdmin } from '../organizations/service.ts';
import * as repo from './repo.ts';

/** What platform administrators see across organizations. */
export const platformActions = ['subscription.override_applied', 'subscription.override_removed'] as const;

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

/** Admins of the organization only (requireAdmin). */
export async function listOrganizationAuditLog(
  context: AppContext,
  userId: string,
  organizationId: string,
  query: AuditLogQuery,
): Promise<AuditLogPage> {
  const { organization } = await requireAdmin(context, organizationId, userId);
  const rows = await repo.listAuditEventsOfOrganization(context.db, organization.id, {
    limit: query.limit + 1,
    before: query.before,
  });
  return toPage(rows, query.limit);
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
