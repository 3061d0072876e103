import { describe, expect, it } from 'vitest';
import type { TimeSlot } from './bookings.ts';
import {
  type CheckInCandidate,
  checkInNotice,
  checkInRefusal,
  checkInWindow,
  checkInWindowState,
  localClock,
  mailClock,
  missedCheckIn,
  type NewBookingCheckIn,
  type ReleasePolicy,
  releaseDue,
  type SiteHours,
  walkInSlotLabel,
  walkInSlots,
} from './check-in.ts';
import { defaultOfficeHours } from './sites.ts';

const at = (iso: string) => new Date(iso);
/** A site in a zone with the default office hours (09:00, 13:00, 18:00). */
const siteIn = (timeZone: string): SiteHours => ({ timeZone, ...defaultOfficeHours });
/** A site in a zone open 07:30 to 16:30, with midday at 12:00. */
const earlySiteIn = (timeZone: string): SiteHours => ({
  timeZone,
  dayStart: '07:30',
  midday: '12:00',
  dayEnd: '16:30',
});

describe('the check-in window, in UTC instants', () => {
  it.each<[string, string, TimeSlot, number, string, string]>([
    // zone, date, slot, grace: opens, closes
    ['Europe/London', '2026-11-25', 'full-day', 30, '2026-11-25T08:30:00.000Z', '2026-11-25T09:30:00.000Z'],
    ['Europe/London', '2026-11-25', 'afternoon', 15, '2026-11-25T12:30:00.000Z', '2026-11-25T13:15:00.000Z'],
    // Summer time: 09:00 in London is 08:00 UTC.
    ['Europe/London', '2026-07-01', 'morning', 30, '2026-07-01T07:30:00.000Z', '2026-07-01T08:30:00.000Z'],
    // The days clocks change, in London (forward 2027-03-28, back 2026-10-25): the slot is 09:00 on the wall clock.
    ['Europe/London', '2027-03-28', 'morning', 30, '2027-03-28T07:30:00.000Z', '2027-03-28T08:30:00.000Z'],
    ['Europe/London', '2026-10-25', 'morning', 30, '2026-10-25T08:30:00.000Z', '2026-10-25T09:30:00.000Z'],
    // New York falls back on 2026-11-01 (EST, UTC-5) and springs forward on 2027-03-14 (EDT, UTC-4).
    ['America/New_York', '2026-10-31', 'full-day', 30, '2026-10-31T12:30:00.000Z', '2026-10-31T13:30:00.000Z'],
    ['America/New_York', '2026-11-01', 'full-day', 30, '2026-11-01T13:30:00.000Z', '2026-11-01T14:30:00.000Z'],
    ['America/New_York', '2027-03-14', 'afternoon', 60, '2027-03-14T16:30:00.000Z', '2027-03-14T18:00:00.000Z'],
    // Sydney springs forward on 2026-10-04 (AEDT, UTC+11): 09:00 there is 22:00 UTC the day before.
    ['Australia/Sydney', '2026-10-04', 'morning', 30, '2026-10-03T21:30:00.000Z', '2026-10-03T22:30:00.000Z'],
    ['Australia/Sydney', '2026-10-03', 'morning', 30, '2026-10-02T22:30:00.000Z', '2026-10-02T23:30:00.000Z'],
    // Half-hour and quarter-hour zones.
    ['Asia/Kolkata', '2026-11-25', 'morning', 240, '2026-11-25T03:00:00.000Z', '2026-11-25T07:30:00.000Z'],
    ['Asia/Kathmandu', '2026-11-25', 'afternoon', 5, '2026-11-25T06:45:00.000Z', '2026-11-25T07:20:00.000Z'],
  ])('%s %s %s with %i minutes of grace: opens %s, closes %s', (zone, date, slot, grace, opens, closes) => {
    const window = checkInWindow({ bookingDate: date, timeSlot: slot }, siteIn(zone), grace);
    expect(window.opensAt.toISOString()).toBe(opens);
    expect(window.closesAt.toISOString()).toBe(closes);
  });
});

