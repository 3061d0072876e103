import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { namedStatement, param } from '#server/db/named-statement.ts';
import { accountTokens, sessions, ssoPendingLinks, users } from '#server/db/schema.ts';
import { forgetSession, forgetUserSessions } from './session-cache.ts';
import type { UserRow } from './user-row.ts';

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(
  db: Database,
  values: {
    email: string;
    /** null for an account that signs in only through single sign-on (or a passkey). */
    passwordHash: string | null;
    firstName: string | null;
    lastName: string | null;
    emailVerifiedAt: Date | null;
  },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/** Sets the user's password and answers the user as they now are. */
export async function updatePassword(db: Database, userId: string, passwordHash: string): Promise<UserRow> {
  forgetUserSessions(userId);
  const [row] = await db.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning();
  if (!row) throw new Error(`no user ${userId} to set the password of`);
  return row;
}

/** Sets the user's first and last name (null for an empty one) and answers the user as they now are. */
export async function updateName(
  db: Database,
  userId: string,
  name: { firstName: string | null; lastName: string | null },
): Promise<UserRow> {
  forgetUserSessions(userId);
  const [row] = await db.update(users).set(name).where(eq(users.id, userId)).returning();
  if (!row) throw new Error(`no user ${userId} to name`);
  return row;
}

/**
 * Gives the user the address a link mailed to it confirmed (so it is verified now); undefined when another account
 * has it (the unique index decides, whatever any earlier check saw).
 */
export async function updateEmail(db: Database, userId: string, email: string): Promise<UserRow | undefined> {
  forgetUserSessions(userId);
  const [row] = await db
    .update(users)
    .set({ email, emailVerifiedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning()
    .catch((error: unknown) => {
      if ((error as { cause?: { code?: string } }).cause?.code === '23505') return [];
      throw error;
    });
  return row;
}

/**
 * Identities of single sign-on waiting for this account's owner were kept because a provider asserted its address:
 * once the address changes, that assertion no longer names the account.
 */
export async function deletePendingSsoLinksOfUser(db: Database, userId: string): Promise<void> {
  await db.delete(ssoPendingLinks).where(eq(ssoPendingLinks.userId, userId));
}

export async function markEmailVerified(db: Database, userId: string): Promise<void> {
  forgetUserSessions(userId);
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

export type SignInMethod = typeof sessions.$inferInsert.signInMethod & string;

export async function insertSession(
  db: Database,
  values: {
    id: string;
    userId: string;
    expiresAt: Date;
    signInMethod: SignInMethod;
    ssoOrganizationId?: string | null;
  },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * The live session with that digest and its user. Every request that is not answered from the session memory reads
 * it (every write does), so it is a named prepared statement (decisions 009 and 025): built once per database,
 * planned once per connection.
 */
const findSessionStatement = namedStatement<
  { id: string },
  { session: typeof sessions.$inferSelect; user: UserRow; barredOrganizationIds: string[] }
>('perch_find_session', (db) =>
  db
    .select({
      session: sessions,
      user: users,
      // Organizations that require single sign-on of this member (not admin) and that this session was not opened
      // through (issue 26): the session may not enter them.
      barredOrganizationIds: sql<string[]>`array(
        SELECT m.organization_id FROM memberships m
        JOIN sso_connections c ON c.organization_id = m.organization_id AND c.required
        WHERE m.user_id = ${sessions.userId} AND m.role = 'member'
          AND ${sessions.ssoOrganizationId} IS DISTINCT FROM m.organization_id
      )`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, param('id')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1),
);

export async function findSession(db: Database, id: string) {
  const [row] = await findSessionStatement.rows(db, { id });
  return row;
}

export async function extendSession(db: Database, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt, lastSeenAt: sql`now()` }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  forgetSession(id);
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteSessionsOfUser(db: Database, userId: string, exceptSessionId?: string): Promise<void> {
  forgetUserSessions(userId);
  const condition = exceptSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(condition);
}

export async function insertAccountToken(
  db: Database,
  values: { id: string; userId: string; purpose: TokenPurpose; expiresAt: Date; newEmail?: string },
): Promise<void> {
  await db.insert(accountTokens).values(values);
}

/** The token with this id and purpose, while it is unused and unexpired. */
const whereLiveToken = (id: string, purpose: TokenPurpose) =>
  and(
    eq(accountTokens.id, id),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );

export async function findLiveAccountToken(db: Database, id: string, purpose: TokenPurpose) {
  const [row] = await db.select().from(accountTokens).where(whereLiveToken(id, purpose)).limit(1);
  return row;
}

/** Uses a token up atomically: of two concurrent callers only one gets the user id back. */
export async function consumeAccountToken(
  db: Database,
  id: string,
  purpose: TokenPurpose,
): Promise<string | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(whereLiveToken(id, purpose))
    .returning({ userId: accountTokens.userId });
  return row?.userId;
}

/** Uses an e-mail change token up atomically: its user and the address it confirms, for one caller only. */
export async function consumeEmailChangeToken(
  db: Database,
  id: string,
): Promise<{ userId: string; newEmail: string } | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(whereLiveToken(id, 'email-change'))
    .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail });
  return row?.newEmail ? { userId: row.userId, newEmail: row.newEmail } : undefined;
}

/** Uses up every still-live token of one purpose for a user (a new password voids older reset links). */
export async function useUpAccountTokensOfUser(db: Database, userId: string, purpose: TokenPurpose): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** Housekeeping: expired sessions, and tokens that expired or were used more than a day ago. */
export async function deleteExpiredSessionsAndTokens(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, sql`now() - interval '1 day'`));
}
