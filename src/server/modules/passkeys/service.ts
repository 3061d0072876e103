import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isUuid } from '#domain/ids.ts';
import {
  type AddPasskeyInput,
  type AuthenticationOptions,
  defaultPasskeyName,
  maxPasskeysPerAccount,
  type Passkey,
  type PasskeySignInInput,
  passkeyMessages,
  passkeyTransports,
  type RegistrationOptions,
} from '#domain/passkeys.ts';
import type { AppContext } from '#server/context.ts';
import { badRequest, conflict, describeForLog, notFound, unauthorized } from '#server/errors.ts';
import { createToken, digestToken } from '#server/tokens.ts';
import { admitLocalSignIn } from '../accounts/service.ts';
import type { UserRow } from '../accounts/user-row.ts';
import { enforceLimits, type Limit, refundLimits } from '../rate-limits/service.ts';
import { signInPolicy } from '../rate-limits/sign-in.ts';
import { passkeyAddedMail } from './mails.ts';
import * as repo from './repo.ts';

// Authorization: adding, listing and removing passkeys act on the signed-in caller's own (routes pass requireUser's
// row, and every query filters by its id). Signing in needs no session: the signature over a challenge Perch made,
// checked with a public key it stored, is the proof.

/** A challenge is answered within five minutes, or not at all. */
export const challengeLifetimeMs = 5 * 60 * 1000;
const relyingPartyName = 'Perch';
/**
 * EdDSA, ES256 and RS256: what authenticators make. Named here, so that the library does not probe the runtime for
 * post-quantum algorithms on each call (Node prints an experimental-feature warning for it).
 */
const supportedAlgorithmIDs = [-8, -7, -257];

/**
 * Each challenge is a row, and signing in needs no session (issue 26): one network address may leave this many
 * unanswered in 15 minutes. A challenge that signs someone in is given back, so an office behind one address that
 * signs in all day is never refused; the limit bounds the rows an address can leave behind.
 */
export const signInChallengesPerAddress: Limit = {
  name: 'passkey-sign-in-ip',
  max: 100,
  windowSeconds: 15 * 60,
  message: 'Too many passkey sign-in attempts from this network.',
};
/** The same for adding passkeys, per account; a passkey added gives its challenge back. */
export const registrationsPerAccount: Limit = {
  name: 'passkey-registration-user',
  max: 20,
  windowSeconds: 15 * 60,
  message: 'Too many passkeys started for this account.',
};
/** Unanswered registrations an account keeps at once (a few tabs); a new one replaces the oldest beyond these. */
const liveRegistrationsPerAccount = 5;

