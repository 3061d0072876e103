// The team feature's public entry: other features, pages and the app import it from here only.
// Team management is not here: the dashboard loads it lazily by module path, in its own chunk.
export { useInvitation } from './get-invitation.ts';
export { invitationsQuery } from './list-invitations.ts';
export { membersQuery } from './list-members.ts';
export { useSignUpWithInvitation } from './sign-up-with-invitation.ts';
