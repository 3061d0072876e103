import { hash, verify } from '@node-rs/argon2';
import {
  accountSettingsMessages,
  type ChangePasswordInput,
  type RequestEmailChangeInput,
  type UpdateNameInput,
} from '#domain/account-settings.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, badRequest, conflict, describeForLog } from '#server/errors.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { createToken, digestToken } from '#server/tokens.ts';
import { readFeedStatus } from '../calendar-feed/service.ts';
import { enforceLimits, type Limit } from '../rate-limits/service.ts';
import { emailChangeConfirmationMail, emailChangedMail, emailChangeRequestedMail } from './email-change-mails.ts';
import { passwordChangedMail } from './mails.ts';
import * as repo from './repo.ts';
import { hashOptions } from './service.ts';
import type { UserRow } from './user-row.ts';

// Issue 27: a signed-in person changes their own name, address and password. Authorization: every function acts on
// the user of the session that calls it (the routes pass requireUser's), and an address change only ever on the
// account its link was issued for.

const hour = 60 * 60 * 1000;

/** Each mails someone: bounds the mail one account can cause, as the password reset does. */
const emailChangesPerAccount: Limit = {
  name: 'email-change-account',
  max: 5,
  windowSeconds: 60 * 60,
  message: 'Too many email address changes for this account.',
};
/** A stolen session must not become a way to guess the password (as for deleting the account). */
const passwordChecksPerAccount: Limit = {
  name: 'account-password-check',
  max: 10,
  windowSeconds: 15 * 60,
  message: 'Too many password attempts for this account.',
};
// Links are 256-bit: this bounds the work one address can cause, not guessing.
const confirmationsPerIp: Limit = {
  name: 'email-change-confirm-ip',
  max: 20,
  windowSeconds: 15 * 60,
  message: 'Too many confirmation attempts from this network.',
};

export async function updateName(context: AppContext, user: UserRow, input: UpdateNameInput): Promise<UserRow> {
  return repo.updateName(context.db, user.id, {
    firstName: input.firstName || null,
    lastName: input.lastName || null,
  });
}

/**
 * The current password proves that the person at the keyboard owns the account, not just a session. Accounts made
 * through single sign-on or with a passkey alone have none: they are refused with the way to set one (a reset link
 * mailed to the current address), rather than letting a session alone change how the account is entered.
 */
async function confirmPassword(
  context: AppContext,
  userId: string,
  password: string,
  wrongMessage: string,
): Promise<UserRow> {
  await enforceLimits(context.db, [[passwordChecksPerAccount, userId]]);
  const user = await repo.findUserById(context.db, userId);
  if (!user) throw new Error(`no user ${userId}`);
  if (!user.passwordHash) throw badRequest(accountSettingsMessages.noPassword);
  const isValid = await verify(user.passwordHash, password).catch(() => false);
  if (!isValid) throw badRequest(wrongMessage);
  return user;
}

async function sendQuietly(context: AppContext, mail: MailMessage, what: string): Promise<void> {
  await context.mailer.send(mail).catch((error: unknown) => {
    context.log.error({ error: describeForLog(error) }, `${what} mail could not be sent`);
  });
}

/**
 * Mails a link to the new address (the only way the address changes) and tells the old one. A newer request voids
 * older links. The address must be free now (409); it is checked again when the link is followed.
 */
export async function requestEmailChange(
  context: AppContext,
  sessionUser: UserRow,
  input: RequestEmailChangeInput,
): Promise<void> {
  await enforceLimits(context.db, [[emailChangesPerAccount, sessionUser.id]]);
  const user = await confirmPassword(context, sessionUser.id, input.password, accountSettingsMessages.wrongPassword);
  if (input.newEmail === user.email) throw badRequest(accountSettingsMessages.sameEmail);
  if (await repo.findUserByEmail(context.db, input.newEmail)) throw conflict(accountSettingsMessages.emailTaken);
  const { token, digest } = createToken();
  await context.db.transaction(async (tx) => {
    await repo.useUpAccountTokensOfUser(tx, user.id, 'email-change');
    await repo.insertAccountToken(tx, {
      id: digest,
      userId: user.id,
      purpose: 'email-change',
      expiresAt: new Date(Date.now() + 24 * hour),
      newEmail: input.newEmail,
    });
  });
  const url = `${context.config.publicUrl}/confirm-email?token=${token}`;
  try {
    await context.mailer.send(emailChangeConfirmationMail(input.newEmail, url));
  } catch (error) {
    context.log.error({ error: describeForLog(error) }, 'email change confirmation mail could not be sent');
    throw new AppError(503, 'The confirmation email could not be sent. Please try again in a moment.', {
      headers: { 'retry-after': '60' },
    });
  }
  await sendQuietly(context, emailChangeRequestedMail(user.email, input.newEmail), 'email change notice');
}

/**
 * Follows a link from the new address, signed in or not, and changes the address of the account the link was issued
 * for, whoever's session sends it. The link is single use; 409 when another account took the address meanwhile. Links
 * mailed to the old address (password reset, confirmation) die with it, and so do identities of single sign-on
 * waiting to be linked because a provider asserted the old address. Sessions stay: the credentials did not change,
 * and the old address is told.
 */
export async function confirmEmailChange(context: AppContext, token: string, ip: string): Promise<UserRow> {
  await enforceLimits(context.db, [[confirmationsPerIp, ip]]);
  const changed = await context.db.transaction(async (tx) => {
    const link = await repo.consumeEmailChangeToken(tx, digestToken(token));
    if (!link) throw badRequest(accountSettingsMessages.emailChangeLinkInvalid);
    const before = await repo.findUserById(tx, link.userId);
    if (!before) throw badRequest(accountSettingsMessages.emailChangeLinkInvalid);
    const after = await repo.updateEmail(tx, link.userId, link.newEmail);
    if (!after) throw conflict(accountSettingsMessages.emailTaken);
    await repo.useUpAccountTokensOfUser(tx, link.userId, 'password-reset');
    await repo.useUpAccountTokensOfUser(tx, link.userId, 'email-verification');
    await repo.deletePendingSsoLinksOfUser(tx, link.userId);
    return { before, after };
  });
  await sendQuietly(context, emailChangedMail(changed.before.email, changed.after.email), 'email changed notice');
  return changed.after;
}

/**
 * Needs the current password; the person's other sessions end (whoever held the old password may hold them), this
 * one stays. Older reset links and a pending address change are voided, and the address is told.
 */
export async function changePassword(
  context: AppContext,
  sessionUser: UserRow,
  input: ChangePasswordInput,
  currentSessionId: string,
): Promise<void> {
  const user = await confirmPassword(
    context,
    sessionUser.id,
    input.currentPassword,
    accountSettingsMessages.wrongCurrentPassword,
  );
  const passwordHash = await hash(input.newPassword, hashOptions);
  await context.db.transaction(async (tx) => {
    await repo.updatePassword(tx, user.id, passwordHash);
    await repo.useUpAccountTokensOfUser(tx, user.id, 'password-reset');
    await repo.useUpAccountTokensOfUser(tx, user.id, 'email-change');
    await repo.deleteSessionsOfUser(tx, user.id, currentSessionId);
  });
  const feed = await readFeedStatus(context, user.id);
  const mail = passwordChangedMail(user.email, {
    hasCalendarFeed: feed.exists,
    publicUrl: context.config.publicUrl,
    changedIn: 'account-settings',
  });
  await sendQuietly(context, mail, 'password changed');
}
