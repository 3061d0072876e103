import { displayName } from '#domain/account.ts';
import { isUuid } from '#domain/ids.ts';
import { isSubscriptionEnabled } from '#domain/subscription.ts';
import {
  type InvitationView,
  type InviteError,
  type InviteInput,
  type InviteResult,
  invitationLifetimeDays,
  inviteResultMessage,
  isValidEmail,
  teamMessages,
} from '#domain/team.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { AppError, conflict, describeForLog, forbidden, notFound, unprocessable } from '#server/errors.ts';
import { createToken } from '#server/tokens.ts';
import type { UserRow } from '../accounts/user-row.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { countMembers, lockTeam } from '../members/repo.ts';
import { platformMessages, requireAdmin, toSubscription } from '../organizations/service.ts';
import { enforceLimits, type Limit } from '../rate-limits/service.ts';
import { invitationMail } from './mails.ts';
import * as repo from './repo.ts';

const day = 24 * 60 * 60 * 1000;
// Mail goes out a few at a time: a batch of 200 must not open 200 SMTP connections at once.
const mailConcurrency = 4;

/** Each address invited or re-sent counts once: enough for onboarding a whole office, not for spamming. */
export const invitesPerOrganization: Limit = {
  name: 'invite-organization',
  max: 200,
  windowSeconds: 60 * 60,
  message: 'Too many invitations from this organization.',
};

/** The same for one person, across every organization it administers: new organizations do not make a new budget. */
export const invitesPerUser: Limit = {
  name: 'invite-user',
  max: 200,
  windowSeconds: 60 * 60,
  message: 'You have sent too many invitations in the last hour.',
};

export function toInvitationView(row: repo.InvitationRow): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

interface Outgoing {
  email: string;
  token: string;
  role: InvitationView['role'];
}

/**
 * Admin and an enabled subscription (spec section 4): what inviting and re-sending need. Never into the platform
 * organization: platform administration comes only from `npm run platform-admin` (403).
 */
async function requireInviter(context: AppContext, organizationId: string, userId: string) {
  const found = await requireAdmin(context, organizationId, userId);
  if (found.organization.id === context.config.platformOrganizationId) {
    throw forbidden(platformMessages.noInvitations);
  }
  if (!isSubscriptionEnabled(toSubscription(found.subscription, context.config), new Date())) {
    throw unprocessable(teamMessages.subscribeToInvite);
  }
  return found;
}

/** Members plus pending invitations, against the plan's maximum. */
async function seatsLeft(db: Database, organizationId: string, maxUsers: number): Promise<number> {
  const taken = (await countMembers(db, organizationId)) + (await repo.countPendingInvitations(db, organizationId));
  return maxUsers - taken;
}

/**
 * Admins with an enabled subscription (requireInviter). Each address succeeds or fails on its own:
 * invalid, already a member, or past the plan's limit counting pending invitations. An address with an
 * open invitation gets it again with a fresh link (a pending one takes no new seat; an expired one does).
 */
export async function invite(
  context: AppContext,
  admin: UserRow,
  organizationId: string,
  input: InviteInput,
): Promise<InviteResult> {
  const { organization, subscription } = await requireInviter(context, organizationId, admin.id);
  await enforceLimits(context.db, [
    [invitesPerOrganization, organization.id, input.emails.length],
    [invitesPerUser, admin.id, input.emails.length],
  ]);
  const maxUsers = toSubscription(subscription, context.config).maxUsers;
  const errors: InviteError[] = [];
  const outgoing: Outgoing[] = [];
  const valid = input.emails.filter(isValidEmail);

  await context.db.transaction(async (tx) => {
    await lockTeam(tx, organization.id);
    const memberEmails = await repo.findMemberEmails(tx, organization.id, valid);
    const open = await repo.findOpenInvitationsByEmail(tx, organization.id, valid);
    let seats = await seatsLeft(tx, organization.id, maxUsers);
    const expiresAt = new Date(Date.now() + invitationLifetimeDays * day);
    for (const email of input.emails) {
      if (!isValidEmail(email)) {
        errors.push({ email, message: teamMessages.invalidAddress });
        continue;
      }
      if (memberEmails.has(email)) {
        errors.push({ email, message: teamMessages.alreadyMember });
        continue;
      }
      const existing = open.get(email);
      const isPending = existing !== undefined && existing.expiresAt.getTime() > Date.now();
      if (!isPending && seats <= 0) {
        errors.push({ email, message: teamMessages.upgradeToInvite });
        continue;
      }
      if (!isPending) seats -= 1;
      const { token, digest } = createToken();
      const values = { tokenDigest: digest, expiresAt, role: input.role, invitedBy: admin.id };
      const invitation = existing
        ? await repo.renewInvitation(tx, existing.id, values)
        : await repo.insertInvitation(tx, { ...values, organizationId: organization.id, email });
      await recordAuditEvent(tx, {
        organizationId: organization.id,
        actor: admin,
        action: 'invitation.sent',
        target: { type: 'invitation', id: invitation.id },
        details: { email, role: input.role },
      });
      outgoing.push({ email, token, role: input.role });
    }
  });

  const failedMail = await sendInvitationMails(context, admin, organization.name, outgoing);
  for (const email of failedMail) errors.push({ email, message: teamMessages.mailFailed });
  const sent = outgoing.length - failedMail.length;
  return { message: inviteResultMessage(sent, errors.length), summary: { sent, failed: errors.length }, errors };
}