describe('the check-in window of a site open 07:30–12:00–16:30, over both daylight-saving changes', () => {
  it.each<[string, string, TimeSlot, number, string, string]>([
    // zone, date, slot, grace: opens, closes
    // London springs forward on 2026-03-29 (01:00 UTC) and falls back on 2026-10-25: 07:30 is 06:30 UTC, then 07:30.
    ['Europe/London', '2026-03-28', 'morning', 30, '2026-03-28T07:00:00.000Z', '2026-03-28T08:00:00.000Z'],
    ['Europe/London', '2026-03-29', 'morning', 30, '2026-03-29T06:00:00.000Z', '2026-03-29T07:00:00.000Z'],
    ['Europe/London', '2026-03-29', 'afternoon', 15, '2026-03-29T10:30:00.000Z', '2026-03-29T11:15:00.000Z'],
    ['Europe/London', '2026-10-24', 'full-day', 30, '2026-10-24T06:00:00.000Z', '2026-10-24T07:00:00.000Z'],
    ['Europe/London', '2026-10-25', 'full-day', 30, '2026-10-25T07:00:00.000Z', '2026-10-25T08:00:00.000Z'],
    // New York springs forward on 2026-03-08 (EDT, UTC-4) and falls back on 2026-11-01 (EST, UTC-5).
    ['America/New_York', '2026-03-07', 'morning', 30, '2026-03-07T12:00:00.000Z', '2026-03-07T13:00:00.000Z'],
    ['America/New_York', '2026-03-08', 'morning', 30, '2026-03-08T11:00:00.000Z', '2026-03-08T12:00:00.000Z'],
    ['America/New_York', '2026-10-31', 'afternoon', 60, '2026-10-31T15:30:00.000Z', '2026-10-31T17:00:00.000Z'],
    ['America/New_York', '2026-11-01', 'afternoon', 60, '2026-11-01T16:30:00.000Z', '2026-11-01T18:00:00.000Z'],
    // Lord Howe moves by 30 minutes: UTC+11 until 02:00 on 2026-04-05, UTC+10:30 after; UTC+11 again from 2026-10-04.
    ['Australia/Lord_Howe', '2026-04-04', 'morning', 30, '2026-04-03T20:00:00.000Z', '2026-04-03T21:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-05', 'morning', 30, '2026-04-04T20:30:00.000Z', '2026-04-04T21:30:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-05', 'afternoon', 30, '2026-04-05T01:00:00.000Z', '2026-04-05T02:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-10-03', 'full-day', 30, '2026-10-02T20:30:00.000Z', '2026-10-02T21:30:00.000Z'],
    ['Australia/Lord_Howe', '2026-10-04', 'full-day', 30, '2026-10-03T20:00:00.000Z', '2026-10-03T21:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-10-04', 'afternoon', 5, '2026-10-04T00:30:00.000Z', '2026-10-04T01:05:00.000Z'],
    // Tokyo keeps UTC+9 all year: the same UTC instants on the days others change.
    ['Asia/Tokyo', '2026-04-05', 'morning', 30, '2026-04-04T22:00:00.000Z', '2026-04-04T23:00:00.000Z'],
    ['Asia/Tokyo', '2026-10-04', 'morning', 30, '2026-10-03T22:00:00.000Z', '2026-10-03T23:00:00.000Z'],
    ['Asia/Tokyo', '2026-10-25', 'afternoon', 240, '2026-10-25T02:30:00.000Z', '2026-10-25T07:00:00.000Z'],
  ])('%s %s %s with %i minutes of grace: opens %s, closes %s', (zone, date, slot, grace, opens, closes) => {
    const window = checkInWindow({ bookingDate: date, timeSlot: slot }, earlySiteIn(zone), grace);
    expect(window.opensAt.toISOString()).toBe(opens);
    expect(window.closesAt.toISOString()).toBe(closes);
  });
});

