import { describe, expect, it } from 'vitest';
import { type BookingOccupancy, countsOnDate, deskAvailabilityOn, slotAvailabilityOn } from './bookings.ts';
import {
  assignedLabel,
  canReleaseDays,
  createReleaseSchema,
  formatDayRange,
  isDateReleased,
  releaseDates,
  releaseMessages,
  releaseProblem,
  takeBackOn,
  takenBackDates,
} from './releases.ts';

const out = { startDate: '2026-12-02', endDate: '2026-12-06' };

describe('whether a date is released', () => {
  it.each<[string, boolean]>([
    ['2026-12-01', false],
    ['2026-12-02', true],
    ['2026-12-04', true],
    ['2026-12-06', true],
    ['2026-12-07', false],
  ])('%s: %s', (date, released) => {
    expect(isDateReleased([out], date)).toBe(released);
  });

  it('is never released without releases', () => {
    expect(isDateReleased(undefined, '2026-12-02')).toBe(false);
    expect(isDateReleased([], '2026-12-02')).toBe(false);
  });
});

describe('a permanent booking on its released days', () => {
  const assigned: BookingOccupancy = {
    bookingDate: '2026-11-30',
    timeSlot: 'full-day',
    status: 'active',
    isPermanent: true,
    releases: [out],
  };

  it.each<[string, boolean, string]>([
    ['2026-11-30', true, 'booked'],
    ['2026-12-01', true, 'booked'],
    ['2026-12-02', false, 'available'],
    ['2026-12-06', false, 'available'],
    ['2026-12-07', true, 'booked'],
  ])('on %s counts %s and leaves the desk %s', (date, counts, status) => {
    expect(countsOnDate(assigned, date)).toBe(counts);
    expect(deskAvailabilityOn([assigned], date)).toBe(status);
  });

  it('lets a released day be booked in halves, as the database does', () => {
    const morning: BookingOccupancy = {
      bookingDate: '2026-12-03',
      timeSlot: 'morning',
      status: 'active',
      isPermanent: false,
    };
    expect(slotAvailabilityOn([assigned, morning], '2026-12-03')).toEqual({
      'full-day': 'booked',
      morning: 'booked',
      afternoon: 'available',
    });
    expect(deskAvailabilityOn([assigned, morning], '2026-12-03')).toBe('partial');
  });

  it('releases nothing of a one-off booking', () => {
    const oneOff: BookingOccupancy = { ...assigned, isPermanent: false, bookingDate: '2026-12-03' };
    expect(countsOnDate(oneOff, '2026-12-03')).toBe(true);
  });
});

