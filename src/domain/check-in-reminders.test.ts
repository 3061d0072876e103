import { describe, expect, it } from 'vitest';
import { checkInWindow } from './check-in.ts';
import { firstWindowOf, isReminderDue } from './check-in-reminders.ts';
import { defaultOfficeHours } from './sites.ts';

const london = { timeZone: 'Europe/London', ...defaultOfficeHours };

describe('firstWindowOf', () => {
  it("is the morning's window when a day has a morning and an afternoon, whatever their order", () => {
    const bookings = [
      { bookingDate: '2026-11-23', timeSlot: 'afternoon' as const, ...london },
      { bookingDate: '2026-11-23', timeSlot: 'morning' as const, ...london },
    ];
    expect(firstWindowOf(bookings, 30)).toEqual({
      opensAt: new Date('2026-11-23T08:30:00Z'),
      closesAt: new Date('2026-11-23T09:30:00Z'),
    });
    expect(firstWindowOf([], 30)).toBeUndefined();
  });

  it('reads each booking on its own site’s clock: a Tokyo morning from 07:30 opens before a London afternoon', () => {
    const tokyo = { timeZone: 'Asia/Tokyo', dayStart: '07:30', midday: '12:00', dayEnd: '16:30' };
    const bookings = [
      { bookingDate: '2026-11-23', timeSlot: 'afternoon' as const, ...london },
      { bookingDate: '2026-11-23', timeSlot: 'morning' as const, ...tokyo },
    ];
    // 07:00 in Tokyo is 22:00 UTC the day before.
    expect(firstWindowOf(bookings, 30)).toEqual({
      opensAt: new Date('2026-11-22T22:00:00Z'),
      closesAt: new Date('2026-11-22T23:00:00Z'),
    });
  });
});

describe('isReminderDue', () => {
  // New York in winter: the morning window opens at 08:30 (13:30 UTC) and closes at 09:15 (grace 15).
  const window = checkInWindow(
    { bookingDate: '2026-11-23', timeSlot: 'morning' },
    { timeZone: 'America/New_York', ...defaultOfficeHours },
    15,
  );

  it.each([
    ['07:29', '2026-11-23T12:29:00Z', false],
    ['07:30, an hour before the window opens', '2026-11-23T12:30:00Z', true],
    ['07:50', '2026-11-23T12:50:00Z', true],
    ['08:30, as the window opens', '2026-11-23T13:30:00Z', true],
    ['09:14, the window still open', '2026-11-23T14:14:00Z', true],
    ['09:15, the window closed', '2026-11-23T14:15:00Z', false],
    ['the day before', '2026-11-22T13:00:00Z', false],
  ])('at %s local time: %s', (_when, now, due) => {
    expect(isReminderDue(window, new Date(now))).toBe(due);
  });
});