describe('where now lies in the window', () => {
  const window = { opensAt: at('2026-11-25T08:30:00Z'), closesAt: at('2026-11-25T09:30:00Z') };
  it.each([
    ['2026-11-25T08:29:59.999Z', 'not-yet'],
    ['2026-11-25T08:30:00.000Z', 'open'],
    ['2026-11-25T09:29:59.999Z', 'open'],
    ['2026-11-25T09:30:00.000Z', 'closed'],
    ['2026-11-26T08:45:00.000Z', 'closed'],
  ])('at %s it is %s', (now, state) => {
    expect(checkInWindowState(window, at(now))).toBe(state);
  });
});

describe('the wall clock of a zone', () => {
  it.each([
    ['2026-11-25T20:40:00Z', 'Europe/London', '2026-11-25', '20:40'],
    ['2026-11-25T20:40:00Z', 'Asia/Tokyo', '2026-11-26', '05:40'],
    ['2026-11-25T20:40:00Z', 'America/Los_Angeles', '2026-11-25', '12:40'],
    ['2026-11-01T05:59:00Z', 'America/New_York', '2026-11-01', '01:59'],
    ['2026-11-01T06:00:00Z', 'America/New_York', '2026-11-01', '01:00'],
  ])('%s in %s is %s %s', (instant, zone, date, time) => {
    expect(localClock(at(instant), zone)).toEqual({ date, time });
  });
});

describe('why a booking cannot be checked in', () => {
  const place = { ...siteIn('Europe/London'), graceMinutes: 30 };
  const booking = (overrides: Partial<CheckInCandidate> = {}): CheckInCandidate => ({
    bookingDate: '2026-11-25',
    timeSlot: 'morning',
    status: 'active',
    isPermanent: false,
    checkedInAt: null,
    releasedAt: null,
    ...overrides,
  });
  it.each<[string, Partial<CheckInCandidate>, string, ReturnType<typeof checkInRefusal>]>([
    ['in the window', {}, '2026-11-25T08:45:00Z', null],
    [
      'already checked in, even after the window',
      { checkedInAt: at('2026-11-25T08:40:00Z') },
      '2026-11-25T11:00:00Z',
      null,
    ],
    [
      'too early today',
      {},
      '2026-11-25T07:00:00Z',
      { status: 422, message: 'Check-in opens at 8:30 AM, 30 minutes before your booking starts' },
    ],
    [
      'the day before',
      {},
      '2026-11-24T17:00:00Z',
      { status: 422, message: 'Check-in opens at 8:30 AM tomorrow, 30 minutes before your booking starts' },
    ],
    [
      'days before',
      { bookingDate: '2026-11-30' },
      '2026-11-25T10:00:00Z',
      {
        status: 422,
        message: 'Check-in opens at 8:30 AM on Monday, 30 November 2026, 30 minutes before your booking starts',
      },
    ],
    ['after the window', {}, '2026-11-25T09:30:00Z', { status: 422, message: 'Check-in closed at 9:30 AM' }],
    [
      'days after',
      { bookingDate: '2026-11-20' },
      '2026-11-25T09:00:00Z',
      { status: 422, message: 'Check-in closed at 9:30 AM on Friday, 20 November 2026' },
    ],
    [
      'a permanent booking',
      { isPermanent: true },
      '2026-11-25T08:45:00Z',
      { status: 422, message: 'Permanent bookings need no check-in' },
    ],
    [
      'a cancelled booking',
      { status: 'cancelled' },
      '2026-11-25T08:45:00Z',
      { status: 409, message: 'This booking was cancelled' },
    ],
    [
      'a released booking',
      { status: 'cancelled', releasedAt: at('2026-11-25T09:31:00Z') },
      '2026-11-25T10:00:00Z',
      { status: 409, message: 'This booking was released at 9:31 AM because nobody checked in' },
    ],
  ])('%s', (_case, overrides, now, refusal) => {
    expect(checkInRefusal(booking(overrides), place, at(now))).toEqual(refusal);
  });

  it.each<[string, SiteHours, string, ReturnType<typeof checkInRefusal>]>([
    // One instant, 2026-11-24 22:45 UTC: 07:45 on the 25th in Tokyo, 17:45 on the 24th in New York, 09:45 in Lord Howe.
    ['is open at a Tokyo site open from 07:30', earlySiteIn('Asia/Tokyo'), '2026-11-24T22:45:00Z', null],
    [
      'is not yet open at a New York site, whose 09:00 morning is tomorrow there',
      siteIn('America/New_York'),
      '2026-11-24T22:45:00Z',
      { status: 422, message: 'Check-in opens at 8:30 AM tomorrow, 30 minutes before your booking starts' },
    ],
    [
      'has closed at a Lord Howe site open from 07:30 (UTC+11 in November)',
      earlySiteIn('Australia/Lord_Howe'),
      '2026-11-24T22:45:00Z',
      { status: 422, message: 'Check-in closed at 8:00 AM' },
    ],
  ])('%s', (_case, site, now, refusal) => {
    expect(checkInRefusal(booking(), { ...site, graceMinutes: 30 }, at(now))).toEqual(refusal);
  });
});

