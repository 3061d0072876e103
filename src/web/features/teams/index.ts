// The teams feature's public entry (issue 29): other features, pages and the app import it from here only. The Teams
// dialog itself is loaded lazily by module path (sidebar-dialogs.tsx), in its own chunk.
export { AddToTeamButton } from './add-to-team.tsx';
export { myTeamIds, type Team, teamsKey, teamsQuery, useTeams } from './list-teams.ts';
export { teamMembersQuery } from './team-members.ts';
export { YourTeamsLabel } from './your-teams.tsx';
