import { useQueries } from '@tanstack/react-query';
import type { NeighbourhoodRestriction } from '#domain/neighbourhoods.ts';
import { myTeamIds, teamMembersQuery, useTeams } from '../teams/index.ts';
import { restrictionOf } from './areas.ts';
import { useNeighbourhoods } from './list-neighbourhoods.ts';

/**
 * What Book Desk judges the neighbourhood rule by (issue 29): the desk's neighbourhood as a restriction with its
 * teams' names, and the teams of the person the booking is for: the signed-in person's own, or, when an admin books
 * for someone (`personId`), which of the neighbourhood's teams that person is in (read from those teams' people).
 * Undefined restriction for a desk in none (or not yet read); undefined personTeamIds while someone's teams are read.
 */
export function useDeskNeighbourhood(
  organizationId: string,
  desk: { floorId?: string | undefined; neighbourhoodId?: string | null | undefined },
  personId = '',
): { restriction: NeighbourhoodRestriction | undefined; personTeamIds: string[] | undefined } {
  const neighbourhoods = useNeighbourhoods(desk.neighbourhoodId ? desk.floorId : undefined);
  const teams = useTeams(organizationId);
  const neighbourhood = neighbourhoods.data?.find((item) => item.id === desk.neighbourhoodId);
  const restriction = neighbourhood && teams.data ? restrictionOf(neighbourhood, teams.data) : undefined;
  // Only the teams the desk is kept for matter: who is in each of them (admins may read any team's people).
  const keptFor = personId && restriction ? restriction.teams : [];
  const personTeamIds = useQueries({
    queries: keptFor.map((team) => teamMembersQuery(team.id)),
    combine: (reads) =>
      reads.every((read) => read.data)
        ? keptFor.filter((_team, index) => reads[index]?.data?.userIds.includes(personId)).map((team) => team.id)
        : undefined,
  });
  return { restriction, personTeamIds: personId ? personTeamIds : myTeamIds(teams.data) };
}