describe('check-in refusals for a reader in another zone', () => {
  const place = { ...siteIn('Asia/Tokyo'), graceMinutes: 30 };
  const candidate: CheckInCandidate = {
    bookingDate: '2026-11-25',
    timeSlot: 'morning',
    status: 'active',
    isPermanent: false,
    checkedInAt: null,
    releasedAt: null,
  };
  it.each<[string, string | null, string]>([
    // 2026-11-24 22:00 UTC: 07:00 on the 25th in Tokyo, 22:00 on the 24th in London, 17:00 in New York.
    [
      'gives the site’s time and the London reader’s',
      'Europe/London',
      'Check-in opens at 8:30 AM Tokyo time (11:30 PM your time), 30 minutes before your booking starts',
    ],
    [
      'gives only the site’s time to a reader in its zone',
      'Asia/Tokyo',
      'Check-in opens at 8:30 AM, 30 minutes before your booking starts',
    ],
    [
      'gives only the site’s time when the reader’s zone is unknown',
      null,
      'Check-in opens at 8:30 AM, 30 minutes before your booking starts',
    ],
    [
      'gives only the site’s time to a reader whose clock shows the same',
      'Asia/Seoul',
      'Check-in opens at 8:30 AM, 30 minutes before your booking starts',
    ],
  ])('%s', (_case, viewerZone, message) => {
    expect(checkInRefusal(candidate, place, at('2026-11-24T22:00:00Z'), viewerZone)).toEqual({ status: 422, message });
  });
});

