import type { z } from 'zod';
import { isUuid } from '#domain/ids.ts';
import {
  type createNeighbourhoodSchema,
  maxNeighbourhoodsPerFloor,
  type NeighbourhoodView,
  teamMessages,
  type updateNeighbourhoodSchema,
} from '#domain/neighbourhoods.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { AppError, conflict, notFound, sqlState, unprocessable } from '#server/errors.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { findMemberFloor, floorNotFound } from '../floors/service.ts';
import { requireEditor } from '../organizations/service.ts';
import * as repo from './repo.ts';

export type NewNeighbourhood = z.output<typeof createNeighbourhoodSchema>;
export type NeighbourhoodUpdate = z.output<typeof updateNeighbourhoodSchema>;

const neighbourhoodNotFound = () => notFound(teamMessages.neighbourhoodNotFound);

/** Members of the floor's organization, checked by findMemberFloor (another tenant's floor answers 404). */
export async function listNeighbourhoods(
  context: AppContext,
  userId: string,
  floorId: string,
): Promise<NeighbourhoodView[]> {
  const { floor } = await findMemberFloor(context, floorId, userId);
  return repo.listNeighbourhoodsOfFloor(context.db, floor.organizationId, floor.id);
}

/** The ids once each; any that is not a uuid cannot name a row of the organization, so the list is refused. */
function distinctIds(ids: readonly string[], refusal: string): string[] {
  if (!ids.every(isUuid)) throw unprocessable(refusal);
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** The desks must all be of the floor, the teams all of the organization (422 with a sentence, nothing written). */
async function checkMembers(
  db: Database,
  organizationId: string,
  floorId: string,
  input: { deskIds?: string[]; teamIds?: string[] },
): Promise<{ deskIds?: string[]; teams?: Array<{ id: string; name: string }> }> {
  const deskIds = input.deskIds && distinctIds(input.deskIds, teamMessages.desksNotOnFloor);
  const teamIds = input.teamIds && distinctIds(input.teamIds, teamMessages.teamsNotFound);
  if (deskIds && (await repo.countDesksOnFloor(db, organizationId, floorId, deskIds)) !== deskIds.length) {
    throw unprocessable(teamMessages.desksNotOnFloor);
  }
  const teams = teamIds && (await repo.findTeams(db, organizationId, teamIds));
  if (teamIds && teams?.length !== teamIds.length) throw unprocessable(teamMessages.teamsNotFound);
  return { deskIds, teams };
}

/**
 * What the database refuses when a race beat the checks: a name another admin took meanwhile (409), a desk moved to
 * another floor or a team deleted meanwhile (422, as if it had been so before).
 */
function refusalOfRace(error: unknown, name: string): unknown {
  if (error instanceof AppError) return error;
  const state = sqlState(error);
  if (state === '23505') return conflict(teamMessages.neighbourhoodNameTaken(name));
  if (state === '23503') {
    const constraint = (error as { cause?: { constraint?: string } }).cause?.constraint ?? '';
    return unprocessable(constraint.startsWith('desks_') ? teamMessages.desksNotOnFloor : teamMessages.teamsNotFound);
  }
  return error;
}

/**
 * POST /api/floors/{floorId}/neighbourhoods. Admin with an enabled subscription (requireEditor). The floor is locked
 * while it runs, so the limit per floor holds for admins adding at once. Audited as neighbourhood.created.
 */
export async function createNeighbourhood(
  context: AppContext,
  userId: string,
  floorId: string,
  input: NewNeighbourhood,
): Promise<NeighbourhoodView> {
  const { floor } = await findMemberFloor(context, floorId, userId);
  await requireEditor(context, floor.organizationId, userId);
  const organizationId = floor.organizationId;
  try {
    return await context.db.transaction(async (tx) => {
      if (!(await repo.lockFloor(tx, organizationId, floor.id))) throw floorNotFound();
      if ((await repo.countNeighbourhoodsOfFloor(tx, organizationId, floor.id)) >= maxNeighbourhoodsPerFloor) {
        throw conflict(teamMessages.neighbourhoodsTooMany);
      }
      const { deskIds = [], teams = [] } = await checkMembers(tx, organizationId, floor.id, input);
      const row = await repo.insertNeighbourhood(tx, {
        organizationId,
        floorId: floor.id,
        name: input.name,
        colour: input.colour,
        weekdays: input.weekdays,
      });
      await repo.replaceTeams(
        tx,
        organizationId,
        row.id,
        teams.map((team) => team.id),
      );
      await repo.replaceDesks(tx, organizationId, floor.id, row.id, deskIds);
      await recordAuditEvent(tx, {
        organizationId,
        actor: { id: userId },
        action: 'neighbourhood.created',
        target: { type: 'neighbourhood', id: row.id },
        details: {
          name: row.name,
          floor: floor.name,
          desks: deskIds.length,
          teams: teams.map((team) => team.name),
          weekdays: row.weekdays,
        },
      });
      const [view] = await repo.listNeighbourhoodsOfFloor(tx, organizationId, floor.id, row.id);
      if (!view) throw neighbourhoodNotFound();
      return view;
    });
  } catch (error) {
    throw refusalOfRace(error, input.name);
  }
}

/** The neighbourhood as a member of its organization sees it: unknown ids and other tenants' answer the same 404. */
async function findMemberNeighbourhood(context: AppContext, neighbourhoodId: string, userId: string) {
  const found = isUuid(neighbourhoodId)
    ? await repo.findNeighbourhoodOfMember(context.db, neighbourhoodId, userId)
    : undefined;
  if (!found) throw neighbourhoodNotFound();
  return found.neighbourhood;
}

/**
 * PUT /api/neighbourhoods/{id}: any of the fields; deskIds and teamIds replace the lists. Membership checked by
 * findMemberNeighbourhood, admin role and subscription by requireEditor. Audited as neighbourhood.updated.
 */
export async function updateNeighbourhood(
  context: AppContext,
  userId: string,
  neighbourhoodId: string,
  input: NeighbourhoodUpdate,
): Promise<NeighbourhoodView> {
  const found = await findMemberNeighbourhood(context, neighbourhoodId, userId);
  await requireEditor(context, found.organizationId, userId);
  const { organizationId, floorId } = found;
  try {
    return await context.db.transaction(async (tx) => {
      if (!(await repo.lockFloor(tx, organizationId, floorId))) throw neighbourhoodNotFound();
      const before = await repo.lockNeighbourhood(tx, organizationId, found.id);
      if (!before) throw neighbourhoodNotFound();
      const [old] = await repo.listNeighbourhoodsOfFloor(tx, organizationId, floorId, before.id);
      const { deskIds, teams } = await checkMembers(tx, organizationId, floorId, input);
      await repo.updateNeighbourhood(tx, organizationId, before.id, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.colour === undefined ? {} : { colour: input.colour }),
        ...(input.weekdays === undefined ? {} : { weekdays: input.weekdays }),
      });
      if (teams) {
        await repo.replaceTeams(
          tx,
          organizationId,
          before.id,
          teams.map((team) => team.id),
        );
      }
      if (deskIds) await repo.replaceDesks(tx, organizationId, floorId, before.id, deskIds);
      const [after] = await repo.listNeighbourhoodsOfFloor(tx, organizationId, floorId, before.id);
      if (!after || !old) throw neighbourhoodNotFound();
      const changes = changesBetween(old, after);
      if (Object.keys(changes).length > 0) {
        await recordAuditEvent(tx, {
          organizationId,
          actor: { id: userId },
          action: 'neighbourhood.updated',
          target: { type: 'neighbourhood', id: before.id },
          details: { name: after.name, changes },
        });
      }
      return after;
    });
  } catch (error) {
    throw refusalOfRace(error, input.name ?? found.name);
  }
}

