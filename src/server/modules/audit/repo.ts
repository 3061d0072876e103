import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';

/** The actions the audit log records. Add to this list when a new admin action is audited. */
export const auditActions = [
  'member.role_changed',
  'member.removed',
  'member.bookings_cancelled',
  'invitation.sent',
  'invitation.revoked',
  'invitation.resent',
  'desk.deleted',
  'desks.deleted_all',
  'booking.permanent_created',
  'booking.cancelled_by_admin',
  'subscription.created',
  'subscription.activated',
  'subscription.cancelled',
  'subscription.reactivated',
  'subscription.suspended',
  'subscription.expired',
  'subscription.trial_ended',
  'subscription.override_applied',
  'subscription.override_removed',
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditEventInput {
  organizationId: string | null;
  /** null for the system (webhooks, scheduled jobs). */
  actor: { id: string; email: string } | null;
  action: AuditAction;
  target?: { type: string; id: string };
  details?: Record<string, unknown>;
}

/**
 * Records one audit event. Call it with the transaction that makes the change, so that the record
 * and the change commit (or roll back) together.
 */
export async function recordAuditEvent(db: Database, event: AuditEventInput): Promise<void> {
  await db.insert(auditEvents).values({
    organizationId: event.organizationId,
    actorUserId: event.actor?.id ?? null,
    actorEmail: event.actor?.email ?? null,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    details: event.details ?? {},
  });
}

/** Newest first; `before` is the id of the last event of the previous page. */
export function listAuditEvents(db: Database, organizationId: string, options: { limit: number; before?: number }) {
  return db
    .select()
    .from(auditEvents)
    .where(
      options.before === undefined
        ? sql`${auditEvents.organizationId} = ${organizationId}`
        : sql`${auditEvents.organizationId} = ${organizationId} AND ${auditEvents.id} < ${options.before}`,
    )
    .orderBy(sql`${auditEvents.id} DESC`)
    .limit(options.limit);
}