/** Sends one mail per invitation; answers the addresses whose mail could not be sent. */
async function sendInvitationMails(
  context: AppContext,
  admin: UserRow,
  organizationName: string,
  outgoing: Outgoing[],
): Promise<string[]> {
  const failed: string[] = [];
  const queue = [...outgoing];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const mail = invitationMail(next.email, {
        organizationName,
        inviterName: displayName(admin),
        role: next.role,
        url: `${context.config.publicUrl}/signup?token=${next.token}`,
      });
      try {
        await context.mailer.send(mail);
      } catch (error) {
        context.log.error({ error: describeForLog(error) }, 'invitation mail could not be sent');
        failed.push(next.email);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(mailConcurrency, outgoing.length) }, worker));
  return failed;
}

/** Admins only (requireAdmin): the invitations still waiting for an answer. */
export async function listInvitations(
  context: AppContext,
  userId: string,
  organizationId: string,
): Promise<InvitationView[]> {
  const { organization } = await requireAdmin(context, organizationId, userId);
  return (await repo.listPendingInvitations(context.db, organization.id)).map(toInvitationView);
}

/** Admins only (requireAdmin): the link stops working at once. */
export async function revokeInvitation(
  context: AppContext,
  userId: string,
  organizationId: string,
  invitationId: string,
): Promise<{ message: string }> {
  const { organization } = await requireAdmin(context, organizationId, userId);
  if (!isUuid(invitationId)) throw notFound(teamMessages.invitationNotFound);
  await context.db.transaction(async (tx) => {
    const open = await repo.findOpenInvitation(tx, organization.id, invitationId);
    if (!open || !(await repo.revokeInvitation(tx, organization.id, invitationId))) {
      throw notFound(teamMessages.invitationNotFound);
    }
    await recordAuditEvent(tx, {
      organizationId: organization.id,
      actor: { id: userId },
      action: 'invitation.revoked',
      target: { type: 'invitation', id: invitationId },
      details: { email: open.email, role: open.role },
    });
  });
  return { message: 'Invitation revoked.' };
}

/** Admins with an enabled subscription (requireInviter): a new link and expiry, mailed again. */
export async function resendInvitation(
  context: AppContext,
  admin: UserRow,
  organizationId: string,
  invitationId: string,
): Promise<{ message: string; invitation: InvitationView }> {
  const { organization, subscription } = await requireInviter(context, organizationId, admin.id);
  if (!isUuid(invitationId)) throw notFound(teamMessages.invitationNotFound);
  await enforceLimits(context.db, [
    [invitesPerOrganization, organization.id, 1],
    [invitesPerUser, admin.id, 1],
  ]);
  const maxUsers = toSubscription(subscription, context.config).maxUsers;
  const { token, renewed } = await context.db.transaction(async (tx) => {
    await lockTeam(tx, organization.id);
    const existing = await repo.findOpenInvitation(tx, organization.id, invitationId);
    if (!existing) throw notFound(teamMessages.invitationNotFound);
    if ((await repo.findMemberEmails(tx, organization.id, [existing.email])).size > 0) {
      throw conflict(teamMessages.alreadyMember);
    }
    const isPending = existing.expiresAt.getTime() > Date.now();
    if (!isPending && (await seatsLeft(tx, organization.id, maxUsers)) <= 0) {
      throw unprocessable(teamMessages.upgradeToInvite);
    }
    const link = createToken();
    const values = {
      tokenDigest: link.digest,
      expiresAt: new Date(Date.now() + invitationLifetimeDays * day),
      role: existing.role,
      invitedBy: admin.id,
    };
    const renewed = await repo.renewInvitation(tx, existing.id, values);
    await recordAuditEvent(tx, {
      organizationId: organization.id,
      actor: admin,
      action: 'invitation.resent',
      target: { type: 'invitation', id: renewed.id },
      details: { email: renewed.email, role: renewed.role },
    });
    return { token: link.token, renewed };
  });
  const failed = await sendInvitationMails(context, admin, organization.name, [
    { email: renewed.email, token, role: renewed.role },
  ]);
  if (failed.length > 0) {
    throw new AppError(503, 'The invitation email could not be sent. Please try again in a moment.', {
      headers: { 'retry-after': '60' },
    });
  }
  return { message: `Invitation sent again to ${renewed.email}.`, invitation: toInvitationView(renewed) };
}
