import { describe, expect, it } from 'vitest';
import { bookingView } from '#test-support/booking-fixtures.ts';
import type { TimeSlot } from './bookings.ts';
import type { BookingView } from './bookings-responses.ts';
import {
  amenitiesInUse,
  buildDeskRows,
  countByFilter,
  type DeskListFilter,
  type DeskListRow,
  deskStatusOn,
  filterDeskRows,
  hasAmenities,
  type SlotNow,
  searchKeyOf,
  slotNow,
} from './desk-list.ts';
import type { DeskView } from './floor-plan.ts';
import { defaultSiteClock } from './sites.ts';

const date = '2026-07-01';
const me = 'user-me';

const desk = (name: string, id = `desk-${name}`, about: Partial<DeskView> = {}): DeskView => ({
  id,
  organizationId: 'org',
  floorId: 'floor',
  floor: { id: 'floor', name: 'Floor 1' },
  name,
  description: null,
  amenities: [],
  bookable: true,
  unavailableReason: null,
  positionX: '0',
  positionY: '0',
  width: '120',
  height: '80',
  rotation: '0',
  neighbourhoodId: null,
  ...about,
});

const people = {
  me: { id: me, user: { firstName: 'Sam', lastName: 'Okafor', email: 'sam@example.com' } },
  zoe: { id: 'user-zoe', user: { firstName: 'Zoë', lastName: 'Ångström', email: 'zoe@example.com' } },
  ann: { id: 'user-ann', user: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' } },
  nameless: { id: 'user-nameless', user: { firstName: null, lastName: null, email: 'j.doe@example.com' } },
} as const;

let bookingCount = 0;
function booking(
  deskName: string,
  who: keyof typeof people,
  timeSlot: TimeSlot,
  overrides: Partial<BookingView> = {},
): BookingView {
  bookingCount += 1;
  return bookingView({
    id: `booking-${bookingCount}`,
    deskId: `desk-${deskName}`,
    desk: { name: deskName, floor: { name: 'Floor 1' } },
    userId: people[who].id,
    user: people[who].user,
    bookingDate: date,
    timeSlot,
    organizationId: 'org',
    ...overrides,
  });
}

const names = (rows: readonly DeskListRow[]) => rows.map((row) => row.name);

describe('building the rows of the list', () => {
  it('gives one row per desk, sorted by name in natural order', () => {
    const rows = buildDeskRows(
      ['D10', 'D2', 'Window', 'd3', 'desk 10', 'D1', 'Desk 9', 'Étage 2', 'Etage 10'].map((name) => desk(name)),
      [],
      date,
      me,
    );
    expect(names(rows)).toEqual(['D1', 'D2', 'd3', 'D10', 'Desk 9', 'desk 10', 'Étage 2', 'Etage 10', 'Window']);
  });

  it('shows a desk without bookings as available in every slot, held by nobody', () => {
    const [row] = buildDeskRows([desk('D01')], [], date, me);
    expect(row).toMatchObject({
      deskId: 'desk-D01',
      status: 'available',
      free: { morning: true, afternoon: true, 'full-day': true },
      holders: [],
      isYours: false,
    });
  });

  it.each([
    {
      held: ['morning'] as TimeSlot[],
      status: 'partial',
      free: { morning: false, afternoon: true, 'full-day': false },
    },
    {
      held: ['afternoon'] as TimeSlot[],
      status: 'partial',
      free: { morning: true, afternoon: false, 'full-day': false },
    },
    {
      held: ['full-day'] as TimeSlot[],
      status: 'booked',
      free: { morning: false, afternoon: false, 'full-day': false },
    },
    {
      held: ['afternoon', 'morning'] as TimeSlot[],
      status: 'booked',
      free: { morning: false, afternoon: false, 'full-day': false },
    },
  ])('with $held booked the desk is $status', ({ held, status, free }) => {
    const [row] = buildDeskRows(
      [desk('D01')],
      held.map((slot) => booking('D01', 'ann', slot)),
      date,
      me,
    );
    expect(row?.status).toBe(status);
    expect(row?.free).toEqual(free);
  });

  it('names who holds the desk with their slot, morning before afternoon', () => {
    const [row] = buildDeskRows(
      [desk('D01')],
      [booking('D01', 'zoe', 'afternoon'), booking('D01', 'nameless', 'morning')],
      date,
      me,
    );
    expect(row?.holders.map(({ name, slot }) => ({ name, slot }))).toEqual([
      { name: 'j.doe', slot: 'morning' },
      { name: 'Zoë Ångström', slot: 'afternoon' },
    ]);
    expect(row?.isYours).toBe(false);
  });

  it('marks the current user’s own booking as yours', () => {
    const [row] = buildDeskRows([desk('D01')], [booking('D01', 'me', 'morning')], date, me);
    expect(row?.isYours).toBe(true);
    expect(row?.holders).toEqual([
      { userId: me, name: 'Sam Okafor', slot: 'morning', isPermanent: false, isYou: true, isCheckedIn: false },
    ]);
  });

  it('says which holders have checked in, the current user as well as others (issue 27)', () => {
    const [row] = buildDeskRows(
      [desk('D01')],
      [
        booking('D01', 'me', 'morning', { checkedInAt: '2026-07-01T08:41:00.000Z' }),
        booking('D01', 'zoe', 'afternoon', { checkedInAt: '2026-07-01T12:35:00.000Z' }),
      ],
      date,
      me,
    );
    expect(row?.holders.map(({ isYou, isCheckedIn }) => ({ isYou, isCheckedIn }))).toEqual([
      { isYou: true, isCheckedIn: true },
      { isYou: false, isCheckedIn: true },
    ]);
    const [notYet] = buildDeskRows([desk('D01')], [booking('D01', 'me', 'full-day')], date, me);
    expect(notYet?.holders[0]?.isCheckedIn).toBe(false);
  });

  it('shows a desk with a permanent booking from an earlier date as blocked and free in no slot', () => {
    const [row] = buildDeskRows(
      [desk('D01')],
      [booking('D01', 'ann', 'afternoon', { isPermanent: true, bookingDate: '2026-01-05' })],
      date,
      me,
    );
    expect(row?.status).toBe('blocked');
    expect(row?.free).toEqual({ morning: false, afternoon: false, 'full-day': false });
    expect(row?.holders[0]).toMatchObject({ name: 'Ann Lee', isPermanent: true });
  });

  it('does not count a permanent block the current user made as their own booking', () => {
    const [row] = buildDeskRows(
      [desk('D01')],
      [booking('D01', 'me', 'full-day', { isPermanent: true, bookingDate: '2026-01-05' })],
      date,
      me,
    );
    expect(row).toMatchObject({ status: 'blocked', isYours: false });
  });

  it('reads an assigned desk as whose it is, not as blocked by a holder (issue 29)', () => {
    const assignment = booking('D01', 'ann', 'full-day', {
      isPermanent: true,
      isAssigned: true,
      bookingDate: '2026-01-05',
    });
    const [row] = buildDeskRows([desk('D01')], [assignment], date, me);
    expect(row).toMatchObject({
      status: 'blocked',
      free: { morning: false, afternoon: false, 'full-day': false },
      assigned: { label: 'Assigned to Ann Lee', isReleased: false },
      holders: [],
      isYours: false,
    });
    // Found by the owner's name all the same.
    expect(filterDeskRows([row!], { filter: 'all', search: 'ann', slotNow: null })).toHaveLength(1);
    // A permanent block for nobody in particular stays a blocked desk with its holder.
    const [block] = buildDeskRows([desk('D01')], [{ ...assignment, isAssigned: false }], date, me);
    expect(block?.assigned).toBeUndefined();
    expect(block?.holders).toHaveLength(1);
  });

  it('says “Assigned” without a name for an assigned desk whose owner the organization hides', () => {
    const hidden = {
      ...booking('D01', 'ann', 'full-day', { isPermanent: true, isAssigned: true, bookingDate: '2026-01-05' }),
      userId: null,
      user: null,
    };
    const [row] = buildDeskRows([desk('D01')], [hidden], date, me);
    expect(row?.assigned).toEqual({ label: 'Assigned', isReleased: false });
  });

  it('shows an assigned desk on a day its owner released as the day is, and says whose it is', () => {
    const assignment = booking('D01', 'ann', 'full-day', {
      isPermanent: true,
      isAssigned: true,
      bookingDate: '2026-01-05',
      releases: [{ id: 'r1', startDate: '2026-06-30', endDate: '2026-07-02', takenDates: [date] }],
    });
    const [free] = buildDeskRows([desk('D01')], [assignment], date, me);
    expect(free).toMatchObject({
      status: 'available',
      free: { morning: true, afternoon: true, 'full-day': true },
      assigned: { label: 'Assigned to Ann Lee', isReleased: true },
      holders: [],
    });
    const [taken] = buildDeskRows([desk('D01')], [assignment, booking('D01', 'zoe', 'full-day')], date, me);
    expect(taken).toMatchObject({ status: 'booked', assigned: { isReleased: true } });
    expect(taken?.holders.map((holder) => holder.name)).toEqual(['Zoë Ångström']);
  });

  it('ignores cancelled bookings, other dates and later permanent bookings', () => {
    const [row] = buildDeskRows(
      [desk('D01')],
      [
        booking('D01', 'ann', 'full-day', { status: 'cancelled' }),
        booking('D01', 'ann', 'full-day', { bookingDate: '2026-06-30' }),
        booking('D01', 'ann', 'full-day', { bookingDate: '2026-07-02', isPermanent: true }),
      ],
      date,
      me,
    );
    expect(row).toMatchObject({ status: 'available', holders: [] });
  });

  it('ignores bookings of desks not on the floor', () => {
    const rows = buildDeskRows([desk('D01')], [booking('D99', 'ann', 'morning')], date, me);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('available');
  });
});

describe('the blocked status of the map and the list', () => {
  const occupancy = (isPermanent: boolean, bookingDate = date) => ({
    bookingDate,
    timeSlot: 'morning' as const,
    status: 'active' as const,
    isPermanent,
  });

  it.each([
    { bookings: [], status: 'available' },
    { bookings: [occupancy(false)], status: 'partial' },
    { bookings: [occupancy(true, '2025-01-01')], status: 'blocked' },
    { bookings: [occupancy(true, '2026-07-02')], status: 'available' },
  ])('is $status for $bookings.length booking(s)', ({ bookings, status }) => {
    expect(deskStatusOn(bookings, date)).toBe(status);
  });
});

describe('filtering the list', () => {
  const rows = buildDeskRows(
    [desk('D01'), desk('D02'), desk('D03'), desk('D04'), desk('D05'), desk('D06')],
    [
      booking('D02', 'ann', 'morning'),
      booking('D03', 'zoe', 'afternoon'),
      booking('D04', 'me', 'full-day'),
      booking('D05', 'ann', 'morning', { isPermanent: true, bookingDate: '2026-01-05' }),
    ],
    date,
    me,
  );
  const show = (filter: DeskListFilter, search = '', now: SlotNow = 'morning') =>
    names(filterDeskRows(rows, { filter, search, slotNow: now }));

  it.each<{ filter: DeskListFilter; expected: string[] }>([
    { filter: 'all', expected: ['D01', 'D02', 'D03', 'D04', 'D05', 'D06'] },
    { filter: 'free-morning', expected: ['D01', 'D03', 'D06'] },
    { filter: 'free-afternoon', expected: ['D01', 'D02', 'D06'] },
    { filter: 'free-all-day', expected: ['D01', 'D06'] },
  ])('$filter shows $expected', ({ filter, expected }) => {
    expect(show(filter)).toEqual(expected);
  });

  it.each<{ now: SlotNow; expected: string[] }>([
    { now: 'morning', expected: ['D01', 'D03', 'D06'] },
    { now: 'afternoon', expected: ['D01', 'D02', 'D06'] },
    { now: null, expected: [] },
  ])('free now in the $now slot shows $expected', ({ now, expected }) => {
    expect(show('free-now', '', now)).toEqual(expected);
  });

  it('finds a desk by its name, in any case', () => {
    expect(show('all', 'd04')).toEqual(['D04']);
    expect(show('all', '  D0  ')).toHaveLength(6);
  });

  it('finds desks by the name of the person who has them', () => {
    expect(show('all', 'ann')).toEqual(['D02', 'D05']);
    expect(show('all', 'Ann Lee')).toEqual(['D02', 'D05']);
    expect(show('all', 'okafor')).toEqual(['D04']);
  });

  it('ignores accents in the names and in the search text', () => {
    expect(show('all', 'zoe angstrom')).toEqual(['D03']);
    expect(show('all', 'ZOË')).toEqual(['D03']);
    expect(searchKeyOf('Ångström Zoë')).toBe('angstrom zoe');
  });

  it('needs every word of the search text, in any order', () => {
    expect(show('all', 'lee d05')).toEqual(['D05']);
    expect(show('all', 'ann zoe')).toEqual([]);
  });

  it('combines the search text with the filter', () => {
    expect(show('free-afternoon', 'ann')).toEqual(['D02']);
    expect(show('free-morning', 'ann')).toEqual([]);
  });

  it('finds nothing for a text that matches no desk and no person', () => {
    expect(show('all', 'nobody')).toEqual([]);
  });

  it('counts what each filter would show with the search text', () => {
    expect(countByFilter(rows, '', 'afternoon')).toEqual({
      all: 6,
      'free-now': 3,
      'free-morning': 3,
      'free-afternoon': 3,
      'free-all-day': 2,
    });
    expect(countByFilter(rows, 'ann', null)).toEqual({
      all: 2,
      'free-now': 0,
      'free-morning': 0,
      'free-afternoon': 1,
      'free-all-day': 0,
    });
  });
});

describe('which slot is now', () => {
  it.each<{ at: string; timeZone: string; on: string; expected: SlotNow }>([
    { at: '2026-07-01T06:00:00Z', timeZone: 'Europe/London', on: '2026-07-01', expected: 'morning' },
    { at: '2026-07-01T08:30:00Z', timeZone: 'Europe/London', on: '2026-07-01', expected: 'morning' },
    { at: '2026-07-01T11:59:00Z', timeZone: 'Europe/London', on: '2026-07-01', expected: 'morning' },
    { at: '2026-07-01T12:00:00Z', timeZone: 'Europe/London', on: '2026-07-01', expected: 'afternoon' },
    { at: '2026-07-01T16:59:00Z', timeZone: 'Europe/London', on: '2026-07-01', expected: 'afternoon' },
    { at: '2026-07-01T17:00:00Z', timeZone: 'Europe/London', on: '2026-07-01', expected: null },
    { at: '2026-07-01T11:30:00Z', timeZone: 'Asia/Tokyo', on: '2026-07-01', expected: null },
    { at: '2026-07-01T23:30:00Z', timeZone: 'Asia/Tokyo', on: '2026-07-02', expected: 'morning' },
    { at: '2026-07-01T23:30:00Z', timeZone: 'Asia/Tokyo', on: '2026-07-01', expected: null },
    { at: '2026-07-01T10:00:00Z', timeZone: 'UTC', on: '2026-07-02', expected: null },
  ])('at $at in $timeZone, on $on it is $expected', ({ at, timeZone, on, expected }) => {
    expect(slotNow(defaultSiteClock(timeZone), on, new Date(at))).toBe(expected);
  });

  it.each<{ at: string; on: string; expected: SlotNow }>([
    // A Tokyo site open 07:30–12:00–16:30 (UTC+9, no daylight saving).
    { at: '2026-07-01T21:00:00Z', on: '2026-07-02', expected: 'morning' },
    { at: '2026-07-02T02:59:00Z', on: '2026-07-02', expected: 'morning' },
    { at: '2026-07-02T03:00:00Z', on: '2026-07-02', expected: 'afternoon' },
    { at: '2026-07-02T07:29:00Z', on: '2026-07-02', expected: 'afternoon' },
    { at: '2026-07-02T07:30:00Z', on: '2026-07-02', expected: null },
  ])('at $at, on $on, a site open 07:30 to 16:30 with midday at 12:00 is in its $expected', ({ at, on, expected }) => {
    const site = { timeZone: 'Asia/Tokyo', dayStart: '07:30', midday: '12:00', dayEnd: '16:30' };
    expect(slotNow(site, on, new Date(at))).toBe(expected);
  });
});

describe('the amenity filter', () => {
  it.each([
    { own: ['monitor', 'window'], wanted: [], matches: true },
    { own: [], wanted: [], matches: true },
    { own: ['monitor', 'window'], wanted: ['monitor'], matches: true },
    { own: ['monitor', 'window'], wanted: ['window', 'monitor'], matches: true },
    { own: ['Monitor'], wanted: ['monitor'], matches: true },
    { own: ['monitor'], wanted: ['monitor', 'quiet'], matches: false },
    { own: [], wanted: ['quiet'], matches: false },
    { own: ['standing desk'], wanted: ['standing'], matches: false },
  ])('a desk with $own matches $wanted: $matches', ({ own, wanted, matches }) => {
    expect(hasAmenities(own, wanted)).toBe(matches);
  });

  it('keeps only the rows with every chosen amenity, with the other criteria, and counts the filters with it', () => {
    const rows = buildDeskRows(
      [
        desk('D01', undefined, { amenities: ['monitor', 'window'] }),
        desk('D02', undefined, { amenities: ['monitor'] }),
        desk('D03', undefined, { amenities: ['window'] }),
        desk('D04'),
      ],
      [booking('D02', 'ann', 'morning')],
      date,
      me,
    );
    const criteria = { filter: 'all' as const, search: '', slotNow: null };
    expect(names(filterDeskRows(rows, { ...criteria, amenities: ['monitor'] }))).toEqual(['D01', 'D02']);
    expect(names(filterDeskRows(rows, { ...criteria, amenities: ['monitor', 'window'] }))).toEqual(['D01']);
    expect(names(filterDeskRows(rows, { ...criteria, amenities: [] }))).toEqual(['D01', 'D02', 'D03', 'D04']);
    expect(names(filterDeskRows(rows, { ...criteria, filter: 'free-morning', amenities: ['monitor'] }))).toEqual([
      'D01',
    ]);
    expect(countByFilter(rows, '', null, ['monitor'])).toMatchObject({
      all: 2,
      'free-morning': 1,
      'free-afternoon': 2,
    });
  });

  it('offers the tags the desks carry, in the organization’s order, then tags it no longer lists', () => {
    const desks = [{ amenities: ['window', 'Quiet'] }, { amenities: ['monitor', 'sofa'] }, { amenities: [] }];
    expect(amenitiesInUse(desks, ['monitor', 'standing desk', 'window', 'quiet'])).toEqual([
      'monitor',
      'window',
      'quiet',
      'sofa',
    ]);
    expect(amenitiesInUse([], ['monitor'])).toEqual([]);
  });
});

describe('an out-of-service desk in the list', () => {
  it('is free in no slot, keeps its bookings and says why', () => {
    const [row] = buildDeskRows(
      [desk('D01', undefined, { bookable: false, unavailableReason: 'Chair broken', description: 'By the door' })],
      [booking('D01', 'ann', 'morning')],
      date,
      me,
    );
    expect(row).toMatchObject({
      status: 'partial',
      free: { morning: false, afternoon: false, 'full-day': false },
      bookable: false,
      unavailableReason: 'Chair broken',
      description: 'By the door',
    });
    const [idle] = buildDeskRows([desk('D02', undefined, { bookable: false })], [], date, me);
    expect(idle?.free).toEqual({ morning: false, afternoon: false, 'full-day': false });
    const rows = [row!, idle!];
    expect(filterDeskRows(rows, { filter: 'free-all-day', search: '', slotNow: null })).toEqual([]);
  });
});
