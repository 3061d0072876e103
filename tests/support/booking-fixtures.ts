import { type BookingRuleContext, defaultBookingRules } from '#domain/booking-rules.ts';
import type { BookingView } from '#domain/bookings-responses.ts';

// Plain values of the bookings contract for the unit tests of src/domain and src/web: no app, no database.

/**
 * A booking as the API shows it: Ada Lovelace's active one-off full day at D01 on Floor 1, on Monday 23 November 2026,
 * with `overrides` over it.
 */
export function bookingView(overrides: Partial<BookingView> = {}): BookingView {
  return {
    id: 'booking-1',
    deskId: 'desk-d01',
    desk: { name: 'D01', floor: { name: 'Floor 1' } },
    userId: 'user-ada',
    user: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    bookingDate: '2026-11-23',
    timeSlot: 'full-day',
    status: 'active',
    notes: null,
    isPermanent: false,
    organizationId: 'org-1',
    siteId: 'site-1',
    timeZone: 'Europe/London',
    startTime: '09:00',
    endTime: '18:00',
    startsAt: '2026-11-23T09:00:00+00:00',
    endsAt: '2026-11-23T18:00:00+00:00',
    checkedInAt: null,
    endReason: null,
    isWalkIn: false,
    ...overrides,
  };
}

/**
 * What the booking rules judge against on `today`: the default rules, the booker booking for themselves as a member,
 * nothing held, and no check-in required (London, 08:00 UTC); `overrides` over it.
 */
export function bookingRuleContext(today: string, overrides: Partial<BookingRuleContext> = {}): BookingRuleContext {
  return {
    rules: defaultBookingRules,
    today,
    bookerIsAdmin: false,
    personName: null,
    held: [],
    checkIn: {
      checkInRequired: false,
      checkInGraceMinutes: 30,
      timeZone: 'Europe/London',
      dayStart: '09:00',
      midday: '13:00',
      dayEnd: '18:00',
      now: new Date(`${today}T08:00:00Z`),
      isWalkIn: false,
    },
    ...overrides,
  };
}
