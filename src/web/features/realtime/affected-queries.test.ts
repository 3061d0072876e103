import { describe, expect, it } from 'vitest';
import type { OrganizationChange } from '#domain/realtime.ts';
import { isAffectedBy, isOrganizationQuery } from './affected-queries.ts';

const scope = { organizationId: 'org-1', userId: 'me' };
const booking = (values: Partial<Extract<OrganizationChange, { kind: 'bookings' }>> = {}): OrganizationChange => ({
  kind: 'bookings',
  organizationId: 'org-1',
  fromDate: '2030-03-04',
  toDate: '2030-03-06',
  hasPermanent: false,
  userIds: ['someone'],
  ...values,
});
/** The query key of the day view of an organization's bookings from one date to another. */
const dayView = (fromDate: string, toDate = fromDate, organizationId = 'org-1') => [
  '/api/organizations',
  organizationId,
  'bookings',
  fromDate,
  toDate,
];

describe('isAffectedBy', () => {
  it('refetches the day views whose dates the bookings touch, and no other day', () => {
    expect(isAffectedBy(booking(), dayView('2030-03-05'), scope)).toBe(true);
    expect(isAffectedBy(booking(), dayView('2030-03-07'), scope)).toBe(false);
    expect(isAffectedBy(booking(), dayView('2030-03-01', '2030-03-03'), scope)).toBe(false);
    expect(isAffectedBy(booking(), dayView('2030-03-05', '2030-03-05', 'org-2'), scope)).toBe(false);
  });

  it('refetches analytics for bookings of its dates and for any change of desks, floors or the organization', () => {
    const key = ['/api/organizations', 'org-1', 'analytics', '2030-02-01', '2030-03-04', 'startDate=…'];
    expect(isAffectedBy(booking(), key, scope)).toBe(true);
    expect(isAffectedBy(booking({ fromDate: '2030-03-05' }), key, scope)).toBe(false);
    const desks = { kind: 'desks', organizationId: 'org-1', floorIds: ['f'], renamed: false } as OrganizationChange;
    expect(isAffectedBy(desks, key, scope)).toBe(true);
    expect(isAffectedBy({ kind: 'organization', organizationId: 'org-1' } as OrganizationChange, key, scope)).toBe(
      true,
    );
    expect(isAffectedBy({ kind: 'invitations', organizationId: 'org-1' } as OrganizationChange, key, scope)).toBe(
      false,
    );
    expect(isAffectedBy(desks, ['/api/organizations', 'org-2', 'analytics', '2030-02-01', '2030-03-04'], scope)).toBe(
      false,
    );
  });

  it('counts a permanent booking on every later date, never on earlier ones', () => {
    const permanent = booking({ hasPermanent: true, toDate: '2030-03-04' });
    expect(isAffectedBy(permanent, dayView('2031-01-01'), scope)).toBe(true);
    expect(isAffectedBy(permanent, ['/api/desks', 'desk-1', 'availability', '2031-01-01'], scope)).toBe(true);
    expect(isAffectedBy(permanent, ['/api/desks', 'desk-1', 'availability', '2030-03-03'], scope)).toBe(false);
  });

  it("refetches My Bookings only when the change touched the user's own bookings", () => {
    expect(isAffectedBy(booking(), ['/api/users/bookings', 'org-1'], scope)).toBe(false);
    expect(isAffectedBy(booking({ userIds: ['me'] }), ['/api/users/bookings', 'org-1'], scope)).toBe(true);
    expect(isAffectedBy(booking({ userIds: null }), ['/api/users/bookings', 'org-1'], scope)).toBe(true);
  });

  // Issue 29: a colleague booking one of the days the owner of an assigned desk released is announced naming the
  // colleague only; the owner's My Bookings says which released days are taken, so it is read again too.
  const assignedDesk = (
    releases: Array<{ startDate: string; endDate: string }>,
    values: Record<string, unknown> = {},
  ) => ({
    id: 'assignment',
    organizationId: 'org-1',
    userId: 'me',
    status: 'active',
    isPermanent: true,
    isAssigned: true,
    bookingDate: '2030-01-07',
    releases: releases.map((release, index) => ({ id: `r${index}`, takenDates: [], ...release })),
    ...values,
  });
  const myBookingsKey = ['/api/users/bookings', 'org-1'];

  it('refetches the My Bookings of an assigned desk’s owner when someone books or frees one of its released days', () => {
    const mine = [assignedDesk([{ startDate: '2030-03-05', endDate: '2030-03-08' }])];
    expect(isAffectedBy(booking(), myBookingsKey, scope, mine)).toBe(true);
    expect(isAffectedBy(booking({ fromDate: '2030-03-08', toDate: '2030-03-08' }), myBookingsKey, scope, mine)).toBe(
      true,
    );
    // Bookings of other days, of another organization, or with no released day in My Bookings leave it alone.
    expect(isAffectedBy(booking({ fromDate: '2030-03-09', toDate: '2030-03-12' }), myBookingsKey, scope, mine)).toBe(
      false,
    );
    expect(isAffectedBy(booking({ toDate: '2030-03-04', fromDate: '2030-03-01' }), myBookingsKey, scope, mine)).toBe(
      false,
    );
    expect(isAffectedBy(booking({ organizationId: 'org-2' }), myBookingsKey, scope, mine)).toBe(false);
    expect(isAffectedBy(booking(), myBookingsKey, scope, [assignedDesk([])])).toBe(false);
    expect(
      isAffectedBy(booking(), myBookingsKey, scope, [assignedDesk(mine[0]!.releases, { status: 'cancelled' })]),
    ).toBe(false);
    expect(isAffectedBy(booking(), myBookingsKey, scope, undefined)).toBe(false);
  });

  it('refetches the releases read of an assigned desk for its owner’s changes and bookings of its released days', () => {
    const key = ['/api/bookings', 'assignment', 'releases'];
    const read = { booking: assignedDesk([{ startDate: '2030-03-05', endDate: '2030-03-05' }], { userId: 'dana' }) };
    expect(isAffectedBy(booking(), key, scope, read)).toBe(true);
    // Releasing or taking back days changes the owner's permanent booking: announced with the owner.
    const owners = booking({ fromDate: '2030-01-07', toDate: '2030-01-07', hasPermanent: true, userIds: ['dana'] });
    expect(isAffectedBy(owners, key, scope, read)).toBe(true);
    expect(isAffectedBy(booking({ fromDate: '2030-03-06', toDate: '2030-03-09' }), key, scope, read)).toBe(false);
    expect(isAffectedBy(booking({ organizationId: 'org-2' }), key, scope, read)).toBe(false);
    // Not read yet: whatever it will show is read then.
    expect(isAffectedBy(booking(), key, scope, undefined)).toBe(true);
    const renamed = {
      kind: 'members',
      organizationId: 'org-1',
      userIds: ['dana'],
      renamed: true,
    } as OrganizationChange;
    expect(isAffectedBy(renamed, key, scope, read)).toBe(true);
    expect(isOrganizationQuery(key, scope)).toBe(true);
  });

  it("refetches a floor's neighbourhoods when they, the floor's desks or the organization's teams changed", () => {
    const key = ['/api/floors', 'floor-1', 'neighbourhoods'];
    const floors: OrganizationChange = { kind: 'floors', organizationId: 'org-1', floorIds: ['floor-1'] };
    expect(isAffectedBy(floors, key, scope)).toBe(true);
    expect(isAffectedBy({ ...floors, floorIds: ['floor-2'] }, key, scope)).toBe(false);
    const desks: OrganizationChange = { kind: 'desks', organizationId: 'org-1', floorIds: ['floor-1'], renamed: false };
    expect(isAffectedBy(desks, key, scope)).toBe(true);
    expect(isAffectedBy({ kind: 'organization', organizationId: 'org-1' }, key, scope)).toBe(true);
    expect(isAffectedBy(booking(), key, scope)).toBe(false);
  });

  it("refetches only the changed floors' desks, and booking lists only when a desk was renamed", () => {
    const moved: OrganizationChange = { kind: 'desks', organizationId: 'org-1', floorIds: ['floor-1'], renamed: false };
    expect(isAffectedBy(moved, ['/api/floors', 'floor-1', 'desks'], scope)).toBe(true);
    expect(isAffectedBy(moved, ['/api/floors', 'floor-2', 'desks'], scope)).toBe(false);
    expect(isAffectedBy(moved, ['/api/organizations', 'org-1', 'desks'], scope)).toBe(true);
    expect(isAffectedBy(moved, dayView('2030-01-01'), scope)).toBe(false);
    const renamed = { ...moved, renamed: true };
    expect(isAffectedBy(renamed, dayView('2030-01-01'), scope)).toBe(true);
  });

  it("refetches every booking list when the organization changes (a site's zone or hours move their times)", () => {
    const site: OrganizationChange = { kind: 'organization', organizationId: 'org-1' };
    const teamPage = ['/api/organizations', 'org-1', 'bookings', null, null, 'team-bookings', 'page=1'];
    expect(isAffectedBy(site, dayView('2030-01-01'), scope)).toBe(true);
    expect(isAffectedBy(site, teamPage, scope)).toBe(true);
    expect(isAffectedBy(site, ['/api/users/bookings', 'org-1'], scope)).toBe(true);
    expect(isAffectedBy(site, dayView('2030-01-01', '2030-01-01', 'org-2'), scope)).toBe(false);
    expect(isAffectedBy({ ...site, organizationId: 'org-2' }, ['/api/users/bookings', 'org-1'], scope)).toBe(false);
    expect(isAffectedBy({ kind: 'invitations', organizationId: 'org-1' }, dayView('2030-01-01'), scope)).toBe(false);
  });

  it('refetches the team, the subscription seats and, for a change to me, the organization list', () => {
    const joined: OrganizationChange = { kind: 'members', organizationId: 'org-1', userIds: ['someone'] };
    expect(isAffectedBy(joined, ['/api/organizations', 'org-1', 'members'], scope)).toBe(true);
    expect(isAffectedBy(joined, ['/api/organizations', 'org-1', 'members', 'me'], scope)).toBe(true);
    expect(isAffectedBy(joined, ['/api/organizations', 'org-1', 'subscription'], scope)).toBe(true);
    expect(isAffectedBy(joined, ['/api/organizations'], scope)).toBe(false);
    expect(isAffectedBy({ ...joined, userIds: ['me'] }, ['/api/organizations'], scope)).toBe(true);
    expect(isAffectedBy(joined, ['/api/organizations', 'org-1', 'floors'], scope)).toBe(false);
  });

  it('refetches the teams and who is in one when a team or the membership changes, and not for desks', () => {
    const team: OrganizationChange = { kind: 'organization', organizationId: 'org-1' };
    const left: OrganizationChange = { kind: 'members', organizationId: 'org-1', userIds: ['someone'] };
    const desks: OrganizationChange = { kind: 'desks', organizationId: 'org-1', floorIds: null, renamed: false };
    for (const key of [
      ['/api/organizations', 'org-1', 'teams'],
      ['/api/teams', 'team-1', 'members'],
    ]) {
      expect(isAffectedBy(team, key, scope)).toBe(true);
      expect(isAffectedBy(left, key, scope)).toBe(true);
      expect(isAffectedBy(desks, key, scope)).toBe(false);
    }
    expect(isAffectedBy(team, ['/api/organizations', 'org-2', 'teams'], scope)).toBe(false);
  });

  it('refetches the organization list for the organization and subscription, and nothing for another tenant', () => {
    const zoom: OrganizationChange = { kind: 'organization', organizationId: 'org-1' };
    expect(isAffectedBy(zoom, ['/api/organizations'], scope)).toBe(true);
    expect(isAffectedBy(zoom, ['/api/organizations', 'org-1'], scope)).toBe(true);
    expect(isAffectedBy(zoom, ['/api/organizations', 'org-2'], scope)).toBe(false);
    const plan: OrganizationChange = { kind: 'subscription', organizationId: 'org-1' };
    expect(isAffectedBy(plan, ['/api/organizations', 'org-1', 'subscription'], scope)).toBe(true);
    expect(isAffectedBy(plan, ['/api/organizations', 'org-1', 'invitations'], scope)).toBe(false);
    expect(isAffectedBy(plan, ['/api/user'], scope)).toBe(false);
  });

  it.each(['booking-rules', 'amenities'])(
    'refetches the %s when the organization changes, and not on other changes or for another tenant',
    (part) => {
      const key = ['/api/organizations', 'org-1', part];
      expect(isAffectedBy({ kind: 'organization', organizationId: 'org-1' }, key, scope)).toBe(true);
      expect(isAffectedBy({ kind: 'organization', organizationId: 'org-2' }, key, scope)).toBe(false);
      expect(isAffectedBy({ kind: 'subscription', organizationId: 'org-1' }, key, scope)).toBe(false);
      expect(isAffectedBy({ kind: 'floors', organizationId: 'org-1', floorIds: null }, key, scope)).toBe(false);
    },
  );

  it('refetches the week on any booking, member or organization change of its tenant, and following on members', () => {
    const week = ['/api/organizations', 'org-1', 'week', '2026-11-30', ''];
    expect(isAffectedBy(booking(), week, scope)).toBe(true);
    expect(isAffectedBy({ kind: 'organization', organizationId: 'org-1' }, week, scope)).toBe(true);
    expect(isAffectedBy({ kind: 'organization', organizationId: 'org-2' }, week, scope)).toBe(false);
    const following = ['/api/organizations', 'org-1', 'following'];
    expect(isAffectedBy(booking(), following, scope)).toBe(false);
    expect(isAffectedBy({ kind: 'organization', organizationId: 'org-1' }, following, scope)).toBe(true);
  });

  it("refetches an admin's open audit log on the changes that can be audited, and not another tenant's", () => {
    const log = ['/api/organizations', 'org-1', 'audit-log'];
    const changes: OrganizationChange[] = [
      { kind: 'members', organizationId: 'org-1', userIds: ['someone'] },
      { kind: 'invitations', organizationId: 'org-1' },
      { kind: 'desks', organizationId: 'org-1', floorIds: null, renamed: false },
      booking(),
      { kind: 'subscription', organizationId: 'org-1' },
      { kind: 'floors', organizationId: 'org-1', floorIds: null },
      { kind: 'organization', organizationId: 'org-1' },
    ];
    for (const change of changes) expect(isAffectedBy(change, log, scope), change.kind).toBe(true);
    expect(isAffectedBy(booking({ organizationId: 'org-2' }), log, scope)).toBe(false);
  });
});

describe('isOrganizationQuery', () => {
  it("covers every read of the organization after a gap, but not the user's own account", () => {
    expect(isOrganizationQuery(['/api/organizations', 'org-1', 'floors'], scope)).toBe(true);
    expect(isOrganizationQuery(['/api/floors', 'floor-1', 'desks'], scope)).toBe(true);
    expect(isOrganizationQuery(['/api/organizations', 'org-2', 'floors'], scope)).toBe(false);
    expect(isOrganizationQuery(['/api/user'], scope)).toBe(false);
  });
});
