import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/app/api.ts';
import { passkeyProblem } from './passkey-problem.ts';

const browserError = (name: string, code?: string) => Object.assign(new Error('from the browser'), { name, code });

describe('passkeyProblem', () => {
  it.each([
    [browserError('NotAllowedError'), 'add', 'Adding the passkey was cancelled.'],
    [browserError('NotAllowedError'), 'sign-in', 'Signing in with a passkey was cancelled.'],
    [browserError('AbortError', 'ERROR_CEREMONY_ABORTED'), 'add', 'Adding the passkey was cancelled.'],
    [
      browserError('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'),
      'add',
      'This device already holds a passkey for your Perch account.',
    ],
    [
      new ApiError(401, 'Unauthorized', '{"message":"That passkey is not registered with Perch."}'),
      'sign-in',
      'That passkey is not registered with Perch.',
    ],
    [
      new ApiError(500, 'Internal Server Error', '{"message":"boom"}'),
      'add',
      'The passkey could not be added. Please try again.',
    ],
    [
      browserError('SecurityError'),
      'sign-in',
      'Passkeys cannot be used at this address. Open Perch at its usual address (the one in its mails) to use them.',
    ],
    [
      new Error('WebAuthn is not supported in this browser'),
      'add',
      'The passkey could not be added. Please try again.',
    ],
  ] as const)('says %s, while trying to %s, as "%s"', (error, ceremony, sentence) => {
    expect(passkeyProblem(error, ceremony)).toBe(sentence);
  });
});
