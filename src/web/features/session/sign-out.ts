import { forgetRememberedOrganizations } from './remembered-organizations.ts';

/**
 * Sign-out is a navigation (GET /api/logout): the server ends the session and redirects home; the browser
 * forgets whose it was.
 */
export function signOut() {
  forgetRememberedOrganizations();
  window.location.assign('/api/logout');
}