describe('which bookings the release job ends', () => {
  const policy: ReleasePolicy = {
    ...siteIn('America/New_York'),
    checkInRequired: true,
    checkInGraceMinutes: 30,
    autoRelease: true,
    checkInRequiredSince: at('2026-10-01T00:00:00Z'),
  };
  const booking: Omit<CheckInCandidate, 'releasedAt'> = {
    bookingDate: '2026-11-01',
    timeSlot: 'full-day',
    status: 'active',
    isPermanent: false,
    checkedInAt: null,
  };
  // 2026-11-01 is the day New York falls back: 09:00 EST is 14:00 UTC, so the window closes at 14:30 UTC.
  it.each<[string, Partial<CheckInCandidate>, Partial<ReleasePolicy>, string, boolean]>([
    ['one minute before the close', {}, {}, '2026-11-01T14:29:00Z', false],
    ['at the close', {}, {}, '2026-11-01T14:30:00Z', true],
    ['a day later', {}, {}, '2026-11-02T09:00:00Z', true],
    ['checked in', { checkedInAt: at('2026-11-01T13:45:00Z') }, {}, '2026-11-01T15:00:00Z', false],
    ['permanent', { isPermanent: true }, {}, '2026-11-01T15:00:00Z', false],
    ['cancelled', { status: 'cancelled' }, {}, '2026-11-01T15:00:00Z', false],
    ['check-in not required', {}, { checkInRequired: false }, '2026-11-01T15:00:00Z', false],
    ['auto-release off', {}, { autoRelease: false }, '2026-11-01T15:00:00Z', false],
    [
      'window opened before check-in was required',
      {},
      { checkInRequiredSince: at('2026-11-01T13:31:00Z') },
      '2026-11-01T15:00:00Z',
      false,
    ],
    [
      'window opened as check-in became required',
      {},
      { checkInRequiredSince: at('2026-11-01T13:30:00Z') },
      '2026-11-01T15:00:00Z',
      true,
    ],
  ])('%s: %s', (_case, bookingChange, policyChange, now, due) => {
    expect(releaseDue({ ...booking, ...bookingChange }, { ...policy, ...policyChange }, at(now))).toBe(due);
  });

  // Sites open 07:30–12:00–16:30 with 30 minutes of grace, on the days their clocks change (and Tokyo, whose do not).
  it.each<[string, string, TimeSlot, string, boolean]>([
    ['Europe/London', '2026-03-29', 'morning', '2026-03-29T06:59:00Z', false],
    ['Europe/London', '2026-03-29', 'morning', '2026-03-29T07:00:00Z', true],
    ['Europe/London', '2026-10-25', 'morning', '2026-10-25T07:59:00Z', false],
    ['Europe/London', '2026-10-25', 'morning', '2026-10-25T08:00:00Z', true],
    ['America/New_York', '2026-03-08', 'full-day', '2026-03-08T11:59:00Z', false],
    ['America/New_York', '2026-03-08', 'full-day', '2026-03-08T12:00:00Z', true],
    ['America/New_York', '2026-11-01', 'afternoon', '2026-11-01T17:29:00Z', false],
    ['America/New_York', '2026-11-01', 'afternoon', '2026-11-01T17:30:00Z', true],
    ['Australia/Lord_Howe', '2026-04-05', 'morning', '2026-04-04T21:29:00Z', false],
    ['Australia/Lord_Howe', '2026-04-05', 'morning', '2026-04-04T21:30:00Z', true],
    ['Australia/Lord_Howe', '2026-10-04', 'morning', '2026-10-03T20:59:00Z', false],
    ['Australia/Lord_Howe', '2026-10-04', 'morning', '2026-10-03T21:00:00Z', true],
    ['Asia/Tokyo', '2026-10-04', 'afternoon', '2026-10-04T03:29:00Z', false],
    ['Asia/Tokyo', '2026-10-04', 'afternoon', '2026-10-04T03:30:00Z', true],
  ])('%s %s %s at %s: %s', (zone, date, slot, now, due) => {
    const sitePolicy = { ...policy, ...earlySiteIn(zone), checkInRequiredSince: at('2026-01-01T00:00:00Z') };
    expect(releaseDue({ ...booking, bookingDate: date, timeSlot: slot }, sitePolicy, at(now))).toBe(due);
  });
});

describe('what Sit here may book', () => {
  it.each<[string, TimeSlot[]]>([
    ['07:00', ['full-day', 'morning']],
    ['12:59', ['full-day', 'morning']],
    ['13:00', ['afternoon']],
    ['17:59', ['afternoon']],
    ['18:00', []],
    ['23:30', []],
  ])('at %s: %j', (time, slots) => {
    expect(walkInSlots(time, defaultOfficeHours)).toEqual(slots);
  });

  it.each<[string, TimeSlot[]]>([
    ['06:00', ['full-day', 'morning']],
    ['11:59', ['full-day', 'morning']],
    ['12:00', ['afternoon']],
    ['16:29', ['afternoon']],
    ['16:30', []],
  ])('at %s on a site open 07:30–12:00–16:30: %j', (time, slots) => {
    expect(walkInSlots(time, earlySiteIn('Asia/Tokyo'))).toEqual(slots);
  });

  it('names the slots as people say them on the spot', () => {
    expect(walkInSlots('10:00', defaultOfficeHours).map(walkInSlotLabel)).toEqual([
      'the rest of the day',
      'the morning',
    ]);
    expect(walkInSlotLabel('afternoon')).toBe('the afternoon');
  });
});

