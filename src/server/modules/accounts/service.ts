import { hash, verify } from '@node-rs/argon2';
import type { LoginInput, RegisterInput } from '#domain/account.ts';
import { accountMessages } from '#domain/account.ts';
import { ssoMessages } from '#domain/sso.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, badRequest, conflict, describeForLog, unauthorized } from '#server/errors.ts';
import { createToken, digestToken } from '#server/tokens.ts';
import { readFeedStatus } from '../calendar-feed/service.ts';
import { enforceLimits, limits } from '../rate-limits/service.ts';
import { beginSignInAttempt } from '../rate-limits/sign-in.ts';
import { isMemberWhereSsoIsRequired } from '../sso/repo.ts';
import { passwordChangedMail, passwordResetMail, verificationMail } from './mails.ts';
import * as repo from './repo.ts';
import type { UserRow } from './user-row.ts';

const hour = 60 * 60 * 1000;
// argon2id with OWASP's second recommended profile (19 MiB, 2 passes).
export const hashOptions = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Verified against when the e-mail is unknown, so both failures take the same time.
const dummyHash = hash('perch-timing-equaliser', hashOptions);

export const resetLinkInvalid = 'This password reset link is invalid or has expired.';

export type RegisterResult = { requiresVerification: true } | { requiresVerification: false; user: UserRow };

/** Anyone may register; the e-mail must be new. */
export async function register(context: AppContext, input: RegisterInput, ip: string): Promise<RegisterResult> {
  await enforceLimits(context.db, [[limits.registerPerIp, ip]]);
  const verifying = context.config.requireEmailVerification;
  const user = await repo.insertUser(context.db, {
    email: input.email,
    passwordHash: await hash(input.password, hashOptions),
    firstName: input.firstName || null,
    lastName: input.lastName || null,
    emailVerifiedAt: verifying ? null : new Date(),
  });
  if (!user) throw conflict('An account with this email already exists. Please sign in instead.');
  if (!verifying) return { requiresVerification: false, user };
  // The account exists either way; if the mail cannot go out now, signing in sends a new link.
  await sendVerification(context, user).catch((error: unknown) => {
    context.log.error({ error: describeForLog(error) }, 'verification mail could not be sent');
  });
  return { requiresVerification: true };
}

/**
 * Sign-in: the same answer for an unknown e-mail and a wrong password. Throttled by address and by account and
 * address; failures on the account from anywhere only slow it down (rate-limits/sign-in.ts).
 */
export async function authenticate(context: AppContext, input: LoginInput, ip: string): Promise<UserRow> {
  const attempt = await beginSignInAttempt(context.db, { email: input.email, ip });
  const user = await repo.findUserByEmail(context.db, input.email);
  const isValid = await verify(user?.passwordHash ?? (await dummyHash), input.password).catch(() => false);
  if (!user?.passwordHash || !isValid) throw unauthorized(accountMessages.invalidCredentials);
  await attempt.succeeded();
  await admitLocalSignIn(context, user);
  return user;
}

/**
 * Every way of signing in that Perch checks itself (a password, a passkey) ends here once it has proved who the
 * person is, so the answer reveals nothing to someone guessing:
 * - a member of an organization that requires single sign-on is sent to it (admins keep these ways back in for when
 *   the provider fails);
 * - while e-mail verification is on, an unconfirmed address gets a new link and 403 instead of a session.
 */
export async function admitLocalSignIn(context: AppContext, user: UserRow): Promise<void> {
  const refusal = await refusalOfLocalSignIn(context, user);
  if (refusal === 'sso-required') {
    throw new AppError(403, ssoMessages.requiredForMembers, { code: 'SSO_REQUIRED' });
  }
  if (refusal !== 'email-not-verified') return;
  await sendVerification(context, user);
  throw new AppError(403, 'Please confirm your email address first. We have sent you a new confirmation link.', {
    code: 'EMAIL_NOT_VERIFIED',
  });
}

/** Why admitLocalSignIn would refuse this person a session now, if it would; asked without side effects. */
async function refusalOfLocalSignIn(
  context: AppContext,
  user: UserRow,
): Promise<'sso-required' | 'email-not-verified' | undefined> {
  if (await isMemberWhereSsoIsRequired(context.db, user.id)) return 'sso-required';
  if (context.config.requireEmailVerification && !user.emailVerifiedAt) return 'email-not-verified';
  return undefined;
}

