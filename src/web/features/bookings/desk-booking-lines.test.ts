import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { bookingView } from '#test-support/booking-fixtures.ts';
import { bookingLinesByDesk } from './desk-booking-lines.ts';

let counter = 0;
function booking(overrides: Partial<BookingView> & { timeSlot: TimeSlot }): BookingView {
  counter += 1;
  return bookingView({ id: `b${counter}`, deskId: 'd1', userId: 'u1', ...overrides });
}

describe('booking text on a desk', () => {
  it('shows nothing for a free desk', () => {
    expect(bookingLinesByDesk([], '2026-11-23').get('d1')).toBeUndefined();
  });

  it('shows the display name and the slot, with a full day written with a space', () => {
    expect(bookingLinesByDesk([booking({ timeSlot: 'full-day' })], '2026-11-23').get('d1')).toEqual([
      'Ada Lovelace',
      'full day',
    ]);
  });

  it('says when the person checked in, for one booking and for each half day', () => {
    expect(
      bookingLinesByDesk(
        [booking({ timeSlot: 'full-day', checkedInAt: '2026-11-23T08:41:00.000Z' })],
        '2026-11-23',
      ).get('d1'),
    ).toEqual(['Ada Lovelace', 'full day', 'checked in']);
    expect(
      bookingLinesByDesk(
        [
          booking({ id: 'b1', timeSlot: 'afternoon' }),
          booking({ id: 'b2', timeSlot: 'morning', checkedInAt: '2026-11-23T08:41:00.000Z' }),
        ],
        '2026-11-23',
      ).get('d1'),
    ).toEqual(['morning: Ada Lovelace, checked in', 'afternoon: Ada Lovelace']);
  });

  it('falls back to the part of the e-mail before the at-sign', () => {
    const anonymous = booking({ timeSlot: 'morning', user: { firstName: null, lastName: null, email: 'kim@x.io' } });
    expect(bookingLinesByDesk([anonymous], '2026-11-23').get('d1')).toEqual(['kim', 'morning']);
  });

  it('shows a morning and an afternoon entry, morning first', () => {
    const afternoon = booking({ timeSlot: 'afternoon', user: { firstName: 'Bo', lastName: null, email: 'b@x.io' } });
    const morning = booking({ timeSlot: 'morning' });
    expect(bookingLinesByDesk([afternoon, morning], '2026-11-23').get('d1')).toEqual([
      'morning: Ada Lovelace',
      'afternoon: Bo',
    ]);
  });

  it("reads 'Multiple bookings' for more than two", () => {
    const three = [
      booking({ timeSlot: 'morning' }),
      booking({ timeSlot: 'afternoon' }),
      booking({ timeSlot: 'morning' }),
    ];
    expect(bookingLinesByDesk(three, '2026-11-23').get('d1')).toEqual(['Multiple bookings']);
  });

  it('ignores cancelled bookings and other dates, and leaves a permanent desk to its BLOCKED label', () => {
    expect(bookingLinesByDesk([booking({ timeSlot: 'morning', status: 'cancelled' })], '2026-11-23').size).toBe(0);
    expect(bookingLinesByDesk([booking({ timeSlot: 'morning', bookingDate: '2026-11-24' })], '2026-11-23').size).toBe(
      0,
    );
    const permanent = booking({ timeSlot: 'full-day', isPermanent: true, bookingDate: '2026-11-01' });
    expect(bookingLinesByDesk([permanent], '2026-11-23').size).toBe(0);
  });

  it('says whose an assigned desk is, and nothing on the days its owner released', () => {
    const assigned = booking({
      timeSlot: 'full-day',
      isPermanent: true,
      isAssigned: true,
      bookingDate: '2026-11-20',
      user: { firstName: 'Dana', lastName: 'Scully', email: 'dana@example.com' },
      releases: [{ id: 'r1', startDate: '2026-11-24', endDate: '2026-11-25', takenDates: [] }],
    });
    expect(bookingLinesByDesk([assigned], '2026-11-23').get('d1')).toEqual(['Assigned to Dana Scully']);
    expect(bookingLinesByDesk([assigned], '2026-11-24').get('d1')).toBeUndefined();
    // Someone who gave no name is named as any booker is; with names hidden the booking carries nobody.
    const nameless = { ...assigned, user: { firstName: null, lastName: null, email: 'dana@example.com' } };
    expect(bookingLinesByDesk([nameless], '2026-11-23').get('d1')).toEqual(['Assigned to dana']);
    expect(bookingLinesByDesk([{ ...assigned, userId: null, user: null }], '2026-11-23').get('d1')).toEqual([
      'Assigned',
    ]);
    expect(bookingLinesByDesk([{ ...assigned, isAssigned: false }], '2026-11-23').get('d1')).toBeUndefined();
  });
});
