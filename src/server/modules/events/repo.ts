import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { sessions } from '#server/db/schema.ts';

export interface StreamOwner {
  streamId: number;
  sessionId: string;
  userId: string;
  organizationId: string;
}

export interface StreamOwnerState {
  streamId: number;
  hasSession: boolean;
  isMember: boolean;
  /** When the live session expires (null without one). */
  sessionExpiresAt: Date | null;
}

/**
 * For each open stream: is its session still alive, and is its user still a member? One query for all, over the
 * streams sent as one JSON array (jsonb_to_recordset: raw SQL, decision 025).
 */
export async function findStreamOwnerStates(db: Database, owners: readonly StreamOwner[]): Promise<StreamOwnerState[]> {
  if (owners.length === 0) return [];
  const records = JSON.stringify(
    owners.map((owner) => ({
      stream_id: owner.streamId,
      session_id: owner.sessionId,
      user_id: owner.userId,
      organization_id: owner.organizationId,
    })),
  );
  const rows = await rowsOf<StreamOwnerState>(
    db,
    sql`
    SELECT x.stream_id AS "streamId", s.id IS NOT NULL AS "hasSession", m.user_id IS NOT NULL AS "isMember",
      s.expires_at AS "sessionExpiresAt"
    FROM jsonb_to_recordset(${records}::jsonb) AS x(stream_id int, session_id text, user_id uuid, organization_id uuid)
      LEFT JOIN sessions s ON s.id = x.session_id AND s.user_id = x.user_id AND s.expires_at > now()
      LEFT JOIN memberships m ON m.organization_id = x.organization_id AND m.user_id = x.user_id`,
  );
  return rows.map((row) => ({
    ...row,
    sessionExpiresAt: row.sessionExpiresAt === null ? null : new Date(row.sessionExpiresAt),
  }));
}

/** When the user's session expires, or null when it is gone or has expired. */
export async function findSessionExpiry(db: Database, sessionId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)));
  return row?.expiresAt ?? null;
}
