import type { OrganizationChange } from '#domain/realtime.ts';

/** Who is looking: the organization the dashboard shows and the signed-in user. */
export interface LiveScope {
  organizationId: string;
  userId: string;
}

const includes = (ids: readonly string[] | null, id: unknown) => ids === null || ids.includes(id as string);

/** A change to bookings on these dates: does a read of [start, end] show any of them? */
function touchesRange(change: Extract<OrganizationChange, { kind: 'bookings' }>, start: unknown, end: unknown) {
  if (typeof start !== 'string' || typeof end !== 'string') return true;
  if (end < change.fromDate) return false;
  return change.hasPermanent || start <= change.toDate;
}

/** What an assigned desk's booking shows of its released days (issue 29), as My Bookings and the releases read hold it. */
interface AssignedDeskData {
  organizationId?: unknown;
  userId?: unknown;
  status?: unknown;
  isAssigned?: unknown;
  releases?: ReadonlyArray<{ startDate: string; endDate: string }>;
}

/**
 * Whether the bookings changed on any day the assigned desk's owner released (issue 29): someone booked one, or
 * cancelled theirs. Such a booking is announced naming its booker only; the desk's released days say which are taken.
 */
function touchesReleasedDays(change: Extract<OrganizationChange, { kind: 'bookings' }>, booking: AssignedDeskData) {
  if (booking.isAssigned !== true || booking.status !== 'active' || !Array.isArray(booking.releases)) return false;
  return booking.releases.some((release) => touchesRange(change, release.startDate, release.endDate));
}

const auditedKinds = new Set<OrganizationChange['kind']>([
  'members',
  'invitations',
  'desks',
  'floors',
  'bookings',
  'subscription',
  'organization',
]);

/**
 * Bookings show desk, floor and member names: a rename changes every booking list. They also carry their site's times
 * (issue 28: startTime/endTime, startsAt/endsAt), which a change of a site's zone or hours moves: a site's row
 * announces the organization, and a floor moved to another site announces the floors.
 */
function changesBookingLists(change: OrganizationChange): boolean {
  return (
    (change.kind === 'desks' && change.renamed) ||
    change.kind === 'floors' ||
    change.kind === 'organization' ||
    (change.kind === 'members' && change.renamed === true)
  );
}

/**
 * Whether a cached query (by its key, the API path's segments) shows something the change altered. `data`, what the
 * query holds, decides the few reads whose key cannot: My Bookings and an assigned desk's releases (issue 29).
 * Keys of the browser's reads: /api/organizations[/id[/floors|desks|members[/me]|invitations|subscription|
 * audit-log|booking-rules|amenities|bookings/start/end|analytics/start/end]], /api/floors/id/desks, /api/users/bookings/orgId, /api/desks/id/availability/date,
 * /api/desks/id/here, /api/bookings/id/releases.
 */
