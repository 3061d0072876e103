// The teams feature's public entry (issue 29): other features, pages and the app import it from here only.
export { myTeamIds, type Team, teamsKey, teamsQuery, useTeams } from './list-teams.ts';
