import { describe, expect, it } from 'vitest';
import { describeAuditEvent } from './describe-event.ts';

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
  });

  it('survives details of an unexpected shape and unknown actions', () => {
    expect(describeAuditEvent({ action: 'member.role_changed', actor: ana, details: { member: 'x', to: 5 } })).toBe(
      'Ana Lopez changed someone’s role to another role',
    );
    expect(describeAuditEvent({ action: 'something.new', actor: ana, details: {} })).toBe('Ana Lopez: something.new');
  });
});
