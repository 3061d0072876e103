import type { z } from 'zod';
import { displayName } from '#domain/account.ts';
import { isUuid } from '#domain/ids.ts';
import { maxTeamsPerOrganization, teamMessages } from '#domain/neighbourhoods.ts';
import type {
  createTeamSchema,
  TeamDeleted,
  TeamMembersAdded,
  TeamMembersView,
  TeamView,
  teamMembersAdditionSchema,
  teamMembersChangeSchema,
  updateTeamSchema,
} from '#domain/teams.ts';
import type { AppContext } from '#server/context.ts';
import { lockOrganizationAdditions } from '#server/db/organization-lock.ts';
import { conflict, forbidden, notFound, sqlState, unprocessable } from '#server/errors.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { findMemberOrganization, requireAdmin } from '../organizations/service.ts';
import * as repo from './repo.ts';

// Teams (issue 29): named groups of an organization's members, with booking limits of their own. Every member reads
// them (Book Desk judges neighbourhoods by them); admins make, change and delete them and say who is in them.

export type NewTeam = z.output<typeof createTeamSchema>;
export type TeamUpdate = z.output<typeof updateTeamSchema>;
export type TeamMembersChange = z.output<typeof teamMembersChangeSchema>;
export type TeamMembersAddition = z.output<typeof teamMembersAdditionSchema>;

const teamNotFound = () => notFound(teamMessages.notFound);
/** The people an audit record names; the rest are counted. */
const maxPeopleInAudit = 20;

export function toTeamView(team: repo.TeamRow, memberCount: number, includesMe: boolean): TeamView {
  return {
    id: team.id,
    organizationId: team.organizationId,
    name: team.name,
    colour: team.colour,
    maxDaysAhead: team.maxDaysAhead,
    maxBookingsPerWeek: team.maxBookingsPerWeek,
    memberCount,
    includesMe,
    createdAt: team.createdAt.toISOString(),
  };
}

/**
 * A write the database refused because of what another request did first: the same name (teams_name_key, also when
 * two creations race) answers 409 with its sentence; anything else goes on to the error handler.
 */
async function refusingTakenName<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && sqlState(error) === '23505') throw conflict(teamMessages.nameTaken(name));
    throw error;
  }
}

/** Members see every team by name; membership checked by findMemberOrganization. */
export async function listTeams(context: AppContext, userId: string, organizationId: string): Promise<TeamView[]> {
  await findMemberOrganization(context, organizationId, userId);
  const rows = await repo.listTeams(context.db, organizationId, userId);
  return rows.map((row) => toTeamView(row, row.memberCount, row.includesMe));
}

/**
 * Admins only (requireAdmin). At most maxTeamsPerOrganization, counted under the organization's teams lock so that two
 * creations at once cannot both take the last place (409); a name already used, in any case, answers 409. Audited as
 * team.created.
 */
export async function createTeam(
  context: AppContext,
  userId: string,
  organizationId: string,
  input: NewTeam,
): Promise<TeamView> {
  await requireAdmin(context, organizationId, userId);
  const team = await refusingTakenName(input.name, () =>
    context.db.transaction(async (tx) => {
      await lockOrganizationAdditions(tx, 'teams', organizationId);
      if ((await repo.countTeams(tx, organizationId)) >= maxTeamsPerOrganization) throw conflict(teamMessages.tooMany);
      const row = await repo.insertTeam(tx, { organizationId, ...input });
      await recordAuditEvent(tx, {
        organizationId,
        actor: { id: userId },
        action: 'team.created',
        target: { type: 'team', id: row.id },
        details: {
          name: row.name,
          colour: row.colour,
          maxDaysAhead: row.maxDaysAhead,
          maxBookingsPerWeek: row.maxBookingsPerWeek,
        },
      });
      return row;
    }),
  );
  return toTeamView(team, 0, false);
}

/**
 * The team as one of its organization's members sees it, with that member's role. Unknown ids, non-uuids and other
 * organizations' teams all answer the same 404.
 */
async function findMemberTeam(context: AppContext, teamId: string, userId: string) {
  const found = isUuid(teamId) ? await repo.findTeamOfMember(context.db, teamId, userId) : undefined;
  if (!found) throw teamNotFound();
  return found;
}

