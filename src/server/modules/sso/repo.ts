import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  bookingSeries,
  bookings,
  desks,
  floors,
  memberships,
  organizations,
  ssoConnections,
  ssoDomains,
  ssoIdentities,
  ssoLogins,
  ssoPendingLinks,
  subscriptions,
  users,
} from '#server/db/schema.ts';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export type SsoDomainRow = typeof ssoDomains.$inferSelect;
export interface SsoConnection extends SsoConnectionRow {
  domains: string[];
  domainRows: SsoDomainRow[];
}

export async function findConnection(db: Database, organizationId: string): Promise<SsoConnection | undefined> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.organizationId, organizationId));
  if (!row) return undefined;
  const domainRows = await db
    .select()
    .from(ssoDomains)
    .where(eq(ssoDomains.organizationId, organizationId))
    .orderBy(ssoDomains.domain);
  return { ...row, domains: domainRows.map((entry) => entry.domain), domainRows };
}

/** The organization that has verified this domain (one at most, by the database's unique index). */
export async function findVerifiedOrganizationIdByDomain(db: Database, domain: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organizationId: ssoDomains.organizationId })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)));
  return row?.organizationId;
}

/** Which of these domains another organization has verified. */
export async function findDomainsVerifiedElsewhere(
  db: Database,
  organizationId: string,
  domains: string[],
): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(
      and(
        inArray(ssoDomains.domain, domains),
        ne(ssoDomains.organizationId, organizationId),
        isNotNull(ssoDomains.verifiedAt),
      ),
    );
  return rows.map((row) => row.domain);
}

/**
 * Saves the connection and its claimed domains: a domain kept keeps its token and verification; a new one gets a
 * fresh token (newToken) and is pending until proven; a domain left out is no longer claimed.
 */
export async function saveConnection(
  db: Database,
  values: {
    organizationId: string;
    issuer: string;
    clientId: string;
    clientSecretEncrypted: string;
    required: boolean;
    domains: string[];
  },
  newToken: () => string,
): Promise<void> {
  const { domains, ...row } = values;
  await db
    .insert(ssoConnections)
    .values(row)
    .onConflictDoUpdate({
      target: ssoConnections.organizationId,
      set: {
        issuer: row.issuer,
        clientId: row.clientId,
        clientSecretEncrypted: row.clientSecretEncrypted,
        required: row.required,
        updatedAt: sql`now()`,
      },
    });
  await db
    .delete(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, values.organizationId), notInArray(ssoDomains.domain, domains)));
  await db
    .insert(ssoDomains)
    .values(domains.map((domain) => ({ domain, organizationId: values.organizationId, verificationToken: newToken() })))
    .onConflictDoNothing();
}

/** Writes a check's outcome; verifying a domain another organization verified first fails on the unique index. */
export async function updateDomainState(
  db: Database,
  key: { organizationId: string; domain: string },
  state: { verifiedAt: Date | null; missedChecks: number; checkedAt: Date },
): Promise<void> {
  await db
    .update(ssoDomains)
    .set(state)
    .where(and(eq(ssoDomains.organizationId, key.organizationId), eq(ssoDomains.domain, key.domain)));
}

/**
 * Domains due for a check: verified ones not checked for a day, and pending ones claimed in the last week not checked
 * for an hour (so that a record published later verifies the domain by itself).
 */
export async function findDomainsDueForCheck(db: Database, now: Date, limit: number): Promise<SsoDomainRow[]> {
  const hour = 60 * 60 * 1000;
  return db
    .select()
    .from(ssoDomains)
    .where(
      or(
        and(
          isNotNull(ssoDomains.verifiedAt),
          or(isNull(ssoDomains.checkedAt), lt(ssoDomains.checkedAt, new Date(now.getTime() - 24 * hour))),
        ),
        and(
          isNull(ssoDomains.verifiedAt),
          gt(ssoDomains.createdAt, new Date(now.getTime() - 7 * 24 * hour)),
          or(isNull(ssoDomains.checkedAt), lt(ssoDomains.checkedAt, new Date(now.getTime() - hour))),
        ),
      ),
    )
    .orderBy(ssoDomains.checkedAt)
    .limit(limit);
}

