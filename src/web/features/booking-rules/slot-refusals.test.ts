import { describe, expect, it } from 'vitest';
import { type BookingRuleContext, defaultBookingRules, type RequestedBooking } from '#domain/booking-rules.ts';
import type { TimeSlot } from '#domain/bookings.ts';
import { remainingWeekdays } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { defaultOfficeHours } from '#domain/sites.ts';
import { bookingRuleContext, bookingView } from '#test-support/booking-fixtures.ts';
import { dateRefusalOf, heldBookingsOf, judgeSlots } from './slot-refusals.ts';

// 2026-11-25 is a Wednesday; its week runs from Monday 23 to Sunday 29 November.
const today = '2026-11-25';

/** Bea's morning at D04 today. */
const booking = (overrides: Partial<BookingView> = {}) =>
  bookingView({
    deskId: 'desk-d04',
    desk: { name: 'D04', floor: { name: 'Floor 1' } },
    userId: 'bea',
    user: { firstName: 'Bea', lastName: 'Booked', email: 'bea@example.com' },
    bookingDate: today,
    timeSlot: 'morning',
    endTime: '13:00',
    ...overrides,
  });

const context = (overrides: Partial<BookingRuleContext> = {}) => bookingRuleContext(today, overrides);

const oneOn =
  (bookingDate: string, deskName = 'D07') =>
  (timeSlot: TimeSlot): RequestedBooking[] => [
    { deskId: `desk-${deskName.toLowerCase()}`, deskName, bookingDate, timeSlot },
  ];

describe('heldBookingsOf', () => {
  it("keeps only the person's active one-off bookings, as the rules count them", () => {
    const bookings = [
      booking(),
      booking({ id: 'someone-else', userId: 'cai' }),
      booking({ id: 'cancelled', status: 'cancelled', timeSlot: 'afternoon' }),
      booking({ id: 'permanent', isPermanent: true, deskId: 'desk-d09', desk: { name: 'D09', floor: { name: 'F' } } }),
      booking({ id: 'tomorrow', bookingDate: '2026-11-26', timeSlot: 'full-day' }),
    ];
    expect(heldBookingsOf(bookings, 'bea')).toEqual([
      { deskId: 'desk-d04', deskName: 'D04', bookingDate: today, timeSlot: 'morning' },
      { deskId: 'desk-d04', deskName: 'D04', bookingDate: '2026-11-26', timeSlot: 'full-day' },
    ]);
    expect(heldBookingsOf(bookings, 'nobody')).toEqual([]);
  });
});

describe('judgeSlots', () => {
  it('refuses the morning and the full day of another desk for someone holding D04 this morning, and lets the afternoon be', () => {
    const refusals = judgeSlots(oneOn(today), context({ held: heldBookingsOf([booking()], 'bea') }));
    expect(refusals.morning?.message).toBe('You already have D04 this morning');
    expect(refusals['full-day']?.message).toBe('You already have D04 this morning');
    expect(refusals.afternoon).toBeNull();
  });

  it('names the member an admin books for', () => {
    const refusals = judgeSlots(
      oneOn(today),
      context({ bookerIsAdmin: true, personName: 'Bea Booked', held: heldBookingsOf([booking()], 'bea') }),
    );
    expect(refusals.morning?.message).toBe('Bea Booked already has D04 this morning');
  });

  it('judges a weekly series as one request list: a quota filled later in the week refuses every slot', () => {
    const monday = '2026-11-23';
    const held = heldBookingsOf(
      [booking({ bookingDate: '2026-11-27', timeSlot: 'full-day' }), booking({ bookingDate: '2026-11-28' })],
      'bea',
    );
    const rules = { ...defaultBookingRules, maxBookingsPerWeek: 3 };
    const series = (timeSlot: TimeSlot) => remainingWeekdays(monday).map((date) => oneOn(date)(timeSlot)[0]!);
    const refusals = judgeSlots(series, context({ today: monday, rules, held }));
    for (const slot of ['full-day', 'morning', 'afternoon'] as const) {
      expect(refusals[slot]).toMatchObject({ rule: 'weekly-quota', bookingDate: '2026-11-24' });
    }
    // The same day alone is still within the quota.
    expect(judgeSlots(oneOn(monday), context({ today: monday, rules, held })).morning).toBeNull();
  });
});

