import { displayName } from '#domain/account.ts';
import { isUuid } from '#domain/ids.ts';
import type { Role } from '#domain/organization.ts';
import { type MemberView, type RemoveMemberResult, teamMessages } from '#domain/team.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { conflict, forbidden, notFound } from '#server/errors.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { cancelUpcomingBookingsOfUser } from '../bookings/writes-repo.ts';
import type { OrganizationRow } from '../organizations/repo.ts';
import { findMemberOrganization, platformMessages, requireAdmin } from '../organizations/service.ts';
import * as repo from './repo.ts';

export function toMemberView(row: repo.MemberRow): MemberView {
  return { userId: row.userId, role: row.role, createdAt: row.createdAt.toISOString(), user: row.user };
}

/** Any member may read the team (checked by findMemberOrganization). */
export async function listMembers(context: AppContext, userId: string, organizationId: string): Promise<MemberView[]> {
  const { organization } = await findMemberOrganization(context, organizationId, userId);
  return (await repo.listMembers(context.db, organization.id)).map(toMemberView);
}

/** The caller's own member row; membership checked by findMemberOrganization. */
export async function findCurrentMember(
  context: AppContext,
  userId: string,
  organizationId: string,
): Promise<MemberView> {
  const { organization } = await findMemberOrganization(context, organizationId, userId);
  const row = await repo.findMember(context.db, organization.id, userId);
  if (!row) throw notFound('Organization not found.');
  return toMemberView(row);
}

interface OtherMember {
  adminId: string;
  organizationId: string;
  memberId: string;
  /** The 403's sentence when the admin names itself. */
  ownMessage: string;
}

interface LockedChange {
  organization: OrganizationRow;
  caller: repo.MemberRow;
  target: repo.MemberRow;
}

/**
 * An admin's change to another member: requireAdmin, never oneself (403 with `ownMessage`), then inside the team lock
 * the caller must still be an admin (another admin may have demoted it a moment ago) and the target must be a member.
 * `change` runs in the transaction that holds the lock.
 */
async function changeOtherMember<T>(
  context: AppContext,
  { adminId, organizationId, memberId, ownMessage }: OtherMember,
  change: (tx: Database, locked: LockedChange) => Promise<T>,
): Promise<T> {
  const { organization } = await requireAdmin(context, organizationId, adminId);
  if (!isUuid(memberId)) throw notFound(teamMessages.memberNotFound);
  if (memberId === adminId) throw forbidden(ownMessage);
  return context.db.transaction(async (tx) => {
    await repo.lockTeam(tx, organization.id);
    const caller = await repo.findMember(tx, organization.id, adminId);
    if (caller?.role !== 'admin') throw forbidden('Only administrators of this organization can do that.');
    const target = await repo.findMember(tx, organization.id, memberId);
    if (!target) throw notFound(teamMessages.memberNotFound);
    return change(tx, { organization, caller, target });
  });
}

/** Who a member event is about, as the audit log keeps it (the account may be deleted later). */
const auditedMember = (member: repo.MemberRow) => ({ name: displayName(member.user), email: member.user.email });

async function refuseLastAdmin(db: Database, organizationId: string, target: repo.MemberRow): Promise<void> {
  if (target.role === 'admin' && (await repo.countMembers(db, organizationId, 'admin')) <= 1) {
    throw conflict(teamMessages.lastAdmin);
  }
}

/**
 * Admins only (changeOtherMember); never one's own role; never the last admin; never
 * anyone to admin of the platform organization, whose admins only `npm run platform-admin` appoints (403).
 */
export async function changeRole(
  context: AppContext,
  adminId: string,
  organizationId: string,
  memberId: string,
  role: Role,
): Promise<MemberView> {
  const who = { adminId, organizationId, memberId, ownMessage: teamMessages.cannotChangeOwnRole };
  return changeOtherMember(context, who, async (tx, { organization, caller, target }) => {
    if (role === 'member') await refuseLastAdmin(tx, organization.id, target);
    const isPromotion = role === 'admin' && target.role !== 'admin';
    if (isPromotion && organization.id === context.config.platformOrganizationId) {
      throw forbidden(platformMessages.noPromotion);
    }
    await repo.updateRole(tx, organization.id, memberId, role);
    // Setting the role a member already has changes nothing, and records nothing.
    if (target.role === role) return toMemberView(target);
    await recordAuditEvent(tx, {
      organizationId: organization.id,
      actor: caller.user,
      action: 'member.role_changed',
      target: { type: 'user', id: memberId },
      details: { member: auditedMember(target), from: target.role, to: role },
    });
    return toMemberView({ ...target, role });
  });
}

/**
 * Admins only (changeOtherMember); never oneself; never the last admin.
 * The membership goes and that member's bookings here from today on and permanent ones are cancelled
 * (cancelUpcomingBookingsOfUser: past ones stay), in one transaction.
 */
export async function removeMember(
  context: AppContext,
  adminId: string,
  organizationId: string,
  memberId: string,
): Promise<RemoveMemberResult> {
  const who = { adminId, organizationId, memberId, ownMessage: teamMessages.cannotRemoveSelf };
  return changeOtherMember(context, who, async (tx, { organization, caller, target }) => {
    await refuseLastAdmin(tx, organization.id, target);
    const cancelled = await cancelUpcomingBookingsOfUser(tx, {
      userId: memberId,
      organizationId: organization.id,
      cancelledBy: adminId,
    });
    const cancelledBookings = cancelled.length;
    await repo.deleteMembership(tx, organization.id, memberId);
    await recordAuditEvent(tx, {
      organizationId: organization.id,
      actor: caller.user,
      action: 'member.removed',
      target: { type: 'user', id: memberId },
      details: { member: auditedMember(target), role: target.role, cancelledBookings },
    });
    const bookingsText = `${cancelledBookings} ${cancelledBookings === 1 ? 'booking was' : 'bookings were'} cancelled`;
    return {
      message: `${displayName(target.user)} was removed from ${organization.name}; ${bookingsText}.`,
      cancelledBookings,
    };
  });
}
