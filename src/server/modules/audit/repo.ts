import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AuditAction } from '#domain/audit.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { auditEvents, organizations, users } from '#server/db/schema.ts';

// The actions live in src/domain (the log's filter and the browser name them); services import them from here.
export { type AuditAction, auditActions } from '#domain/audit.ts';

export interface AuditEventInput {
  organizationId: string | null;
  /** null for the system (webhooks, scheduled jobs). Without an e-mail, the actor's current one is looked up. */
  actor: { id: string; email?: string } | null;
  action: AuditAction;
  target?: { type: string; id: string };
  details?: Record<string, unknown>;
}

/**
 * Records one audit event. Call it with the transaction that makes the change, so that the record
 * and the change commit (or roll back) together.
 */
export async function recordAuditEvent(db: Database, event: AuditEventInput): Promise<void> {
  await recordAuditEvents(db, [event]);
}

/**
 * Records a setting that is nudged in steps (an admin's zoom, saved as the default on every press): the same person's
 * change of the same setting within ten minutes updates that record's `to` and time instead of adding a row, so the
 * log says "zoom from 100% to 175%" once, not four times. `details.from` stays the first value.
 */
export async function recordSettingChange(db: Database, event: AuditEventInput & { actor: { id: string } }) {
  const updated = await db
    .update(auditEvents)
    .set({
      details: sql`${auditEvents.details} || jsonb_build_object('to', ${JSON.stringify(event.details?.to ?? null)}::jsonb)`,
      createdAt: sql`now()`,
    })
    .where(
      sql`${auditEvents.id} = (SELECT ${auditEvents.id} FROM ${auditEvents} WHERE ${and(
        event.organizationId === null
          ? sql`${auditEvents.organizationId} IS NULL`
          : eq(auditEvents.organizationId, event.organizationId),
        eq(auditEvents.actorUserId, event.actor.id),
        eq(auditEvents.action, event.action),
        event.target ? eq(auditEvents.targetId, event.target.id) : sql`${auditEvents.targetId} IS NULL`,
        gte(auditEvents.createdAt, sql`now() - interval '10 minutes'`),
      )} ORDER BY ${auditEvents.id} DESC LIMIT 1)`,
    )
    .returning({ id: auditEvents.id });
  if (updated.length === 0) await recordAuditEvent(db, event);
}

/** Records several audit events in one statement (a scheduled job's many releases), as recordAuditEvent does one. */
export async function recordAuditEvents(db: Database, events: readonly AuditEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(auditEvents).values(
    events.map((event) => ({
      organizationId: event.organizationId,
      actorUserId: event.actor?.id ?? null,
      actorEmail: event.actor
        ? (event.actor.email ?? sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${event.actor.id})`)
        : null,
      action: event.action,
      targetType: event.target?.type ?? null,
      targetId: event.target?.id ?? null,
      details: event.details ?? {},
    })),
  );
}

/** An event that may name a person, as the erasure of their account reads it. */
export interface AuditEventMention {
  id: number;
  actorEmail: string | null;
  /** The person took the action (their e-mail is the recorded actor's, whatever it says). */
  isByPerson: boolean;
  details: Record<string, unknown>;
}

/**
 * Events that may name a person: those they took, those about their account, and any whose recorded actor e-mail
 * or details contain one of `mentions` (lower case). Candidates only: the caller decides what to rewrite.
 */
export async function listAuditEventsMentioning(
  db: Database,
  userId: string,
  mentions: readonly string[],
): Promise<AuditEventMention[]> {
  const text = sql`lower(coalesce(${auditEvents.actorEmail}, '') || ' ' || ${auditEvents.details}::text)`;
  return db
    .select({
      id: auditEvents.id,
      actorEmail: auditEvents.actorEmail,
      isByPerson: sql<boolean>`coalesce(${auditEvents.actorUserId} = ${userId}, false)`,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .where(
      or(
        eq(auditEvents.actorUserId, userId),
        and(eq(auditEvents.targetType, 'user'), eq(auditEvents.targetId, userId)),
        ...mentions.map((mention) => sql`strpos(${text}, ${mention}) > 0`),
      ),
    )
    .orderBy(asc(auditEvents.id));
}

/**
 * Rewrites the actor e-mail and details of events (erasure of an account only: otherwise rows are never updated).
 * One statement per thousand events.
 */
export async function rewriteAuditEvents(
  db: Database,
  events: readonly { id: number; actorEmail: string | null; details: Record<string, unknown> }[],
): Promise<void> {
  for (let start = 0; start < events.length; start += 1000) {
    const batch = events.slice(start, start + 1000);
    await rowsOf(
      db,
      sql`
      UPDATE audit_events e SET actor_email = r."actorEmail", details = r.details
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS r(id bigint, "actorEmail" text, details jsonb)
      WHERE e.id = r.id`,
    );
  }
}

/** An audit event as the log shows it, with the actor's current name when the account still exists. */
export interface AuditEventRow {
  id: number;
  organizationId: string | null;
  organizationName: string | null;
  action: string;
  actorEmail: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** Events matching the condition and older than `before` (an event id) when given, newest first, as the log shows them. */
function auditEventsWhere(
  db: Database,
  condition: SQL,
  options: { limit: number; before?: number | undefined },
): Promise<AuditEventRow[]> {
  return db
    .select({
      id: auditEvents.id,
      organizationId: auditEvents.organizationId,
      organizationName: organizations.name,
      action: auditEvents.action,
      actorEmail: auditEvents.actorEmail,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      targetType: auditEvents.targetType,
      targetId: auditEvents.targetId,
      details: auditEvents.details,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .leftJoin(organizations, eq(organizations.id, auditEvents.organizationId))
    .where(and(condition, options.before === undefined ? undefined : lt(auditEvents.id, options.before)))
    .orderBy(desc(auditEvents.id))
    .limit(options.limit);
}

/** What an organization's log is narrowed to: kinds (none: all), the person who acted, and a span of time. */
export interface AuditEventFilter {
  actions: readonly AuditAction[];
  actorId?: string | undefined;
  since?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
}

/** One organization's log, newest first; `before` is the id of the last event of the previous page. */
export async function listAuditEventsOfOrganization(
  db: Database,
  organizationId: string,
  options: { limit: number; before?: number | undefined; filter?: AuditEventFilter },
): Promise<AuditEventRow[]> {
  const filter = options.filter;
  const condition = and(
    eq(auditEvents.organizationId, organizationId),
    filter?.actions.length ? inArray(auditEvents.action, [...filter.actions]) : undefined,
    filter?.actorId ? eq(auditEvents.actorUserId, filter.actorId) : undefined,
    filter?.since ? gte(auditEvents.createdAt, filter.since) : undefined,
    filter?.until ? lt(auditEvents.createdAt, filter.until) : undefined,
  ) as SQL;
  return auditEventsWhere(db, condition, options);
}

/** Events of the given actions across every organization, newest first (the platform's view). */
export async function listAuditEventsWithActions(
  db: Database,
  actions: readonly AuditAction[],
  options: { limit: number; before?: number },
): Promise<AuditEventRow[]> {
  if (actions.length === 0) return [];
  return auditEventsWhere(db, inArray(auditEvents.action, [...actions]), options);
}