type Changes = Record<string, { from: unknown; to: unknown }>;

/** What the audit log records of a change: the name, colour and weekdays from and to; desk and team counts. */
function changesBetween(before: NeighbourhoodView, after: NeighbourhoodView): Changes {
  const changes: Changes = {};
  const compare = (key: string, from: unknown, to: unknown) => {
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  };
  compare('name', before.name, after.name);
  compare('colour', before.colour, after.colour);
  compare('weekdays', before.weekdays, after.weekdays);
  compare('desks', before.deskIds.length, after.deskIds.length);
  if (JSON.stringify(before.deskIds) !== JSON.stringify(after.deskIds) && !changes.desks) {
    changes.desks = { from: before.deskIds.length, to: after.deskIds.length };
  }
  compare('teams', before.teamIds.length, after.teamIds.length);
  if (JSON.stringify(before.teamIds) !== JSON.stringify(after.teamIds) && !changes.teams) {
    changes.teams = { from: before.teamIds.length, to: after.teamIds.length };
  }
  return changes;
}

/**
 * DELETE /api/neighbourhoods/{id}: its desks are left in none. Membership checked by findMemberNeighbourhood, admin
 * role and subscription by requireEditor. Audited as neighbourhood.deleted.
 */
export async function deleteNeighbourhood(context: AppContext, userId: string, neighbourhoodId: string) {
  const found = await findMemberNeighbourhood(context, neighbourhoodId, userId);
  await requireEditor(context, found.organizationId, userId);
  await context.db.transaction(async (tx) => {
    const [view] = await repo.listNeighbourhoodsOfFloor(tx, found.organizationId, found.floorId, found.id);
    if (!(await repo.deleteNeighbourhood(tx, found.organizationId, found.id))) throw neighbourhoodNotFound();
    await recordAuditEvent(tx, {
      organizationId: found.organizationId,
      actor: { id: userId },
      action: 'neighbourhood.deleted',
      target: { type: 'neighbourhood', id: found.id },
      details: { name: found.name, desks: view?.deskIds.length ?? 0 },
    });
  });
  return { message: `${found.name} was deleted.` };
}