/** WebAuthn binds credentials to a site: its host name is the relying party id, its origin what browsers sign. */
function relyingPartyOf(context: AppContext): { rpID: string; origin: string } {
  const url = new URL(context.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** The user handle authenticators keep with a passkey: the account's id, which names nobody. */
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'));
}

const knownTransports = new Set<string>(passkeyTransports);
const transportsOf = (row: repo.PasskeyRow) =>
  row.transports.filter((value): value is (typeof passkeyTransports)[number] => knownTransports.has(value));

function toPasskey(row: repo.PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Keeps the challenge under a new random token (its digest, rather) and answers the token for the cookie. */
async function keepChallenge(
  context: AppContext,
  purpose: repo.ChallengePurpose,
  userId: string | null,
  challenge: string,
): Promise<string> {
  const { token, digest } = createToken();
  const expiresAt = new Date(Date.now() + challengeLifetimeMs);
  await repo.insertChallenge(
    context.db,
    { id: digest, purpose, userId, challenge, expiresAt },
    { keepPerUser: liveRegistrationsPerAccount },
  );
  return token;
}

async function takeChallenge(context: AppContext, token: string | undefined, purpose: repo.ChallengePurpose) {
  if (!token || token.length > 100) return undefined;
  return repo.consumeChallenge(context.db, digestToken(token), purpose);
}

export async function listPasskeys(context: AppContext, userId: string): Promise<Passkey[]> {
  return (await repo.listPasskeysOf(context.db, userId)).map(toPasskey);
}

/** What the browser needs to make a passkey for the caller: never one more for an authenticator that has one. */
export async function startRegistration(
  context: AppContext,
  user: UserRow,
): Promise<{ options: RegistrationOptions; challengeToken: string }> {
  await enforceLimits(context.db, [[registrationsPerAccount, user.id]]);
  const existing = await repo.listPasskeysOf(context.db, user.id);
  if (existing.length >= maxPasskeysPerAccount) throw conflict(passkeyMessages.tooMany);
  const { rpID } = relyingPartyOf(context);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const options = await generateRegistrationOptions({
    rpName: relyingPartyName,
    rpID,
    userName: user.email,
    userID: userHandleOf(user.id),
    userDisplayName: fullName || user.email,
    timeout: challengeLifetimeMs,
    attestationType: 'none',
    supportedAlgorithmIDs,
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    // A discoverable credential, so that signing in needs no e-mail first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const challengeToken = await keepChallenge(context, 'registration', user.id, options.challenge);
  return { options: options as RegistrationOptions, challengeToken };
}

/**
 * Checks the browser's answer against the caller's own live challenge, this site's origin and relying party id,
 * then keeps the credential and tells the account's address. The challenge is used up whatever the outcome.
 */
export async function addPasskey(
  context: AppContext,
  user: UserRow,
  input: AddPasskeyInput,
  challengeToken: string | undefined,
  userAgent: string | undefined,
): Promise<Passkey> {
  const stored = await takeChallenge(context, challengeToken, 'registration');
  if (!stored || stored.userId !== user.id) throw badRequest(passkeyMessages.expired);
  const { rpID, origin } = relyingPartyOf(context);
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: stored.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
    supportedAlgorithmIDs,
  }).catch((error: unknown) => {
    context.log.info({ error: describeForLog(error) }, 'a passkey registration was refused');
    return undefined;
  });
  if (!verification?.verified) throw badRequest(passkeyMessages.notVerified);
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;

  const existing = await repo.listPasskeysOf(context.db, user.id);
  if (existing.length >= maxPasskeysPerAccount) throw conflict(passkeyMessages.tooMany);
  const row = await repo.insertPasskey(context.db, {
    userId: user.id,
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: (credential.transports ?? []).filter((value) => knownTransports.has(value)),
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    name:
      input.name ??
      defaultPasskeyName(
        userAgent,
        existing.map((passkey) => passkey.name),
      ),
  });
  if (!row) throw conflict(passkeyMessages.alreadyRegistered);
  await refundLimits(context.db, [[registrationsPerAccount, user.id]]);
  context.mailer.send(passkeyAddedMail(user.email, row.name, context.config.publicUrl)).catch((error: unknown) => {
    context.log.error({ error: describeForLog(error) }, 'passkey notice mail could not be sent');
  });
  return toPasskey(row);
}

/** Removes one of the caller's passkeys; someone else's answers 404, as one that does not exist. */
export async function removePasskey(context: AppContext, userId: string, id: string): Promise<void> {
  const isRemoved = isUuid(id) && (await repo.deletePasskeyOf(context.db, userId, id));
  if (!isRemoved) throw notFound(passkeyMessages.notFound);
}

/**
 * What the browser needs to sign in with any passkey of this site the person picks (discoverable credentials);
 * 429 past the address's unanswered challenges.
 */
export async function startAuthentication(
  context: AppContext,
  ip: string,
): Promise<{ options: AuthenticationOptions; challengeToken: string }> {
  await enforceLimits(context.db, [[signInChallengesPerAddress, ip]]);
  const { rpID } = relyingPartyOf(context);
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials: [],
    userVerification: 'preferred',
    timeout: challengeLifetimeMs,
  });
  const challengeToken = await keepChallenge(context, 'authentication', null, options.challenge);
  return { options: options as AuthenticationOptions, challengeToken };
}

/**
 * Signing in with a passkey. Limited as password sign-in is per network address (the same counter: an attempt
 * counts as a failure until it succeeds); there is no account to slow down, as nobody names one. The rest is what
 * a password sign-in does once the password was right: the single sign-on and e-mail rules, then the caller starts
 * the session.
 */
export async function signInWithPasskey(
  context: AppContext,
  input: PasskeySignInInput,
  challengeToken: string | undefined,
  ip: string,
): Promise<UserRow> {
  const perAddress: Parameters<typeof enforceLimits>[1] = [[signInPolicy.perAddress, ip]];
  await enforceLimits(context.db, perAddress);
  const stored = await takeChallenge(context, challengeToken, 'authentication');
  if (!stored) throw unauthorized(passkeyMessages.expired);
  const found = await repo.findPasskeyByCredential(context.db, input.response.id);
  if (!found) throw unauthorized(passkeyMessages.notRegistered);
  const { passkey, user } = found;
  const { userHandle } = input.response.response;
  if (userHandle && userHandle !== Buffer.from(userHandleOf(user.id)).toString('base64url')) {
    throw unauthorized(passkeyMessages.notVerified);
  }
  const { rpID, origin } = relyingPartyOf(context);
  const verification = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: stored.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: passkey.counter,
      transports: transportsOf(passkey),
    },
    requireUserVerification: false,
  }).catch((error: unknown) => {
    context.log.info({ error: describeForLog(error) }, 'a passkey sign-in was refused');
    return undefined;
  });
  if (!verification?.verified) throw unauthorized(passkeyMessages.notVerified);
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  const isRecorded = await repo.recordPasskeyUse(context.db, passkey.id, {
    previousCounter: passkey.counter,
    counter: newCounter,
    backedUp: credentialBackedUp,
  });
  if (!isRecorded) throw unauthorized(passkeyMessages.notVerified);
  await refundLimits(context.db, [...perAddress, [signInChallengesPerAddress, ip]]);
  await admitLocalSignIn(context, user);
  return user;
}
