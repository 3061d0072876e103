import { hash, verify } from '@node-rs/argon2';
import { accountMessages } from '#domain/account.ts';
import { type InvitationDetails, type InvitationSignupInput, teamMessages } from '#domain/team.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized, unprocessable } from '#server/errors.ts';
import { digestToken } from '#server/tokens.ts';
import * as accounts from '../accounts/repo.ts';
import { hashOptions } from '../accounts/service.ts';
import type { UserRow } from '../accounts/user-row.ts';
import * as members from '../members/repo.ts';
import { platformMessages, seatLimitOf } from '../organizations/service.ts';
import { beginSignInAttempt } from '../rate-limits/sign-in.ts';
import * as repo from './repo.ts';

async function findPending(db: Database, token: string): Promise<repo.LiveInvitation> {
  const found = token.length <= 200 ? await repo.findPendingInvitationByDigest(db, digestToken(token)) : undefined;
  if (!found) throw notFound(teamMessages.invitationNotFound);
  return found;
}

/** An invitation into the platform organization made before they were refused can be neither read nor used (403). */
function refuseThePlatform(context: AppContext, invitation: repo.LiveInvitation['invitation']): void {
  if (invitation.organizationId === context.config.platformOrganizationId) {
    throw forbidden(platformMessages.noJoining);
  }
}

/** Public: whoever holds the link may read it. Unknown, expired, used and revoked links are all 404. */
export async function findInvitationDetails(context: AppContext, token: string): Promise<InvitationDetails> {
  const { invitation, organizationName } = await findPending(context.db, token);
  refuseThePlatform(context, invitation);
  const account = await accounts.findUserByEmail(context.db, invitation.email);
  return { organizationName, role: invitation.role, email: invitation.email, hasAccount: account !== undefined };
}

/**
 * The password of the account being created, or proof of the one that exists under sign-in's rules and limits
 * (401; 429 for an address that has guessed too often): a link must not become a way around them.
 */
async function checkCredentials(
  context: AppContext,
  input: InvitationSignupInput,
  account: UserRow | undefined,
  ip: string,
) {
  if (account) {
    const attempt = await beginSignInAttempt(context.db, { email: account.email, ip });
    const isValid = account.passwordHash
      ? await verify(account.passwordHash, input.password).catch(() => false)
      : false;
    if (!isValid) throw unauthorized(accountMessages.invalidCredentials);
    await attempt.succeeded();
    return undefined;
  }
  if (!input.firstName) throw badRequest(`${teamMessages.firstNameRequired} (firstName)`);
  if (!input.lastName) throw badRequest(`${teamMessages.lastNameRequired} (lastName)`);
  if (input.password.length < 8) throw badRequest(`${teamMessages.passwordTooShort} (password)`);
  return hash(input.password, hashOptions);
}

/**
 * Public: the link itself is the authorization. Creates the account with the invited address (verified:
 * the mail proved it) or, when one exists, attaches it after its password is proven; adds the membership
 * with the invited role, uses the invitation up and signs in, all in one transaction. The plan's user
 * limit is checked again here (422).
 */
export async function acceptInvitation(
  context: AppContext,
  input: InvitationSignupInput,
  ip: string,
  signIn: (db: Database, userId: string) => Promise<void>,
): Promise<UserRow> {
  const { invitation } = await findPending(context.db, input.token);
  refuseThePlatform(context, invitation);
  const account = await accounts.findUserByEmail(context.db, invitation.email);
  const passwordHash = await checkCredentials(context, input, account, ip);

  return context.db.transaction(async (tx) => {
    await members.lockTeam(tx, invitation.organizationId);
    const live = await findPending(tx, input.token);
    if (live.invitation.id !== invitation.id) throw notFound(teamMessages.invitationNotFound);
    const user = account ?? (await createInvitedUser(tx, invitation.email, input, passwordHash));
    if (account) {
      if (await members.findMember(tx, invitation.organizationId, account.id))
        throw conflict(teamMessages.alreadyJoined);
      await accounts.markEmailVerified(tx, account.id);
    }
    if ((await members.countMembers(tx, invitation.organizationId)) >= seatLimitOf(live.maxUsers, context.config)) {
      throw unprocessable(teamMessages.organizationFull);
    }
    await members.insertMembership(tx, {
      organizationId: invitation.organizationId,
      userId: user.id,
      role: live.invitation.role,
    });
    if (!(await repo.markAccepted(tx, invitation.id, user.id))) throw notFound(teamMessages.invitationNotFound);
    await signIn(tx, user.id);
    return user;
  });
}

async function createInvitedUser(
  db: Database,
  email: string,
  input: InvitationSignupInput,
  passwordHash: string | undefined,
): Promise<UserRow> {
  if (!passwordHash) throw new Error('a new account needs its password hash');
  const created = await accounts.insertUser(db, {
    email,
    passwordHash,
    firstName: input.firstName || null,
    lastName: input.lastName || null,
    emailVerifiedAt: new Date(),
  });
  // Someone registered this address between the check above and now: they must sign in instead.
  if (!created) throw conflict('An account with this email already exists. Please sign in instead.');
  return created;
}
