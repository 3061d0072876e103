import { passkeyAddressProblem } from '#domain/passkeys.ts';
import { ApiError, errorMessage } from '#web/app/api.ts';

export type PasskeyCeremony = 'add' | 'sign-in';

const cancelled: Record<PasskeyCeremony, string> = {
  add: 'Adding the passkey was cancelled.',
  'sign-in': 'Signing in with a passkey was cancelled.',
};
const failed: Record<PasskeyCeremony, string> = {
  add: 'The passkey could not be added. Please try again.',
  'sign-in': 'Signing in with a passkey did not work. Please try again, or sign in with your password.',
};

export const noWebAuthnMessage =
  'This browser cannot use passkeys. Try another browser, or sign in with your password.';

/** The browser refused the site as the passkey's relying party: the page is not at PUBLIC_URL's host name. */
const wrongAddressMessage =
  'Passkeys cannot be used at this address. Open Perch at its usual address (the one in its mails) to use them.';

/** Why passkeys cannot work at this page's address (an IP address, plain http), or null. */
export const addressProblemHere = (): string | null => passkeyAddressProblem(window.location, window.isSecureContext);

/**
 * The sentence for a failed passkey ceremony: the server's, when it answered; otherwise what the browser's error
 * means. Browsers report a cancelled prompt, a timeout and a refused one alike (NotAllowedError), on purpose.
 */
export function passkeyProblem(error: unknown, ceremony: PasskeyCeremony): string {
  if (error instanceof ApiError) return errorMessage(error, failed[ceremony]);
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return cancelled[ceremony];
  }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return 'This device already holds a passkey for your Perch account.';
  }
  if (name === 'SecurityError') return wrongAddressMessage;
  return failed[ceremony];
}