export function isAffectedBy(
  change: OrganizationChange,
  key: readonly unknown[],
  scope: LiveScope,
  data?: unknown,
): boolean {
  const [root, id, part, ...rest] = key;
  const concernsMe = change.kind === 'members' && includes(change.userIds, scope.userId);
  if (root === '/api/organizations') {
    // The list and one organization: name, floor plan, zoom, subscription, and my role in it.
    if (id === undefined || part === undefined) {
      return (
        (id === undefined || id === change.organizationId) &&
        (change.kind === 'organization' || change.kind === 'subscription' || concernsMe)
      );
    }
    if (id !== change.organizationId) return false;
    switch (part) {
      case 'floors':
        return change.kind === 'floors';
      case 'desks':
        return change.kind === 'desks';
      case 'members':
        return change.kind === 'members';
      case 'invitations':
        return change.kind === 'invitations';
      case 'sites':
        // Issue 28: a site's row announces the organization; its floor count changes with the floors.
        return change.kind === 'organization' || change.kind === 'floors';
      case 'teams':
        // Issue 29: a team's rows and its people announce the organization (migration 0026); a removed member
        // leaves their teams.
        return change.kind === 'organization' || change.kind === 'members';
      case 'booking-rules':
      case 'amenities':
        // The rules and the amenity list live on the organization's row: changing them announces the organization.
        return change.kind === 'organization';
      case 'subscription':
        // Seats used and pending invitations are part of it.
        return change.kind === 'subscription' || change.kind === 'members' || change.kind === 'invitations';
      case 'bookings':
        return change.kind === 'bookings' ? touchesRange(change, rest[0], rest[1]) : changesBookingLists(change);
      case 'week':
        // Issue 29: who is in that week (any booking), names (renamed members, hidden names) and teams (members).
        return change.kind === 'bookings' || change.kind === 'members' || changesBookingLists(change);
      case 'following':
        // A followed person who left, or names hidden.
        return change.kind === 'members' || change.kind === 'organization';
      case 'analytics':
        // Issue 17: bookings of its dates, desks and floors (added, deleted, out of service, renamed), and the
        // organization's row (its zone and check-in setting). Members and invitations change no figure.
        if (change.kind === 'bookings') return touchesRange(change, rest[0], rest[1]);
        return change.kind === 'desks' || change.kind === 'floors' || change.kind === 'organization';
      case 'audit-log':
        // Only admins read the log (the server refuses everyone else), so only an admin's cache holds it. Each
        // of these kinds can come with an audited action (a role change, a revoked invitation, a desk made, moved
        // or deleted, a floor added, renamed or deleted, a zoom or floor plan saved, a booking an admin cancelled,
        // a plan change, changed booking rules or amenities).
        return auditedKinds.has(change.kind);
      default:
        return false;
    }
  }
  // Issue 29: who is in a team (GET /api/teams/{teamId}/members).
  if (root === '/api/teams' && part === 'members') return change.kind === 'organization' || change.kind === 'members';
  if (root === '/api/floors' && part === 'desks') {
    return change.kind === 'desks' && includes(change.floorIds, id);
  }
  // Issue 29: a neighbourhood's row announces its floor; a desk joining or leaving one announces the floor's desks; a
  // team renamed or deleted (the names judged and shown) announces the organization.
  if (root === '/api/floors' && part === 'neighbourhoods') {
    return (
      ((change.kind === 'floors' || change.kind === 'desks') && includes(change.floorIds, id)) ||
      change.kind === 'organization'
    );
  }
  if (root === '/api/users/bookings') {
    if (id !== change.organizationId) return false;
    if (change.kind !== 'bookings') return changesBookingLists(change);
    const mine = Array.isArray(data) ? (data as AssignedDeskData[]) : [];
    return includes(change.userIds, scope.userId) || mine.some((booking) => touchesReleasedDays(change, booking));
  }
  // Issue 29: an assigned desk's releases (GET /api/bookings/{id}/releases): its owner's changes (releasing and taking
  // back days rewrite the permanent booking) and bookings of its released days; not read yet, anything may matter.
  if (root === '/api/bookings' && part === 'releases') {
    const booking = (data as { booking?: AssignedDeskData } | undefined)?.booking;
    if (!booking) return change.kind === 'bookings' || changesBookingLists(change);
    if (booking.organizationId !== change.organizationId) return false;
    if (change.kind !== 'bookings') return changesBookingLists(change);
    return includes(change.userIds, booking.userId) || touchesReleasedDays(change, booking);
  }
  if (root === '/api/desks' && part === 'availability') {
    return change.kind === 'bookings' && touchesRange(change, rest[0], rest[0]);
  }
  // The desk's own page (issue 16): today's bookings of its floor, the desk, its floor and organization, my membership.
  if (root === '/api/desks' && part === 'here') return change.kind !== 'invitations' && change.kind !== 'subscription';
  return false;
}

/** After a gap in the stream: every read of the organization, whatever changed. */
export function isOrganizationQuery(key: readonly unknown[], scope: LiveScope): boolean {
  const [root, id] = key;
  if (root === '/api/organizations') return id === undefined || id === scope.organizationId;
  if (root === '/api/users/bookings') return id === scope.organizationId;
  return root === '/api/floors' || root === '/api/desks' || root === '/api/teams' || root === '/api/bookings';
}
