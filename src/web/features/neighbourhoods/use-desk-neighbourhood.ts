import type { NeighbourhoodRestriction } from '#domain/neighbourhoods.ts';
import { myTeamIds, useTeams } from '../teams/index.ts';
import { restrictionOf } from './areas.ts';
import { useNeighbourhoods } from './list-neighbourhoods.ts';

/**
 * What Book Desk judges the neighbourhood rule by (issue 29): the desk's neighbourhood as a restriction with its
 * teams' names, and the signed-in person's teams. Undefined restriction for a desk in none (or not yet read).
 */
export function useDeskNeighbourhood(
  organizationId: string,
  desk: { floorId?: string | undefined; neighbourhoodId?: string | null | undefined },
): { restriction: NeighbourhoodRestriction | undefined; personTeamIds: string[] } {
  const neighbourhoods = useNeighbourhoods(desk.neighbourhoodId ? desk.floorId : undefined);
  const teams = useTeams(organizationId);
  const neighbourhood = neighbourhoods.data?.find((item) => item.id === desk.neighbourhoodId);
  return {
    restriction: neighbourhood && teams.data ? restrictionOf(neighbourhood, teams.data) : undefined,
    personTeamIds: myTeamIds(teams.data),
  };
}
