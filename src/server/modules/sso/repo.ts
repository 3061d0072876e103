import { and, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { memberships, organizations, ssoConnections, ssoDomains, ssoLogins, subscriptions } from '#server/db/schema.ts';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export interface SsoConnection extends SsoConnectionRow {
  domains: string[];
}

export async function findConnection(db: Database, organizationId: string): Promise<SsoConnection | undefined> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.organizationId, organizationId));
  if (!row) return undefined;
  const domains = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.organizationId, organizationId))
    .orderBy(ssoDomains.domain);
  return { ...row, domains: domains.map((entry) => entry.domain) };
}

/** The organization whose connection claims this domain. */
export async function findOrganizationIdByDomain(db: Database, domain: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organizationId: ssoDomains.organizationId })
    .from(ssoDomains)
    .where(eq(ssoDomains.domain, domain));
  return row?.organizationId;
}

/** Which of these domains another organization already claims. */
export async function findDomainsClaimedElsewhere(
  db: Database,
  organizationId: string,
  domains: string[],
): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, domains), ne(ssoDomains.organizationId, organizationId)));
  return rows.map((row) => row.domain);
}

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
  await db.delete(ssoDomains).where(eq(ssoDomains.organizationId, values.organizationId));
  await db.insert(ssoDomains).values(domains.map((domain) => ({ domain, organizationId: values.organizationId })));
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
    .select({ id: organizations.id, maxUsers: subscriptions.maxUsers })
    .from(organizations)
    .leftJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
    .where(or(...conditions))
    .limit(1);
  return row;
}

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
