import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamView } from '#domain/teams.ts';

export type Team = TeamView;

/** GET /api/organizations/{id}/teams: every team of the organization, for every member; `includesMe` marks the caller's. */
export const teamsKey = (organizationId: string) => ['/api/organizations', organizationId, 'teams'] as const;

export const teamsQuery = (organizationId: string) => queryOptions<Team[]>({ queryKey: teamsKey(organizationId) });

export function useTeams(organizationId: string) {
  return useQuery(teamsQuery(organizationId));
}

/** The ids of the caller's teams: what Book Desk judges a neighbourhood kept for teams by. */
export function myTeamIds(teams: readonly Team[] | undefined): string[] {
  return (teams ?? []).filter((team) => team.includesMe).map((team) => team.id);
}
