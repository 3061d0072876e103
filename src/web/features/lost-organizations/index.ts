// The lost organizations feature's public entry: other features, pages and the app import it from here only.
// The notice naming organizations the user was removed from, kept apart from organizations' operations so that
// pages which only read the list do not download it. What the browser remembers is the session feature's.
export { LostOrganizationsNotice } from './lost-organizations-notice.tsx';
export { useLostOrganizations } from './use-lost-organizations.ts';
