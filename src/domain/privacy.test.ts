import { describe, expect, it } from 'vitest';
import type { BookingView } from './bookings-responses.ts';
import { bookerLabel, bookingsForViewer, redactBooking, seesNames } from './privacy.ts';

const view = (userId: string, isPermanent = false): BookingView =>
  ({
    id: `booking-${userId.length}`,
    userId,
    user: { firstName: 'Dana', lastName: 'Scully', email: `${userId}@example.com` },
    notes: 'by the window with Fox',
    isPermanent,
  }) as BookingView;

describe('hidden names', () => {
  it.each([
    ['admin', true, true],
    ['admin', false, true],
    ['member', false, true],
    ['member', true, false],
  ] as const)('a %s with hideNames %s sees names: %s', (role, hideNames, sees) => {
    expect(seesNames(role, hideNames)).toBe(sees);
  });

  it('takes the name, address, id and notes off another person’s booking', () => {
    expect(redactBooking(view('dana'))).toMatchObject({ userId: null, user: null, notes: null });
  });

  it('keeps the viewer’s own bookings as they are', () => {
    const shown = bookingsForViewer([view('me'), view('dana')], 'me', false);
    expect(shown.map((booking) => booking.user?.email ?? null)).toEqual(['me@example.com', null]);
    expect(JSON.stringify(shown)).not.toContain('dana');
  });

  it('reads Booked, or Assigned for a permanent desk, without a name', () => {
    expect(bookerLabel({ user: null, isPermanent: false })).toBe('Booked');
    expect(bookerLabel({ user: null, isPermanent: true })).toBe('Assigned');
    expect(bookerLabel(view('dana'))).toBe('Dana Scully');
  });
});