describe('which days a release covers', () => {
  it.each<[string, string, string[]]>([
    ['2026-12-03', '2026-12-03', ['2026-12-03']],
    ['2026-12-30', '2027-01-02', ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']],
    ['2028-02-28', '2028-03-01', ['2028-02-28', '2028-02-29', '2028-03-01']],
  ])('%s to %s', (startDate, endDate, dates) => {
    expect(releaseDates({ startDate, endDate })).toEqual(dates);
  });
});

describe('the release request', () => {
  it.each<[unknown, string | undefined]>([
    [{ startDate: '2026-12-02', endDate: '2026-12-06' }, undefined],
    [{ startDate: '2026-12-02', endDate: '2026-12-02' }, undefined],
    [{ startDate: '2026-12-06', endDate: '2026-12-02' }, releaseMessages.order],
    [{ startDate: '2026-12-02', endDate: '2027-12-03' }, releaseMessages.tooLong],
    [{ startDate: '2026-12-02', endDate: '2027-12-02' }, undefined],
    [{ startDate: '2026-02-30', endDate: '2026-03-02' }, releaseMessages.startDate],
    [{ startDate: '2026-12-02' }, releaseMessages.endDate],
    [{ startDate: 'x'.repeat(10_000), endDate: '2026-12-02' }, releaseMessages.startDate],
  ])('%j: %s', (body, message) => {
    const parsed = createReleaseSchema.safeParse(body);
    expect(parsed.success ? undefined : parsed.error.issues[0]?.message).toBe(message);
  });

  it('refuses fields it does not know', () => {
    expect(createReleaseSchema.safeParse({ ...out, userId: 'someone' }).success).toBe(false);
  });
});

describe('what may be released', () => {
  const place = { today: '2026-11-27', bookingDate: '2026-11-01', releases: [out] };
  it.each<[string, string, string | undefined]>([
    ['2026-11-27', '2026-11-30', undefined],
    ['2026-12-07', '2026-12-09', undefined],
    ['2026-11-26', '2026-11-30', releaseMessages.past],
    ['2026-12-06', '2026-12-08', releaseMessages.overlaps(out)],
    ['2026-11-30', '2026-12-02', releaseMessages.overlaps(out)],
    ['2026-11-28', '2026-12-10', releaseMessages.overlaps(out)],
    ['2028-11-27', '2028-11-27', undefined],
    ['2028-11-27', '2028-11-28', releaseMessages.tooFarAhead('2028-11-27')],
  ])('%s to %s: %s', (startDate, endDate, problem) => {
    expect(releaseProblem({ startDate, endDate }, place)).toBe(problem);
  });

  it('refuses days before the desk is assigned', () => {
    expect(releaseProblem(out, { today: '2026-11-27', bookingDate: '2026-12-04', releases: [] })).toBe(
      releaseMessages.beforeAssignment('2026-12-04'),
    );
  });
});

describe('taking a release back', () => {
  it.each<[string, ReturnType<typeof takeBackOn>, string[]]>([
    ['2026-11-27', { kind: 'delete' }, ['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']],
    ['2026-12-02', { kind: 'delete' }, ['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']],
    ['2026-12-04', { kind: 'shorten', endDate: '2026-12-03' }, ['2026-12-04', '2026-12-05', '2026-12-06']],
    ['2026-12-06', { kind: 'shorten', endDate: '2026-12-05' }, ['2026-12-06']],
    ['2026-12-07', { kind: 'over' }, []],
  ])('on %s', (today, plan, dates) => {
    expect(takeBackOn(out, today)).toEqual(plan);
    expect(takenBackDates(out, today)).toEqual(dates);
  });

  it('says which day someone booked', () => {
    expect(releaseMessages.taken('D12', '2026-12-03')).toBe(
      "Someone has booked D12 on 3 December: that day can't be taken back.",
    );
  });
});

describe('how a range of days reads', () => {
  it.each<[string, string, string]>([
    ['2026-12-02', '2026-12-06', '2–6 December'],
    ['2026-12-03', '2026-12-03', '3 December'],
    ['2026-11-30', '2026-12-02', '30 November – 2 December'],
    ['2026-12-30', '2027-01-02', '30 December 2026 – 2 January 2027'],
  ])('%s to %s: %s', (startDate, endDate, text) => {
    expect(formatDayRange(startDate, endDate)).toBe(text);
  });
});

describe('what an assigned desk reads', () => {
  it.each<[{ firstName: string | null; lastName: string | null; email: string } | null, string]>([
    [{ firstName: 'Dana', lastName: 'Scully', email: 'dana@example.com' }, 'Assigned to Dana Scully'],
    [{ firstName: 'Dana', lastName: null, email: 'dana@example.com' }, 'Assigned to Dana'],
    // Someone who gave no name is named as every booker is: by their address's first part.
    [{ firstName: null, lastName: null, email: 'd.scully@example.com' }, 'Assigned to d.scully'],
    [{ firstName: ' ', lastName: '', email: 'd.scully@example.com' }, 'Assigned to d.scully'],
    // The organization hides names: the booking carries no person.
    [null, 'Assigned'],
  ])('%j: %s', (user, label) => {
    expect(assignedLabel(user)).toBe(label);
  });
});

describe('who may release an assigned desk', () => {
  const desk = { isAssigned: true, isPermanent: true, status: 'active', userId: 'dana' };
  it.each<[Partial<typeof desk>, { userId: string; isAdmin: boolean }, boolean]>([
    [{}, { userId: 'dana', isAdmin: false }, true],
    [{}, { userId: 'fox', isAdmin: false }, false],
    [{}, { userId: 'walter', isAdmin: true }, true],
    [{ isAssigned: false }, { userId: 'dana', isAdmin: true }, false],
    [{ status: 'cancelled' }, { userId: 'dana', isAdmin: false }, false],
  ])('%j for %j: %s', (change, person, may) => {
    expect(canReleaseDays({ ...desk, ...change }, person)).toBe(may);
  });
});
