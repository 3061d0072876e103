import { verify } from '@node-rs/argon2';
import { deletedUserLabel } from '#domain/audit.ts';
import { type DeleteAccountResponse, dataRightsMessages } from '#domain/data-rights.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { conflict, describeForLog, forbidden, notFound } from '#server/errors.ts';
import { deleteLocalSubscriptionsOfOrganizations } from '#server/payments/local-checkout/repo.ts';
import { listAuditEventsMentioning, recordAuditEvent, rewriteAuditEvents } from '../audit/repo.ts';
import { cancelUpcomingBookingsOfUser } from '../bookings/writes-repo.ts';
import { deleteInvitationsOfPerson } from '../invitations/repo.ts';
import { lockTeam } from '../members/repo.ts';
import { listPasskeysOf } from '../passkeys/repo.ts';
import { enforceLimits, type Limit } from '../rate-limits/service.ts';
import { listIdentityLinksOf } from '../sso/repo.ts';
import { floorPlanFoldersOf } from '../uploads/service.ts';
import { forgetPerson, mentionsOf } from './data-rights-forget.ts';
import * as repo from './data-rights-repo.ts';
import { forgetUserSessions } from './session-cache.ts';
import type { UserRow } from './user-row.ts';

/** A stolen session must not become a way to guess the password. */
const deletionAttempts: Limit = {
  name: 'delete-account',
  max: 10,
  windowSeconds: 15 * 60,
  message: 'Too many attempts to delete this account.',
};

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** Everything Perch holds about the signed-in user (the caller only; nothing of anyone else's account). */
export async function exportUserData(context: AppContext, userId: string) {
  const account = await repo.findAccount(context.db, userId);
  if (!account) throw notFound('Account not found.');
  const [memberships, bookings, invitations, sessions, actions, passkeys, ssoLinks] = await Promise.all([
    repo.listMemberships(context.db, userId),
    repo.listBookings(context.db, userId),
    repo.listInvitationsSent(context.db, userId),
    repo.listSessions(context.db, userId),
    repo.listAuditActionsBy(context.db, userId),
    listPasskeysOf(context.db, userId),
    listIdentityLinksOf(context.db, userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      profileImageUrl: account.profileImageUrl,
      emailVerifiedAt: iso(account.emailVerifiedAt),
      createdAt: iso(account.createdAt) ?? '',
      checkInReminders: account.checkInReminders,
      calendarFeedCreatedAt: iso(account.calendarFeedCreatedAt),
    },
    memberships: memberships.map((row) => ({
      organization: { id: row.organizationId, name: row.organizationName, slug: row.organizationSlug },
      role: row.role,
      joinedAt: iso(row.joinedAt) ?? '',
      homeSite: row.homeSite,
      teams: row.teams,
    })),
    bookings: bookings.map((row) => ({
      organization: row.organizationName,
      desk: row.deskName,
      floor: row.floorName,
      bookingDate: row.bookingDate,
      timeSlot: row.timeSlot,
      status: row.status,
      isPermanent: row.isPermanent,
      notes: row.notes,
      createdAt: iso(row.createdAt) ?? '',
      cancelledAt: iso(row.cancelledAt),
      checkedInAt: iso(row.checkedInAt),
      releasedAt: iso(row.releasedAt),
      isWalkIn: row.isWalkIn,
      deskDeleted: row.deskDeleted,
    })),
    invitationsSent: invitations.map((row) => ({
      organization: row.organizationName,
      email: row.email,
      role: row.role,
      createdAt: iso(row.createdAt) ?? '',
      sentAt: iso(row.sentAt) ?? '',
      expiresAt: iso(row.expiresAt) ?? '',
      acceptedAt: iso(row.acceptedAt),
      revokedAt: iso(row.revokedAt),
    })),
    sessions: sessions.map((row) => ({
      createdAt: iso(row.createdAt) ?? '',
      lastSeenAt: iso(row.lastSeenAt) ?? '',
      expiresAt: iso(row.expiresAt) ?? '',
      signInMethod: row.signInMethod,
    })),
    singleSignOnLinks: ssoLinks.map((row) => ({
      organization: row.organizationName,
      issuer: row.issuer,
      linkedBy: row.linkedBy,
      createdAt: iso(row.createdAt) ?? '',
    })),
    passkeys: passkeys.map((row) => ({
      name: row.name,
      createdAt: iso(row.createdAt) ?? '',
      lastUsedAt: iso(row.lastUsedAt),
    })),
    administratorActions: actions.map((row) => ({
      organization: row.organizationName,
      action: row.action,
      createdAt: iso(row.createdAt) ?? '',
    })),
  };
}

/**
 * The audit log keeps what was done, not who the person was: wherever an event names them (as its actor, or in
 * its details as member, owner or invitee), "a deleted user" takes the place of their name and e-mail.
 */
async function forgetInAuditLog(db: Database, user: UserRow): Promise<void> {
  const candidates = await listAuditEventsMentioning(db, user.id, mentionsOf(user));
  const rewritten = candidates.flatMap((event) => {
    const actorEmail = event.isByPerson ? deletedUserLabel : forgetPerson(event.actorEmail, user);
    const details = forgetPerson(event.details, user);
    const isChanged = actorEmail !== event.actorEmail || JSON.stringify(details) !== JSON.stringify(event.details);
    return isChanged ? [{ id: event.id, actorEmail, details }] : [];
  });
  await rewriteAuditEvents(db, rewritten);
}

/**
 * The signed-in user deletes their own account, confirmed with the password. In one transaction, under each
 * organization's team lock: refused (409) while they are the last admin of an organization with other
 * members, or while an organization of theirs alone still has a subscription the provider renews; their bookings
 * from today on and permanent ones are cancelled (cancelUpcomingBookingsOfUser: past ones stay); an organization
 * where they are the only member is deleted with everything in it (its local checkout and booking revisions
 * included); invitations to them go; the audit log keeps "a deleted user" where it named them; every session ends,
 * and their passkeys and pending passkey challenges go with the account row (ON DELETE CASCADE).
 * After the commit, the deleted organizations' floor-plan files are removed from the store. Other people's data
 * stays.
 */
export async function deleteAccount(
  context: AppContext,
  user: UserRow,
  password: string,
): Promise<DeleteAccountResponse> {
  await enforceLimits(context.db, [[deletionAttempts, user.id]]);
  const passwordHash = await repo.findPasswordHash(context.db, user.id);
  const isValid = passwordHash !== null && (await verify(passwordHash, password).catch(() => false));
  if (!isValid) throw forbidden(dataRightsMessages.wrongPassword);

  const { result, deletedIds } = await context.db.transaction(async (tx) => {
    // Team locks in one global order, so that two deletions never deadlock; then the counts are final.
    const organizationIds = (await repo.listMemberships(tx, user.id)).map((row) => row.organizationId).sort();
    for (const id of organizationIds) await lockTeam(tx, id);
    const memberships = await repo.listMemberships(tx, user.id);

    const blocking = memberships.find((row) => row.role === 'admin' && row.adminCount === 1 && row.memberCount > 1);
    if (blocking) throw conflict(dataRightsMessages.lastAdmin(blocking.organizationName));

    const soleMemberOf = memberships.filter((row) => row.memberCount === 1);
    const billed = soleMemberOf.find((row) => row.isBilled);
    if (billed) throw conflict(dataRightsMessages.stillBilled(billed.organizationName));
    const soleIds = soleMemberOf.map((row) => row.organizationId);
    const cancelled = await cancelUpcomingBookingsOfUser(tx, {
      userId: user.id,
      organizationId: null,
      cancelledBy: user.id,
    });
    const cancelledIn = (organizationId: string) =>
      cancelled.filter((booking) => booking.organizationId === organizationId).length;
    for (const row of memberships) {
      if (soleIds.includes(row.organizationId)) continue;
      await recordAuditEvent(tx, {
        organizationId: row.organizationId,
        actor: { id: user.id, email: deletedUserLabel },
        action: 'member.account_deleted',
        target: { type: 'user', id: user.id },
        details: {
          member: { name: deletedUserLabel },
          role: row.role,
          cancelledBookings: cancelledIn(row.organizationId),
        },
      });
    }
    await repo.deleteOrganizations(tx, soleIds);
    await deleteLocalSubscriptionsOfOrganizations(tx, soleIds);
    await deleteInvitationsOfPerson(tx, { userId: user.id, email: user.email });
    await forgetInAuditLog(tx, user);
    if (!(await repo.deleteUser(tx, user.id))) throw notFound('Account not found.');
    // Before the commit: no instance in this process answers the ended sessions from memory afterwards.
    forgetUserSessions(user.id);
    const cancelledBookings = cancelled.filter((row) => !soleIds.includes(row.organizationId)).length;
    return {
      deletedIds: soleIds,
      result: {
        message: dataRightsMessages.deleted,
        cancelledBookings,
        deletedOrganizations: soleMemberOf.map((row) => row.organizationName),
      },
    };
  });

  // The rows are gone; the files go after the commit. A store that fails leaves unreachable files, and says so.
  for (const organizationId of deletedIds) {
    for (const folder of floorPlanFoldersOf(organizationId)) {
      await context.objectStore.removeAll(folder).catch((error: unknown) => {
        context.log.error(
          { error: describeForLog(error), organizationId, folder },
          'a deleted organization’s floor-plan files could not be removed',
        );
      });
    }
  }
  return result;
}