/** The team of an organization the caller administers: 404 as findMemberTeam, then 403 for a member (requireAdmin). */
export async function findAdministeredTeam(context: AppContext, teamId: string, userId: string) {
  const found = await findMemberTeam(context, teamId, userId);
  await requireAdmin(context, found.team.organizationId, userId);
  return found;
}

type ChangeKey = keyof repo.TeamChanges;
const changeKeys: readonly ChangeKey[] = ['name', 'colour', 'maxDaysAhead', 'maxBookingsPerWeek'];

/** The fields the input changes, each as {from, to}: what the audit log records. */
function changesOf(team: repo.TeamRow, input: TeamUpdate): Partial<Record<ChangeKey, { from: unknown; to: unknown }>> {
  const changes: Partial<Record<ChangeKey, { from: unknown; to: unknown }>> = {};
  for (const key of changeKeys) {
    const value = input[key];
    if (value !== undefined && value !== team[key]) changes[key] = { from: team[key], to: value };
  }
  return changes;
}

/**
 * PUT /api/teams/{teamId}: any of name, colour and limits (null: the organization's). Admins only
 * (findAdministeredTeam). The team is locked while it changes; what changed is audited as team.updated, nothing when
 * nothing did.
 */
export async function updateTeam(
  context: AppContext,
  userId: string,
  teamId: string,
  input: TeamUpdate,
): Promise<TeamView> {
  const { team: found, isInTeam } = await findAdministeredTeam(context, teamId, userId);
  const organizationId = found.organizationId;
  const outcome = await refusingTakenName(input.name, () =>
    context.db.transaction(async (tx) => {
      const before = await repo.lockTeam(tx, organizationId, found.id);
      if (!before) throw teamNotFound();
      const memberCount = await repo.countTeamMembers(tx, found.id);
      const changes = changesOf(before, input);
      if (Object.keys(changes).length === 0) return { team: before, memberCount };
      const updates = Object.fromEntries(Object.entries(changes).map(([key, change]) => [key, change.to]));
      const team = await repo.updateTeam(tx, organizationId, found.id, updates as repo.TeamChanges);
      if (!team) throw teamNotFound();
      await recordAuditEvent(tx, {
        organizationId,
        actor: { id: userId },
        action: 'team.updated',
        target: { type: 'team', id: team.id },
        details: { name: team.name, changes },
      });
      return { team, memberCount };
    }),
  );
  return toTeamView(outcome.team, outcome.memberCount, isInTeam);
}

/**
 * Deletes the team: its people stay members of the organization, and neighbourhoods kept for it are no longer kept
 * for it (ON DELETE CASCADE). Admins only (findAdministeredTeam). Audited as team.deleted.
 */
export async function deleteTeam(context: AppContext, userId: string, teamId: string): Promise<TeamDeleted> {
  const { team } = await findAdministeredTeam(context, teamId, userId);
  const memberCount = await context.db.transaction(async (tx) => {
    const before = await repo.lockTeam(tx, team.organizationId, team.id);
    if (!before) throw teamNotFound();
    const count = await repo.countTeamMembers(tx, team.id);
    if (!(await repo.deleteTeam(tx, team.organizationId, team.id))) throw teamNotFound();
    await recordAuditEvent(tx, {
      organizationId: team.organizationId,
      actor: { id: userId },
      action: 'team.deleted',
      target: { type: 'team', id: team.id },
      details: { name: before.name, memberCount: count },
    });
    return count;
  });
  if (memberCount === 0) return { message: `${team.name} was deleted.` };
  const people =
    memberCount === 1 ? 'the 1 person in it is still a member' : `the ${memberCount} people in it are still members`;
  return { message: `${team.name} was deleted; ${people} of the organization.` };
}

function toMembersView(people: readonly repo.TeamPerson[]): TeamMembersView {
  return { userIds: people.map((person) => person.userId), members: people.map((person) => ({ ...person })) };
}

/** Who is in the team: for admins, and for the team's own people (403 for other members, 404 as findMemberTeam). */
export async function listTeamMembers(context: AppContext, userId: string, teamId: string): Promise<TeamMembersView> {
  const { team, role, isInTeam } = await findMemberTeam(context, teamId, userId);
  if (role !== 'admin' && !isInTeam) {
    throw forbidden('Only administrators and the team’s own members can see who is in it.');
  }
  return toMembersView(await repo.listTeamMembers(context.db, team.organizationId, team.id));
}