/** The account linked to this identity at this organization's provider. */
export async function findLinkedUserId(
  db: Database,
  identity: { organizationId: string; issuer: string; subject: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(
      and(
        eq(ssoIdentities.organizationId, identity.organizationId),
        eq(ssoIdentities.issuer, identity.issuer),
        eq(ssoIdentities.subject, identity.subject),
      ),
    );
  return row?.userId;
}

/** Links the identity to the account; answers false when it was already linked (to this or another account). */
export async function insertIdentityLink(db: Database, link: typeof ssoIdentities.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(ssoIdentities)
    .values(link)
    .onConflictDoNothing()
    .returning({ userId: ssoIdentities.userId });
  return rows.length > 0;
}

/** The e-mails of the organization's admins (told when a domain loses its verification). */
export async function findAdminEmails(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'admin')));
  return rows.map((row) => row.email);
}

export async function deleteConnection(db: Database, organizationId: string): Promise<boolean> {
  const rows = await db
    .delete(ssoConnections)
    .where(eq(ssoConnections.organizationId, organizationId))
    .returning({ organizationId: ssoConnections.organizationId });
  return rows.length > 0;
}

/** An organization named by its slug or its id, with its plan's user limit. */
export async function findOrganizationByHandle(db: Database, handle: { id?: string; slug?: string }) {
  const conditions = [
    ...(handle.id ? [eq(organizations.id, handle.id)] : []),
    ...(handle.slug ? [eq(organizations.slug, handle.slug)] : []),
  ];
  if (conditions.length === 0) return undefined;
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, maxUsers: subscriptions.maxUsers })
    .from(organizations)
    .leftJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
    .where(or(...conditions))
    .limit(1);
  return row;
}

/** Records a pending sign-in, and drops the expired ones (no row outlives its ten minutes by long). */
export async function insertPendingLogin(db: Database, values: typeof ssoLogins.$inferInsert): Promise<void> {
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, sql`now()`));
  await db.insert(ssoLogins).values(values);
}

/** Deletes the live pending sign-in with this id and answers it: a second call with the same state finds nothing. */
export async function consumePendingLogin(db: Database, id: string) {
  const [row] = await db
    .delete(ssoLogins)
    .where(and(eq(ssoLogins.id, id), gt(ssoLogins.expiresAt, sql`now()`)))
    .returning();
  return row;
}

/** Whether the person is a member (not an admin) of an organization that requires single sign-on. */
export async function isMemberWhereSsoIsRequired(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .innerJoin(ssoConnections, eq(ssoConnections.organizationId, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.role, 'member'), eq(ssoConnections.required, true)))
    .limit(1);
  return row !== undefined;
}

/** The organization a floor, desk or booking belongs to (for the single sign-on requirement's check). */
export async function findOrganizationOfObject(
  db: Database,
  kind: 'floorId' | 'deskId' | 'bookingId' | 'seriesId',
  id: string,
): Promise<string | undefined> {
  const table = { floorId: floors, deskId: desks, bookingId: bookings, seriesId: bookingSeries }[kind];
  const [row] = await db.select({ organizationId: table.organizationId }).from(table).where(eq(table.id, id)).limit(1);
  return row?.organizationId;
}

/** The identities linked to the account, with their organizations' names (the data download). */
export async function listIdentityLinksOf(db: Database, userId: string) {
  return db
    .select({
      organizationName: organizations.name,
      issuer: ssoIdentities.issuer,
      linkedBy: ssoIdentities.linkedBy,
      createdAt: ssoIdentities.createdAt,
    })
    .from(ssoIdentities)
    .innerJoin(organizations, eq(organizations.id, ssoIdentities.organizationId))
    .where(eq(ssoIdentities.userId, userId))
    .orderBy(ssoIdentities.createdAt);
}

/** Records an identity waiting for its account's owner, and drops the expired ones. */
export async function insertPendingLink(db: Database, values: typeof ssoPendingLinks.$inferInsert): Promise<void> {
  await db.delete(ssoPendingLinks).where(lt(ssoPendingLinks.expiresAt, sql`now()`));
  await db.insert(ssoPendingLinks).values(values);
}

/** The live pending link with this id, with its organization's name. */
export async function findPendingLink(db: Database, id: string) {
  const [row] = await db
    .select({ link: ssoPendingLinks, organizationName: organizations.name })
    .from(ssoPendingLinks)
    .innerJoin(organizations, eq(organizations.id, ssoPendingLinks.organizationId))
    .where(and(eq(ssoPendingLinks.id, id), gt(ssoPendingLinks.expiresAt, sql`now()`)));
  return row;
}

/** Deletes the pending link and answers it: it is used once. */
export async function consumePendingLink(db: Database, id: string) {
  const [row] = await db
    .delete(ssoPendingLinks)
    .where(and(eq(ssoPendingLinks.id, id), gt(ssoPendingLinks.expiresAt, sql`now()`)))
    .returning();
  return row;
}