describe('judgeSlots with check-in required', () => {
  it('greys out this morning and the full day once their check-in closed, and leaves the afternoon', () => {
    const refusals = judgeSlots(
      oneOn(today),
      context({
        checkIn: {
          checkInRequired: true,
          checkInGraceMinutes: 15,
          timeZone: 'Europe/London',
          ...defaultOfficeHours,
          now: new Date(`${today}T11:00:00Z`),
          isWalkIn: false,
        },
      }),
    );
    expect(refusals.morning).toMatchObject({
      rule: 'check-in-closed',
      message:
        'Check-in for this morning closed at 9:15 AM: book this afternoon instead, or use Sit here at the desk to book and check in at once',
    });
    expect(refusals['full-day']).toMatchObject({ rule: 'check-in-closed' });
    expect(refusals.afternoon).toBeNull();
    expect(dateRefusalOf(refusals, today)).toBeUndefined();
  });
});

describe('dateRefusalOf', () => {
  it('makes a date beyond the advance window the date field’s problem', () => {
    const rules = { ...defaultBookingRules, maxDaysAhead: 14 };
    const date = '2026-12-10';
    const refusal = dateRefusalOf(judgeSlots(oneOn(date), context({ rules })), date);
    expect(refusal?.message).toBe('Bookings open 14 days ahead: choose a date until Wednesday, 9 December 2026');
    expect(dateRefusalOf(judgeSlots(oneOn('2026-12-09'), context({ rules })), '2026-12-09')).toBeUndefined();
  });

  it('leaves a series refused on a later day of its week to the slots', () => {
    const rules = { ...defaultBookingRules, maxDaysAhead: 14 };
    const monday = '2026-12-07';
    const series = (timeSlot: TimeSlot) => remainingWeekdays(monday).map((date) => oneOn(date)(timeSlot)[0]!);
    const refusals = judgeSlots(series, context({ rules }));
    expect(refusals.morning).toMatchObject({ rule: 'advance-window', bookingDate: '2026-12-10' });
    expect(dateRefusalOf(refusals, monday)).toBeUndefined();
  });

  it('makes a neighbourhood kept for other teams on the date the date field’s problem, whatever the slot', () => {
    const neighbourhood = { name: 'Windows', teams: [{ id: 'eng', name: 'Engineering' }], weekdays: [4] };
    // 2026-11-26 is a Thursday, 2026-11-27 a Friday.
    const on = (bookingDate: string) => (timeSlot: TimeSlot) => [
      { deskId: 'desk-d12', deskName: 'D12', bookingDate, timeSlot, neighbourhood },
    ];
    const thursday = judgeSlots(on('2026-11-26'), context({ personTeamIds: ['design'] }));
    expect(dateRefusalOf(thursday, '2026-11-26')?.message).toBe('D12 is kept for Engineering on Thursdays');
    expect(thursday.morning?.rule).toBe('neighbourhood');
    expect(dateRefusalOf(judgeSlots(on('2026-11-27'), context({ personTeamIds: [] })), '2026-11-27')).toBeUndefined();
    const insider = judgeSlots(on('2026-11-26'), context({ personTeamIds: ['eng'] }));
    expect(dateRefusalOf(insider, '2026-11-26')).toBeUndefined();
  });

  it('says nothing for an admin who is exempt', () => {
    const rules = { ...defaultBookingRules, maxDaysAhead: 14 };
    const refusals = judgeSlots(oneOn('2027-06-01'), context({ rules, bookerIsAdmin: true }));
    expect(dateRefusalOf(refusals, '2027-06-01')).toBeUndefined();
  });
});
