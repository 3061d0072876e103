import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { memberships, teamMembers, teams, users } from '#server/db/schema.ts';

export type TeamRow = typeof teams.$inferSelect;
export type TeamWithCounts = TeamRow & { memberCount: number; includesMe: boolean };
export type TeamChanges = Partial<Pick<TeamRow, 'name' | 'colour' | 'maxDaysAhead' | 'maxBookingsPerWeek'>>;

export interface TeamPerson {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

/** The organization's teams by name, each with its number of people and whether `userId` is one of them. */
export async function listTeams(db: Database, organizationId: string, userId: string): Promise<TeamWithCounts[]> {
  // Spelled out: drizzle writes a column of the one table selected from without its table, which `tm` would capture.
  const memberCount = sql<number>`(SELECT count(*)::int FROM team_members tm WHERE tm.team_id = teams.id)`;
  const includesMe = sql<boolean>`EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = teams.id AND tm.user_id = ${userId})`;
  const rows = await db
    .select({ team: teams, memberCount, includesMe })
    .from(teams)
    .where(eq(teams.organizationId, organizationId))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.name), asc(teams.id));
  return rows.map((row) => ({ ...row.team, memberCount: row.memberCount, includesMe: row.includesMe }));
}

export async function countTeams(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(teams)
    .where(eq(teams.organizationId, organizationId));
  return row?.count ?? 0;
}

/**
 * The team with the caller's role in its organization and whether the caller is in it; undefined when the team does
 * not exist or the caller is no member of its organization.
 */
export async function findTeamOfMember(
  db: Database,
  teamId: string,
  userId: string,
): Promise<{ team: TeamRow; role: Role; isInTeam: boolean } | undefined> {
  const [row] = await db
    .select({
      team: teams,
      role: memberships.role,
      isInTeam: sql<boolean>`EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = ${teams.id} AND tm.user_id = ${userId})`,
    })
    .from(teams)
    .innerJoin(memberships, and(eq(memberships.organizationId, teams.organizationId), eq(memberships.userId, userId)))
    .where(eq(teams.id, teamId))
    .limit(1);
  return row;
}

/** The team locked for a change until the transaction ends (undefined when it was deleted meanwhile). */
export async function lockTeam(db: Database, organizationId: string, teamId: string): Promise<TeamRow | undefined> {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertTeam(
  db: Database,
  values: Omit<typeof teams.$inferInsert, 'id' | 'createdAt'> & { organizationId: string },
): Promise<TeamRow> {
  const [row] = await db.insert(teams).values(values).returning();
  if (!row) throw new Error('inserted team was not returned');
  return row;
}

export async function updateTeam(
  db: Database,
  organizationId: string,
  teamId: string,
  changes: TeamChanges,
): Promise<TeamRow | undefined> {
  const [row] = await db
    .update(teams)
    .set(changes)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId)))
    .returning();
  return row;
}

/** Deletes the team; its member rows and the neighbourhoods' mentions of it go with it (ON DELETE CASCADE). */
export async function deleteTeam(db: Database, organizationId: string, teamId: string): Promise<boolean> {
  const deleted = await db
    .delete(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId)))
    .returning({ id: teams.id });
  return deleted.length > 0;
}

export async function countTeamMembers(db: Database, teamId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return row?.count ?? 0;
}

const byName = [
  asc(sql`lower(coalesce(${users.firstName}, ''))`),
  asc(sql`lower(coalesce(${users.lastName}, ''))`),
  asc(users.email),
];

/** The team's people by name (then e-mail). */
export function listTeamMembers(db: Database, organizationId: string, teamId: string): Promise<TeamPerson[]> {
  return db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.teamId, teamId)))
    .orderBy(...byName);
}

/** Those of `userIds` who are members of the organization, by name (for the audit log). */
export function findMembersAmong(
  db: Database,
  organizationId: string,
  userIds: readonly string[],
): Promise<TeamPerson[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, [...userIds])))
    .orderBy(...byName);
}

/** Takes everyone but `userIds` out of the team (those who stay keep their rows, and when they joined). */
export async function removeTeamMembersOtherThan(
  db: Database,
  organizationId: string,
  teamId: string,
  userIds: readonly string[],
): Promise<void> {
  const ofTeam = and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.teamId, teamId));
  await db
    .delete(teamMembers)
    .where(userIds.length === 0 ? ofTeam : and(ofTeam, notInArray(teamMembers.userId, [...userIds])));
}

/**
 * Adds `userIds` to the team (members of the organization: the foreign key refuses anyone else), in chunks: one
 * statement's parameters are bounded (65,535), and a request may name thousands of people.
 */
export async function addTeamMembers(
  db: Database,
  organizationId: string,
  teamId: string,
  userIds: readonly string[],
): Promise<void> {
  for (let start = 0; start < userIds.length; start += 1_000) {
    const chunk = userIds.slice(start, start + 1_000);
    await db
      .insert(teamMembers)
      .values(chunk.map((userId) => ({ organizationId, teamId, userId })))
      .onConflictDoNothing();
  }
}
