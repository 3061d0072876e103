import { zonedTimeToUtc } from './calendar.ts';
import { addDays, isIsoDate } from './dates.ts';
import { isUuid } from './ids.ts';
import { z } from './zod.ts';

/**
 * The actions the audit log records. Add to this list when a new admin action is audited, with its label and group
 * (audit-kinds.ts) and its sentence (audit-description.ts); their tests fail until it has them.
 */
export const auditActions = [
  'member.role_changed',
  'member.removed',
  'member.bookings_cancelled',
  'invitation.sent',
  'invitation.revoked',
  'invitation.resent',
  'desk.created',
  'desk.moved',
  'desk.deleted',
  'desks.deleted_all',
  'desk.updated',
  'desks.updated',
  'desks.moved',
  'desks.deleted',
  'floor.created',
  'floor.renamed',
  'floor.zoom_changed',
  'floor.plan_uploaded',
  'floor.deleted',
  'floor.moved',
  'site.created',
  'site.updated',
  'site.deleted',
  'team.created',
  'team.updated',
  'team.deleted',
  'team.members_changed',
  'neighbourhood.created',
  'neighbourhood.updated',
  'neighbourhood.deleted',
  'organization.zoom_changed',
  'organization.plan_uploaded',
  'amenities.changed',
  'booking.permanent_created',
  'booking.cancelled_by_admin',
  'booking.created_for_member',
  'booking.series_created_for_member',
  'booking.series_cancelled_by_admin',
  'organization.booking_rules_changed',
  'organization.privacy_changed',
  'booking.checked_in_for_member',
  'booking.released',
  'booking.days_released',
  'booking.release_taken_back',
  'member.account_deleted',
  'subscription.created',
  'subscription.activated',
  'subscription.cancelled',
  'subscription.reactivated',
  'subscription.suspended',
  'subscription.expired',
  'subscription.trial_ended',
  'subscription.override_applied',
  'subscription.override_removed',
  'sso.connected',
  'sso.changed',
  'sso.removed',
  'sso.required_changed',
  'sso.domain_verified',
  'sso.domain_unverified',
  'sso.account_linked',
  'sso.sign_in_refused',
] as const;
export type AuditAction = (typeof auditActions)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (auditActions as readonly string[]).includes(value);
}

const maxAuditDate = '2999-12-31';
const wholeNumber = (name: string, min: number, max: number, message = `${name} must be ${min} to ${max}`) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, message)
    .max(max, message);

/** Paging: newest first, `before` is the previous page's `nextBefore`. */
const pagingShape = {
  before: z.coerce
    .number({ error: 'before must be an event id' })
    .int('before must be a whole number')
    .min(1, 'before must be at least 1')
    .max(Number.MAX_SAFE_INTEGER, 'before is too large')
    .optional(),
  limit: wholeNumber('limit', 1, 100).default(25),
};

/** GET /api/admin/audit-log?before=&limit=: the platform's log pages only. */
export const auditLogQuerySchema = z.strictObject(pagingShape);
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

const actionMessage = 'action must be a kind of audit event, such as desk.created';
const auditDate = (name: string) =>
  z
    .string({ error: `${name} must be a date such as 2026-11-23` })
    .refine(
      (value) => isIsoDate(value) && value >= '1900-01-01' && value <= maxAuditDate,
      `${name} must be a date such as 2026-11-23`,
    )
    .optional();

/** The filters an organization's log and its CSV export take. */
const auditFilterShape = {
  /** One kind, or several (`action=desk.created&action=floor.plan_uploaded`): events of any of them. */
  action: z
    .union(
      [z.enum(auditActions), z.array(z.enum(auditActions)).max(auditActions.length, 'action is repeated too often')],
      { error: actionMessage },
    )
    .optional(),
  /** The person who acted: their user id. */
  actorId: z
    .string({ error: 'actorId must be a person’s id' })
    .refine(isUuid, 'actorId must be a person’s id')
    .optional(),
  /** Events from this date on and up to that date included, in the organization's time zone. */
  from: auditDate('from'),
  to: auditDate('to'),
};

/**
 * GET /api/organizations/{id}/audit-log and GET /api/organizations/{id}/audit-log.csv: the export takes the page's
 * whole query, so that a link made from any page works; it checks `before` and `limit` but exports every match.
 */
export const organizationAuditLogQuerySchema = z
  .strictObject({ ...auditFilterShape, ...pagingShape })
  .superRefine((range, context) => {
    if (range.from && range.to && range.to < range.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    }
  });
export type OrganizationAuditLogQuery = z.infer<typeof organizationAuditLogQuerySchema>;
export type AuditLogFilter = Pick<OrganizationAuditLogQuery, 'action' | 'actorId' | 'from' | 'to'>;

/** The actions a filter names, as a list (none: every action). */
export function filteredActions(filter: Pick<AuditLogFilter, 'action'>): AuditAction[] {
  if (filter.action === undefined) return [];
  return [...new Set([filter.action].flat())];
}

/**
 * The instants a date range covers in a time zone: from the start of `from` up to (not including) the start of the
 * day after `to`, as the organization's clocks show them.
 */
export function auditRangeInstants(
  range: Pick<AuditLogFilter, 'from' | 'to'>,
  timeZone: string,
): { since?: Date; until?: Date } {
  return {
    ...(range.from ? { since: zonedTimeToUtc(range.from, '00:00', timeZone) } : {}),
    ...(range.to ? { until: zonedTimeToUtc(addDays(range.to, 1), '00:00', timeZone) } : {}),
  };
}

/** The query string of a page or an export: only what is set, in a fixed order. */
export function auditLogSearchParams(query: Partial<AuditLogFilter> & { limit?: number; before?: number }) {
  const params = new URLSearchParams();
  for (const action of filteredActions(query)) params.append('action', action);
  if (query.actorId) params.set('actorId', query.actorId);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.before !== undefined) params.set('before', String(query.before));
  return params;
}

export const auditEventSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  /** Null for the system (webhooks, scheduled jobs). `name` is null once the account is gone. */
  actor: z.object({ email: z.string(), name: z.string().nullable() }).nullable(),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  /** The organization the event belongs to (shown in the platform's log). */
  organization: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

/** One page of GET .../audit-log, newest first. */
export const auditLogPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `before` for the next page; null when this is the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** What the audit log keeps instead of a deleted person's name and e-mail: a pseudonymous reference. */
export const deletedUserLabel = 'a deleted user';
