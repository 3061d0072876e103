import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '#domain/bookings.ts';
import { bookingTimes } from '#domain/site-times.ts';
import { bookingView } from '#test-support/booking-fixtures.ts';
import { bookingConfirmationMail, describeWhen } from './mails.ts';

// Issue 28: a booking's mail says its site's times, and the recipient's own beside them where their clocks differ.

/** A booking at a site in `timeZone` with the default office hours, as the API reads it back. */
function at(timeZone: string, bookingDate: string, timeSlot: TimeSlot) {
  const hours = { timeZone, dayStart: '09:00', midday: '13:00', dayEnd: '18:00' };
  return bookingView({ timeZone, bookingDate, timeSlot, ...bookingTimes(hours, bookingDate, timeSlot) });
}

describe('describeWhen', () => {
  it.each([
    [
      'Asia/Tokyo',
      '2026-11-30',
      'morning',
      'Europe/Paris',
      'Monday, 30 November 2026, morning (09:00–13:00 Tokyo time, 01:00–05:00 your time)',
    ],
    ['Asia/Tokyo', '2026-11-30', 'morning', 'Asia/Tokyo', 'Monday, 30 November 2026, morning (09:00–13:00)'],
    ['Asia/Tokyo', '2026-11-30', 'morning', null, 'Monday, 30 November 2026, morning (09:00–13:00)'],
    // Seoul shares Tokyo's clock: nothing to add.
    ['Asia/Tokyo', '2026-11-30', 'afternoon', 'Asia/Seoul', 'Monday, 30 November 2026, afternoon (13:00–18:00)'],
    [
      'America/New_York',
      '2026-07-06',
      'full-day',
      'Europe/London',
      'Monday, 6 July 2026, full day (09:00–18:00 New York time, 14:00–23:00 your time)',
    ],
    [
      'America/New_York',
      '2026-12-07',
      'full-day',
      'Europe/London',
      'Monday, 7 December 2026, full day (09:00–18:00 New York time, 14:00–23:00 your time)',
    ],
    // London moved its clocks on 29 March 2026 and New York on 8 March: three weeks of a four-hour gap.
    [
      'America/New_York',
      '2026-03-16',
      'morning',
      'Europe/London',
      'Monday, 16 March 2026, morning (09:00–13:00 New York time, 13:00–17:00 your time)',
    ],
  ] as const)('%s on %s, %s, for someone in %s', (zone, date, slot, viewer, expected) => {
    expect(describeWhen(at(zone, date, slot), viewer)).toBe(expected);
  });
});

describe('bookingConfirmationMail', () => {
  it('writes the event in the site’s zone with its VTIMEZONE, and both times in the text', () => {
    const mail = bookingConfirmationMail(
      'ada@example.com',
      [at('Asia/Tokyo', '2026-11-30', 'morning')],
      { name: 'Acme Corp', timeZone: 'Asia/Tokyo' },
      'https://perch.test',
      'Europe/Paris',
    );
    expect(mail.text).toContain('morning (09:00–13:00 Tokyo time, 01:00–05:00 your time)');
    const ics = String(mail.attachments?.[0]?.content).split('\r\n');
    expect(ics).toContain('DTSTART;TZID=Asia/Tokyo:20261130T090000');
    expect(ics).toContain('DTEND;TZID=Asia/Tokyo:20261130T130000');
    expect(ics).toContain('TZID:Asia/Tokyo');
  });
});
