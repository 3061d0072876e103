import { and, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { passkeys, users, webauthnChallenges } from '#server/db/schema.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

/**
 * Keeps a challenge awaiting its answer, and drops the ones nobody answered in time. With `keepPerUser`, the
 * person's own unanswered challenges of that purpose beyond the newest `keepPerUser - 1` go too, to make room.
 */
export async function insertChallenge(
  db: Database,
  values: { id: string; purpose: ChallengePurpose; userId: string | null; challenge: string; expiresAt: Date },
  options: { keepPerUser?: number } = {},
): Promise<void> {
  await deleteExpiredChallenges(db);
  if (values.userId !== null && options.keepPerUser !== undefined) {
    const sameKind = and(eq(webauthnChallenges.userId, values.userId), eq(webauthnChallenges.purpose, values.purpose));
    const newest = db
      .select({ id: webauthnChallenges.id })
      .from(webauthnChallenges)
      .where(sameKind)
      .orderBy(desc(webauthnChallenges.createdAt), desc(webauthnChallenges.id))
      .limit(Math.max(0, options.keepPerUser - 1));
    await db.delete(webauthnChallenges).where(and(sameKind, notInArray(webauthnChallenges.id, newest)));
  }
  await db.insert(webauthnChallenges).values(values);
}

/** Challenges nobody answered in time (the hourly maintenance, and each new challenge). */
export async function deleteExpiredChallenges(db: Database): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
}

/**
 * Takes a live challenge out, atomically: of two requests answering the same one only the first gets it back, and
 * an expired one is gone as well. Answers the challenge and whom it was made for.
 */
export async function consumeChallenge(
  db: Database,
  id: string,
  purpose: ChallengePurpose,
): Promise<{ challenge: string; userId: string | null } | undefined> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose)))
    .returning({
      challenge: webauthnChallenges.challenge,
      userId: webauthnChallenges.userId,
      isLive: sql<boolean>`${webauthnChallenges.expiresAt} > now()`,
    });
  if (!row?.isLive) return undefined;
  return { challenge: row.challenge, userId: row.userId };
}

/** The person's passkeys, newest first. */
export async function listPasskeysOf(db: Database, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
}

/** The new passkey, or undefined when that credential is already registered (to anyone). */
export async function insertPasskey(
  db: Database,
  values: {
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    deviceType: PasskeyRow['deviceType'];
    backedUp: boolean;
    name: string;
  },
): Promise<PasskeyRow | undefined> {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row;
}

/** A passkey by its credential id, with its owner. */
export async function findPasskeyByCredential(db: Database, credentialId: string) {
  const [row] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row;
}

/**
 * Records a sign-in with the passkey, provided its counter is still the one the signature was checked against: of
 * two sign-ins racing with the same counter (a cloned authenticator), the second answers false. Authenticators that
 * keep no counter report 0 every time, and always pass.
 */
export async function recordPasskeyUse(
  db: Database,
  id: string,
  values: { previousCounter: number; counter: number; backedUp: boolean },
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: values.counter, backedUp: values.backedUp, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, values.previousCounter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** Deletes the person's passkey; false when they have none with that id. */
export async function deletePasskeyOf(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}
