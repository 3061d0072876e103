import { hostOf, type SsoPendingLink } from '#domain/sso.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { describeForLog, forbidden, notFound } from '#server/errors.ts';
import { createToken, digestToken } from '#server/tokens.ts';
import { findUserById } from '../accounts/repo.ts';
import type { UserRow } from '../accounts/user-row.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { ssoLinkedMail } from './mails.ts';
import * as repo from './repo.ts';

// Linking an account to an organization's provider by the account's owner (issue 26, decision 023): when a provider
// asserts the address of an existing account outside the domains its organization verified, nothing changes, but the
// browser that made the sign-in may link it, for ten minutes, by signing in to that account with its own password or
// passkey and saying so. The sign-in page names the organization and the provider before anyone says yes.

const pendingMinutes = 10;

/** Keeps the identity waiting for its account's owner; answers the token for the browser's cookie. */
export async function keepPendingLink(
  db: Database,
  link: { organizationId: string; issuer: string; subject: string; userId: string },
): Promise<string> {
  const { token, digest } = createToken();
  await repo.insertPendingLink(db, {
    id: digest,
    ...link,
    expiresAt: new Date(Date.now() + pendingMinutes * 60_000),
  });
  return token;
}

/** What the sign-in page names before the owner links: the organization, its provider's host, the address. */
export async function describePendingLink(context: AppContext, token: string | undefined): Promise<SsoPendingLink> {
  const found = token && token.length <= 100 ? await repo.findPendingLink(context.db, digestToken(token)) : undefined;
  const user = found ? await findUserById(context.db, found.link.userId) : undefined;
  if (!found || !user) throw notFound(linkMessages.nothingWaiting);
  return { organizationName: found.organizationName, providerHost: hostOf(found.link.issuer), email: user.email };
}

/**
 * The owner asks to link, from a session they opened with their own password or passkey after the identity began to
 * wait, in the browser that holds it: the identity becomes the account's (audited in the organization, mailed to the
 * address). Anything else links nothing and answers 403 or 404 with a sentence.
 */
export async function linkPendingIdentity(
  context: AppContext,
  token: string | undefined,
  session: { user: UserRow; signInMethod: string; openedAt: Date },
): Promise<{ organizationName: string }> {
  const { user } = session;
  const waiting = token && token.length <= 100 ? await repo.findPendingLink(context.db, digestToken(token)) : undefined;
  if (!waiting || waiting.link.userId !== user.id) throw notFound(linkMessages.nothingWaiting);
  const linkedBy = session.signInMethod;
  const isOwnFreshSignIn =
    (linkedBy === 'password' || linkedBy === 'passkey') && session.openedAt >= waiting.link.createdAt;
  if (!isOwnFreshSignIn) throw forbidden(linkMessages.ownCredentials);
  const linked = await context.db.transaction(async (tx) => {
    const link = await repo.consumePendingLink(tx, waiting.link.id);
    if (!link) return undefined;
    const identity = { organizationId: link.organizationId, issuer: link.issuer, subject: link.subject };
    if (!(await repo.insertIdentityLink(tx, { ...identity, userId: user.id, linkedBy }))) return undefined;
    await recordAuditEvent(tx, {
      organizationId: link.organizationId,
      actor: { id: user.id },
      action: 'sso.account_linked',
      target: { type: 'user', id: user.id },
      details: { email: user.email, linkedBy },
    });
    return link;
  });
  if (!linked) throw notFound(linkMessages.nothingWaiting);
  const organization = await repo.findOrganizationByHandle(context.db, { id: linked.organizationId });
  const about = { organizationName: organization?.name ?? 'an organization', providerHost: hostOf(linked.issuer) };
  await context.mailer.send(ssoLinkedMail(user.email, about, context.config.publicUrl)).catch((error: unknown) => {
    context.log.warn({ error: describeForLog(error) }, 'single sign-on: the link mail failed');
  });
  return { organizationName: about.organizationName };
}

const linkMessages = {
  nothingWaiting: 'There is no single sign-on waiting to be linked to this account in this browser.',
  ownCredentials:
    'Sign in with your password or passkey first: only a sign-in of your own can link single sign-on to your account.',
};