const auditedPeople = (people: readonly repo.TeamPerson[]) =>
  people.slice(0, maxPeopleInAudit).map((person) => ({ name: displayName(person), email: person.email }));

/**
 * PUT /api/teams/{teamId}/members: the team's people become exactly `userIds`. Everyone named must be a member of the
 * organization, else 422 and nothing changes. Admins only; audited as team.members_changed (writeTeamMembers).
 */
export async function replaceTeamMembers(
  context: AppContext,
  userId: string,
  teamId: string,
  input: TeamMembersChange,
): Promise<TeamMembersView> {
  return (await writeTeamMembers(context, userId, teamId, input.userIds, { keepOthers: false })).view;
}

/**
 * POST /api/teams/{teamId}/members: adds the people named to the team; those already in it stay once and nobody is
 * taken out, so two admins adding at once both keep their additions (a PUT of the list each had read would lose one's).
 * The same checks and audit as the PUT (writeTeamMembers).
 */
export async function addTeamMembers(
  context: AppContext,
  userId: string,
  teamId: string,
  input: TeamMembersAddition,
): Promise<TeamMembersAdded> {
  const { view, addedUserIds } = await writeTeamMembers(context, userId, teamId, input.userIds, { keepOthers: true });
  return { ...view, addedUserIds };
}

/**
 * Writes a team's people in one transaction with the team locked, so concurrent writes take turns and each sees the
 * last one's list: `userIds` come in, and unless `keepOthers` everyone else goes. Everyone named must be a member of
 * the organization, else 422 and nothing changes (also when one is removed from the organization meanwhile: the
 * foreign key refuses the row). Admins only (findAdministeredTeam). Audited as team.members_changed with who came and
 * who went, nothing when nobody did.
 */
async function writeTeamMembers(
  context: AppContext,
  userId: string,
  teamId: string,
  userIds: readonly string[],
  { keepOthers }: { keepOthers: boolean },
): Promise<{ view: TeamMembersView; addedUserIds: string[] }> {
  const { team } = await findAdministeredTeam(context, teamId, userId);
  const wanted = namedPeople(userIds);
  const organizationId = team.organizationId;
  return refusingLeavers(() =>
    context.db.transaction(async (tx) => {
      const before = await repo.lockTeam(tx, organizationId, team.id);
      if (!before) throw teamNotFound();
      const people = await repo.findMembersAmong(tx, organizationId, wanted);
      if (people.length !== wanted.length) throw unprocessable(teamMessages.notMembers);
      const previous = await repo.listTeamMembers(tx, organizationId, team.id);
      const previousIds = new Set(previous.map((person) => person.userId));
      const wantedIds = new Set(wanted);
      const added = people.filter((person) => !previousIds.has(person.userId));
      const removed = keepOthers ? [] : previous.filter((person) => !wantedIds.has(person.userId));
      if (added.length === 0 && removed.length === 0) return { view: toMembersView(previous), addedUserIds: [] };
      if (removed.length > 0) await repo.removeTeamMembersOtherThan(tx, organizationId, team.id, wanted);
      await repo.addTeamMembers(
        tx,
        organizationId,
        team.id,
        added.map((person) => person.userId),
      );
      const saved = await repo.listTeamMembers(tx, organizationId, team.id);
      await recordAuditEvent(tx, {
        organizationId,
        actor: { id: userId },
        action: 'team.members_changed',
        target: { type: 'team', id: team.id },
        details: {
          name: before.name,
          added: auditedPeople(added),
          addedCount: added.length,
          removed: auditedPeople(removed),
          removedCount: removed.length,
          memberCount: saved.length,
        },
      });
      const addedIds = new Set(added.map((person) => person.userId));
      return { view: toMembersView(saved), addedUserIds: wanted.filter((id) => addedIds.has(id)) };
    }),
  );
}

/** The ids a request names, once each in lower case; a non-uuid is nobody of the organization's (422). */
function namedPeople(userIds: readonly string[]): string[] {
  const wanted = [...new Set(userIds.map((id) => id.toLowerCase()))];
  if (!wanted.every(isUuid)) throw unprocessable(teamMessages.notMembers);
  return wanted;
}

/** A write of team members: someone named who left the organization between the check and the write answers 422. */
async function refusingLeavers<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === '23503') throw unprocessable(teamMessages.notMembers);
    throw error;
  }
}