describe('why a new booking would miss its check-in', () => {
  // London in winter: UTC is the wall clock. Check-in required with 15 minutes of grace, unless a case says otherwise.
  const checkIn: NewBookingCheckIn = {
    checkInRequired: true,
    checkInGraceMinutes: 15,
    ...siteIn('Europe/London'),
    now: at('2026-11-25T11:00:00Z'),
    isWalkIn: false,
  };
  const today = '2026-11-25';
  const sitHere = 'or use Sit here at the desk to book and check in at once';
  it.each<[string, TimeSlot, Partial<NewBookingCheckIn>, string | null, string | undefined]>([
    [
      'refuses this morning at 11:00, its check-in closed at 9:15, and offers the afternoon',
      'morning',
      {},
      null,
      `Check-in for this morning closed at 9:15 AM: book this afternoon instead, ${sitHere}`,
    ],
    [
      'refuses the full day once its morning check-in closed',
      'full-day',
      {},
      null,
      `Check-in for the full day today closed at 9:15 AM: book this afternoon instead, ${sitHere}`,
    ],
    [
      'names the person an admin books for',
      'morning',
      {},
      'Ana Lima',
      'Check-in for this morning closed at 9:15 AM: book this afternoon instead, or Ana Lima can use Sit here at the desk to book and check in at once',
    ],
    [
      'refuses this afternoon after its check-in closed, and offers tomorrow and Sit here while the day lasts',
      'afternoon',
      { now: at('2026-11-25T14:00:00Z') },
      null,
      `Check-in for this afternoon closed at 1:15 PM: book tomorrow or later, ${sitHere}`,
    ],
    [
      'offers only tomorrow once the office day is over',
      'afternoon',
      { now: at('2026-11-25T18:30:00Z') },
      null,
      'Check-in for this afternoon closed at 1:15 PM: book tomorrow or later',
    ],
    ['allows this morning while its window is open', 'morning', { now: at('2026-11-25T09:14:59Z') }, null, undefined],
    ['allows this morning before its window opens', 'morning', { now: at('2026-11-25T07:00:00Z') }, null, undefined],
    ['allows this afternoon at 11:00', 'afternoon', {}, null, undefined],
    ['allows a longer grace still open', 'morning', { checkInGraceMinutes: 180 }, null, undefined],
    ['counts a walk-in as checked in as it is made', 'morning', { isWalkIn: true }, null, undefined],
    [
      'judges nothing when the organization does not use check-in',
      'morning',
      { checkInRequired: false },
      null,
      undefined,
    ],
    [
      'judges the slot in the organization’s zone, not in UTC',
      'morning',
      { timeZone: 'America/New_York', now: at('2026-11-25T13:00:00Z') },
      null,
      undefined,
    ],
  ])('%s', (_case, timeSlot, change, personName, expected) => {
    expect(missedCheckIn({ bookingDate: today, timeSlot }, { ...checkIn, ...change }, personName)).toBe(expected);
  });

  it.each<[string, string, TimeSlot, string, string | undefined]>([
    // Sites open 07:30–12:00–16:30 with 15 minutes of grace.
    [
      'refuses this morning at a Tokyo site at 09:00 there, its check-in closed at 7:45',
      'Asia/Tokyo',
      'morning',
      '2026-11-25T00:00:00Z',
      `Check-in for this morning closed at 7:45 AM: book this afternoon instead, ${sitHere}`,
    ],
    [
      'allows this morning at a New York site at 07:00 there, as its window opens',
      'America/New_York',
      'morning',
      '2026-11-25T12:00:00Z',
      undefined,
    ],
    [
      'refuses this afternoon at a Lord Howe site on the day its clocks go back, past 12:15',
      'Australia/Lord_Howe',
      'afternoon',
      '2026-04-05T01:46:00Z',
      `Check-in for this afternoon closed at 12:15 PM: book tomorrow or later, ${sitHere}`,
    ],
    [
      'offers only tomorrow at a London site after its 16:30 close, on the day its clocks go forward',
      'Europe/London',
      'afternoon',
      '2026-03-29T15:30:00Z',
      'Check-in for this afternoon closed at 12:15 PM: book tomorrow or later',
    ],
  ])('%s', (_case, zone, timeSlot, now, expected) => {
    const instant = at(now);
    const bookingDate = localClock(instant, zone).date;
    const siteCheckIn = { ...checkIn, ...earlySiteIn(zone), now: instant };
    expect(missedCheckIn({ bookingDate, timeSlot }, siteCheckIn, null)).toBe(expected);
  });

  it('leaves a date before today to the horizon’s own sentence, and judges no later date', () => {
    expect(missedCheckIn({ bookingDate: '2026-11-24', timeSlot: 'afternoon' }, checkIn, null)).toBeUndefined();
    expect(missedCheckIn({ bookingDate: '2026-11-26', timeSlot: 'morning' }, checkIn, null)).toBeUndefined();
  });
});

