import { describe, expect, it } from 'vitest';
import { auditActions } from './audit.ts';
import { describeAuditEvent } from './audit-description.ts';

const ana = { email: 'ana@example.com', name: 'Ana Lopez' };
const sam = { name: 'Sam Lee', email: 'sam@example.com' };

describe('audit events as sentences', () => {
  it('names the actor, the member and the new role of a role change', () => {
    expect(
      describeAuditEvent({
        action: 'member.role_changed',
        actor: ana,
        details: { member: sam, from: 'member', to: 'admin' },
      }),
    ).toBe('Ana Lopez changed Sam Lee’s role to admin');
  });

  it('falls back to the recorded e-mail once the actor’s account is gone, and to Perch for the system', () => {
    const gone = { email: 'gone@example.com', name: null };
    expect(describeAuditEvent({ action: 'invitation.revoked', actor: gone, details: { email: 'x@example.com' } })).toBe(
      'gone@example.com revoked the invitation to x@example.com',
    );
    expect(describeAuditEvent({ action: 'subscription.cancelled', actor: null, details: {} })).toBe(
      'The subscription was cancelled',
    );
  });

  it('starts with "A deleted user" when the actor’s account was deleted, and keeps it lower case elsewhere', () => {
    const deleted = { email: 'a deleted user', name: null };
    expect(
      describeAuditEvent({
        action: 'member.removed',
        actor: deleted,
        details: { member: { email: 'a deleted user' } },
      }),
    ).toBe('A deleted user removed a deleted user from the organization');
  });

  it('counts the bookings a removal and a permanent booking cancelled', () => {
    expect(
      describeAuditEvent({ action: 'member.removed', actor: ana, details: { member: sam, cancelledBookings: 2 } }),
    ).toBe('Ana Lopez removed Sam Lee from the organization; 2 bookings were cancelled');
    expect(
      describeAuditEvent({
        action: 'booking.permanent_created',
        actor: ana,
        details: { desk: 'D01', bookingDate: '2026-03-02', cancelledBookings: [{ id: 'b1' }] },
      }),
    ).toBe('Ana Lopez booked desk D01 permanently from Monday, 2 March 2026; 1 booking was cancelled');
  });

  it('describes desk deletions, invitations and an admin cancelling a booking', () => {
    expect(
      describeAuditEvent({ action: 'desk.deleted', actor: ana, details: { name: 'D07', floorName: 'Floor 2' } }),
    ).toBe('Ana Lopez deleted desk D07 on Floor 2');
    expect(describeAuditEvent({ action: 'desks.deleted_all', actor: ana, details: { count: 1 } })).toBe(
      'Ana Lopez deleted all desks (1 desk)',
    );
    expect(
      describeAuditEvent({
        action: 'invitation.sent',
        actor: ana,
        details: { email: 'new@example.com', role: 'admin' },
      }),
    ).toBe('Ana Lopez invited new@example.com as an admin');
    expect(
      describeAuditEvent({
        action: 'booking.cancelled_by_admin',
        actor: ana,
        details: { desk: 'D01', bookingDate: '2026-03-03', timeSlot: 'full-day', owner: sam },
      }),
    ).toBe('Ana Lopez cancelled Sam Lee’s booking of desk D01 on Tuesday, 3 March 2026 (full day)');
    expect(
      describeAuditEvent({
        action: 'booking.checked_in_for_member',
        actor: ana,
        details: { desk: 'D01', bookingDate: '2026-03-03', timeSlot: 'morning', owner: sam },
      }),
    ).toBe('Ana Lopez checked Sam Lee in at desk D01 on Tuesday, 3 March 2026 (morning)');
    expect(
      describeAuditEvent({
        action: 'booking.released',
        actor: null,
        details: { desk: 'D01', bookingDate: '2026-03-03', timeSlot: 'afternoon', owner: sam },
      }),
    ).toBe('Sam Lee’s booking of desk D01 on Tuesday, 3 March 2026 (afternoon) was released: nobody checked in');
  });

  it('survives details of an unexpected shape and unknown actions', () => {
    expect(describeAuditEvent({ action: 'member.role_changed', actor: ana, details: { member: 'x', to: 5 } })).toBe(
      'Ana Lopez changed someone’s role to another role',
    );
    expect(describeAuditEvent({ action: 'something.new', actor: ana, details: {} })).toBe('Ana Lopez: something.new');
  });

  it.each([
    [
      'desk.updated',
      { name: 'Window', floorName: 'Floor 1', changes: { name: { from: 'D01', to: 'Window' } } },
      'Ana Lopez renamed desk D01 to Window on Floor 1',
    ],
    [
      'desk.updated',
      { name: 'D04', floorName: 'Floor 2', changes: { bookable: { from: true, to: false, reason: 'chair broken' } } },
      'Ana Lopez set desk D04 out of service (chair broken) on Floor 2',
    ],
    [
      'desk.updated',
      {
        name: 'D04',
        changes: { bookable: { from: false, to: true, reason: null }, amenities: { from: [], to: ['monitor'] } },
      },
      'Ana Lopez put desk D04 back in service; set its amenities to monitor',
    ],
    [
      'desk.updated',
      { name: 'D04', changes: { description: { from: null, to: 'Corner' } } },
      'Ana Lopez changed the description of desk D04',
    ],
    [
      'desks.updated',
      { floorName: 'Floor 1', count: 3, desks: [{ name: 'D01', changes: { amenities: {} } }] },
      'Ana Lopez changed the amenities of 3 desks on Floor 1',
    ],
    [
      'desks.deleted',
      { floorName: 'Floor 1', count: 2, names: ['D01', 'D02'] },
      'Ana Lopez deleted 2 desks (D01, D02) on Floor 1',
    ],
    ['desk.created', { name: 'D07', floorName: 'Floor 2' }, 'Ana Lopez created desk D07 on Floor 2'],
    [
      'desk.moved',
      { name: 'D07', floorName: 'Floor 2', from: { x: 10, y: 10, rotation: 0 }, to: { x: 40, y: 10, rotation: 0 } },
      'Ana Lopez moved desk D07 on Floor 2',
    ],
    [
      'desk.moved',
      { name: 'D07', from: { x: 10, y: 10, rotation: 0 }, to: { x: 10, y: 10, rotation: 90 } },
      'Ana Lopez rotated desk D07 to 90°',
    ],
    [
      'desk.moved',
      { name: 'D07', floorName: 'Floor 2', from: { x: 10, y: 10, rotation: 0 }, to: { x: 50, y: 60, rotation: 45 } },
      'Ana Lopez moved desk D07 and rotated it to 45° on Floor 2',
    ],
    [
      'desks.moved',
      { floorName: 'Floor 1', count: 3, names: ['D01', 'D02', 'D03'] },
      'Ana Lopez moved 3 desks (D01, D02, D03) on Floor 1',
    ],
    ['desks.moved', { floorName: 'Floor 1', count: 60, names: ['D01'] }, 'Ana Lopez moved 60 desks on Floor 1'],
    ['floor.created', { name: 'Annex' }, 'Ana Lopez added the floor Annex'],
    ['floor.zoom_changed', { name: 'Annex', from: null, to: 1.5 }, 'Ana Lopez set the default zoom of Annex to 150%'],
    ['organization.zoom_changed', { from: 1, to: 0.75 }, 'Ana Lopez set the organization’s default zoom to 75%'],
    ['floor.plan_uploaded', { name: 'Annex' }, 'Ana Lopez uploaded a floor plan for Annex'],
    ['organization.plan_uploaded', {}, 'Ana Lopez uploaded the organization’s floor plan'],
    ['floor.renamed', { from: 'Floor 1', to: '3rd floor' }, 'Ana Lopez renamed the floor Floor 1 to 3rd floor'],
    [
      'floor.deleted',
      { name: 'Annex', desks: 24, cancelledBookings: 7 },
      'Ana Lopez deleted the floor Annex with 24 desks; 7 bookings were cancelled',
    ],
    [
      'floor.moved',
      { name: 'Annex', from: 'Main office', to: 'Tokyo' },
      'Ana Lopez moved the floor Annex from Main office to Tokyo',
    ],
    ['site.created', { name: 'Tokyo', timeZone: 'Asia/Tokyo' }, 'Ana Lopez added the site Tokyo (Asia/Tokyo)'],
    [
      'site.updated',
      {
        name: 'Tokyo HQ',
        changes: {
          name: { from: 'Tokyo', to: 'Tokyo HQ' },
          timeZone: { from: 'Asia/Tokyo', to: 'Asia/Seoul' },
          dayStart: { from: '09:00', to: '08:30' },
          workingDays: { from: [1, 2, 3, 4, 5], to: [1, 2, 3, 4, 5, 6, 7] },
        },
      },
      'Ana Lopez changed the site Tokyo HQ: renamed from Tokyo; time zone Asia/Tokyo → Asia/Seoul; day start 09:00 → 08:30; working days Monday to Friday → every day',
    ],
    [
      'site.updated',
      { name: 'Lab', changes: { address: { from: null, to: '1 Main St' }, dayEnd: { from: '18:00', to: '17:00' } } },
      'Ana Lopez changed the site Lab: address changed; day end 18:00 → 17:00',
    ],
    ['site.deleted', { name: 'Tokyo' }, 'Ana Lopez deleted the site Tokyo'],
    [
      'neighbourhood.created',
      { name: 'Windows', floor: 'Floor 2', desks: 6, teams: ['Design'], weekdays: [2, 4] },
      'Ana Lopez added the neighbourhood Windows on Floor 2 with 6 desks',
    ],
    [
      'neighbourhood.updated',
      { name: 'North', changes: { name: { from: 'Windows', to: 'North' }, desks: { from: 6, to: 4 }, weekdays: {} } },
      'Ana Lopez changed the neighbourhood North: renamed from Windows; desks 6 → 4; weekdays',
    ],
    ['neighbourhood.deleted', { name: 'North', desks: 4 }, 'Ana Lopez deleted the neighbourhood North'],
    [
      'amenities.changed',
      { added: ['sofa'], removed: ['window'], desksChanged: 2 },
      'Ana Lopez changed the amenity list: added sofa; removed window',
    ],
  ])('describes %s in words', (action, details, sentence) => {
    expect(describeAuditEvent({ action, actor: ana, details })).toBe(sentence);
  });

  it('tells how single sign-on proved a domain, lost one, linked an account or refused a sign-in', () => {
    expect(describeAuditEvent({ action: 'sso.domain_verified', actor: ana, details: { domain: 'acme.example' } })).toBe(
      'Ana Lopez verified acme.example for single sign-on',
    );
    expect(
      describeAuditEvent({ action: 'sso.domain_unverified', actor: null, details: { domain: 'acme.example' } }),
    ).toBe('acme.example is no longer verified: its DNS record was missing three days in a row');
    expect(
      describeAuditEvent({ action: 'sso.account_linked', actor: null, details: { email: 'sam@acme.example' } }),
    ).toBe('sam@acme.example was linked to single sign-on (a verified domain)');
    expect(
      describeAuditEvent({
        action: 'sso.account_linked',
        actor: sam,
        details: { email: 'sam@example.com', linkedBy: 'passkey' },
      }),
    ).toBe('sam@example.com linked their account to single sign-on with their passkey');
    expect(
      describeAuditEvent({
        action: 'sso.sign_in_refused',
        actor: null,
        details: { email: 'alice@acme.example', reason: 'account-not-linked' },
      }),
    ).toBe('A single sign-on as alice@acme.example was refused: its domain is not verified by this organization');
  });

  it('has its own sentence for every kind the log records, never the fallback', () => {
    for (const action of auditActions) {
      expect(describeAuditEvent({ action, actor: ana, details: {} }), action).not.toContain(action);
    }
  });
});