/** Always answers the same, whether or not the address has an account; the mail goes out in the background. */
export async function requestPasswordReset(context: AppContext, email: string, ip: string): Promise<void> {
  await enforceLimits(context.db, [
    [limits.forgotPerIp, ip],
    [limits.forgotPerAccount, email],
  ]);
  const user = await repo.findUserByEmail(context.db, email);
  if (!user) return;
  const { token, digest } = createToken();
  await repo.insertAccountToken(context.db, {
    id: digest,
    userId: user.id,
    purpose: 'password-reset',
    expiresAt: new Date(Date.now() + hour),
  });
  const url = `${context.config.publicUrl}/reset-password?token=${token}`;
  context.mailer.send(passwordResetMail(user.email, url)).catch((error: unknown) => {
    context.log.error({ error: describeForLog(error) }, 'password reset mail could not be sent');
  });
}

export async function checkResetToken(context: AppContext, token: string): Promise<void> {
  const live = await repo.findLiveAccountToken(context.db, digestToken(token), 'password-reset');
  if (!live) throw badRequest(resetLinkInvalid);
}

export interface PasswordReset {
  user: UserRow;
  /** Whether the reset may sign the person in: when a password sign-in would be admitted (admitLocalSignIn). */
  isAdmitted: boolean;
  /** Whether they have a calendar feed, whose address a new password leaves working (issue 26). */
  hasCalendarFeed: boolean;
}

/**
 * Single use, and voids the user's other reset links; ends every other session of the user,
 * since whoever held the old password may hold them. The link is checked before the new password is hashed, so
 * a made-up link costs no argon2 work; the consuming transaction checks it again. The address is then told that the
 * password changed, and whether a calendar feed's address still works.
 */
export async function resetPassword(
  context: AppContext,
  input: { token: string; newPassword: string },
  ip: string,
  currentSessionId: string | undefined,
): Promise<PasswordReset> {
  await enforceLimits(context.db, [[limits.resetPerIp, ip]]);
  await checkResetToken(context, input.token);
  const passwordHash = await hash(input.newPassword, hashOptions);
  const user = await context.db.transaction(async (tx) => {
    const userId = await repo.consumeAccountToken(tx, digestToken(input.token), 'password-reset');
    if (!userId) throw badRequest(resetLinkInvalid);
    const updated = await repo.updatePassword(tx, userId, passwordHash);
    await repo.useUpAccountTokensOfUser(tx, userId, 'password-reset');
    // Issue 27: a pending address change was asked for with the old password: it goes with it.
    await repo.useUpAccountTokensOfUser(tx, userId, 'email-change');
    await repo.deleteSessionsOfUser(tx, userId, currentSessionId);
    return updated;
  });
  const [refusal, feed] = await Promise.all([refusalOfLocalSignIn(context, user), readFeedStatus(context, user.id)]);
  const mail = passwordChangedMail(user.email, {
    hasCalendarFeed: feed.exists,
    publicUrl: context.config.publicUrl,
  });
  context.mailer.send(mail).catch((error: unknown) => {
    context.log.error({ error: describeForLog(error) }, 'password changed mail could not be sent');
  });
  return { user, isAdmitted: refusal === undefined, hasCalendarFeed: feed.exists };
}

/** Confirms the address behind a verification link; answers the user id, or undefined for a bad link. */
export async function verifyEmail(context: AppContext, token: string): Promise<string | undefined> {
  if (token.length > 200) return undefined;
  return context.db.transaction(async (tx) => {
    const userId = await repo.consumeAccountToken(tx, digestToken(token), 'email-verification');
    if (userId) await repo.markEmailVerified(tx, userId);
    return userId;
  });
}

async function sendVerification(context: AppContext, user: UserRow): Promise<void> {
  const { token, digest } = createToken();
  await repo.insertAccountToken(context.db, {
    id: digest,
    userId: user.id,
    purpose: 'email-verification',
    expiresAt: new Date(Date.now() + 24 * hour),
  });
  await context.mailer.send(verificationMail(user.email, `${context.config.publicUrl}/api/verify-email/${token}`));
}