describe('what My Bookings says of a booking’s check-in', () => {
  // Wednesday 25 November 2026 in London (UTC+0); a full day's window is 8:30 to 9:30, an afternoon's 12:30 to 13:30.
  const required = { checkInRequired: true, checkInGraceMinutes: 30 };
  const booking = (change: Partial<Parameters<typeof checkInNotice>[0]> = {}) => ({
    bookingDate: '2026-11-25',
    timeSlot: 'full-day' as TimeSlot,
    status: 'active' as const,
    isPermanent: false,
    checkedInAt: null,
    ...change,
  });
  it.each<[string, ReturnType<typeof booking>, typeof required | undefined, string, string | undefined]>([
    [
      'says when a later day’s window opens',
      booking({ bookingDate: '2026-11-30' }),
      required,
      '2026-11-25T10:00:00Z',
      'Check-in required · opens 8:30 AM',
    ],
    [
      'says when today’s afternoon window opens',
      booking({ timeSlot: 'afternoon' }),
      required,
      '2026-11-25T10:00:00Z',
      'Check-in required · opens 12:30 PM',
    ],
    [
      'says until when an open window stays open',
      booking(),
      required,
      '2026-11-25T09:00:00Z',
      'Check-in required · open until 9:30 AM',
    ],
    ['says a missed window closed', booking(), required, '2026-11-25T10:00:00Z', 'Check-in closed at 9:30 AM'],
    [
      'reads the window on the zone’s wall clock (summer time)',
      booking({ bookingDate: '2027-07-01', timeSlot: 'morning' }),
      required,
      '2026-11-25T10:00:00Z',
      'Check-in required · opens 8:30 AM',
    ],
    [
      'says nothing once checked in',
      booking({ checkedInAt: '2026-11-25T08:41:00Z' }),
      required,
      '2026-11-25T09:00:00Z',
      undefined,
    ],
    [
      'says nothing of a permanent booking',
      booking({ isPermanent: true }),
      required,
      '2026-11-25T07:00:00Z',
      undefined,
    ],
    [
      'says nothing of a cancelled booking',
      booking({ status: 'cancelled' }),
      required,
      '2026-11-25T07:00:00Z',
      undefined,
    ],
    ['says nothing of a past day', booking({ bookingDate: '2026-11-24' }), required, '2026-11-25T07:00:00Z', undefined],
    [
      'says nothing where check-in is not used',
      booking(),
      { ...required, checkInRequired: false },
      '2026-11-25T07:00:00Z',
      undefined,
    ],
    ['says nothing while the settings are read', booking(), undefined, '2026-11-25T07:00:00Z', undefined],
  ])('%s', (_name, row, settings, now, expected) => {
    expect(checkInNotice(row, settings, siteIn('Europe/London'), at(now))).toBe(expected);
  });

  it('names the time in the site’s zone, not the browser’s', () => {
    // 9:00 in New York is 14:00 UTC; its window opens at 8:30 there.
    expect(
      checkInNotice(
        booking({ bookingDate: '2026-11-30' }),
        required,
        siteIn('America/New_York'),
        at('2026-11-25T10:00:00Z'),
      ),
    ).toBe('Check-in required · opens 8:30 AM');
  });

  it('follows the site’s own office hours', () => {
    // A Tokyo site open from 07:30: its window is 07:00 to 08:00 there (22:00 to 23:00 UTC the day before).
    const tokyo = earlySiteIn('Asia/Tokyo');
    expect(checkInNotice(booking(), required, tokyo, at('2026-11-24T21:00:00Z'))).toBe(
      'Check-in required · opens 7:00 AM',
    );
    expect(checkInNotice(booking(), required, tokyo, at('2026-11-24T22:30:00Z'))).toBe(
      'Check-in required · open until 8:00 AM',
    );
  });
});

