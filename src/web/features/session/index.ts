// The session feature's public entry: other features, pages and the app import it from here only.
// Who is signed in, signing out, and what this browser remembers of the user's organizations until then. The
// router reads it before any page, so it is in the entry chunk: everything here must stay small and free of side
// effects (no components, no schemas), or it would be downloaded with the landing page.
export { currentUserKey, currentUserQuery, useCurrentUser } from './get-current-user.ts';
export {
  dismissLostOrganizations,
  forgetRememberedOrganizations,
  listOfNames,
  parseRemembered,
  type RememberedOrganization,
  rememberedSnapshot,
  rememberOrganizations,
  subscribeToRemembered,
} from './remembered-organizations.ts';
export { signOut } from './sign-out.ts';