describe('how a mail writes a site’s times for its reader', () => {
  // 2026-11-25 23:30 UTC: 08:30 on the 26th in Tokyo, 18:30 on the 25th in New York.
  const instant = at('2026-11-25T23:30:00Z');
  it('writes the site’s wall clock and names the zone once when the reader keeps it', () => {
    const clock = mailClock(['Asia/Tokyo'], 'Asia/Tokyo');
    expect(clock.time(instant, 'Asia/Tokyo')).toBe('08:30');
    expect(clock.zonedTime(instant, 'Asia/Tokyo')).toBe('08:30 Tokyo time');
    expect(clock.slot(earlySiteIn('Asia/Tokyo'), '2026-11-26', 'morning')).toBe('morning (07:30–12:00)');
    expect(clock.note).toBe('Times are Tokyo time.');
  });

  it('takes the site’s zone for a reader whose zone is unknown', () => {
    expect(mailClock(['America/New_York'], null).note).toBe('Times are New York time.');
  });

  it('writes both clocks, with the reader’s day when it differs, for a reader in another zone', () => {
    const clock = mailClock(['Asia/Tokyo'], 'America/New_York');
    expect(clock.time(instant, 'Asia/Tokyo')).toBe('08:30 Tokyo time, 18:30 your time on Wednesday');
    expect(clock.zonedTime(instant, 'Asia/Tokyo')).toBe('08:30 Tokyo time, 18:30 your time on Wednesday');
    expect(clock.slot(siteIn('Asia/Tokyo'), '2026-11-26', 'morning')).toBe(
      'morning (09:00–13:00 Tokyo time, 19:00–23:00 your time)',
    );
    expect(clock.note).toBeUndefined();
  });

  it('names the zone of every time when one site of the mail is in another zone than the reader’s', () => {
    const clock = mailClock(['America/New_York', 'Asia/Tokyo'], 'America/New_York');
    expect(clock.time(at('2026-11-25T13:30:00Z'), 'America/New_York')).toBe('08:30 New York time');
    expect(clock.slot(siteIn('America/New_York'), '2026-11-25', 'afternoon')).toBe(
      'afternoon (13:00–18:00 New York time)',
    );
    expect(clock.note).toBeUndefined();
  });

  it('writes the reader’s time beside the site’s on the day London’s clocks go forward', () => {
    // 2026-03-29 06:00 UTC is 07:00 in London (BST since 01:00 UTC) and 02:00 in New York (EDT).
    const clock = mailClock(['Europe/London'], 'America/New_York');
    expect(clock.time(at('2026-03-29T06:00:00Z'), 'Europe/London')).toBe('07:00 London time, 02:00 your time');
  });
});
