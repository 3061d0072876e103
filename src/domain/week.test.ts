import { describe, expect, it } from 'vitest';
import {
  assembleWeek,
  dailyMailDue,
  dailyMailLine,
  joinNames,
  mondayOf,
  nearestFreeDesk,
  updateFollowingSchema,
  type WeekBooking,
  workingDaysOfWeek,
} from './week.ts';

const booking = (overrides: Partial<WeekBooking>): WeekBooking => ({
  bookingId: 'b',
  deskId: 'd1',
  deskName: 'D1',
  floorId: 'f1',
  floorName: '3rd floor',
  neighbourhoodId: null,
  timeSlot: 'full-day',
  isPermanent: false,
  userId: 'ana',
  name: 'Ana',
  bookingDate: '2026-12-01',
  status: 'active',
  ...overrides,
});

describe('the week of a date', () => {
  it.each([
    ['2026-12-02', '2026-11-30'],
    ['2026-11-30', '2026-11-30'],
    ['2026-12-06', '2026-11-30'],
    ['2027-01-01', '2026-12-28'],
  ])('starts the week of %s on Monday %s', (date, monday) => {
    expect(mondayOf(date)).toBe(monday);
  });

  it.each([
    [
      [1, 2, 3, 4, 5],
      ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'],
    ],
    [
      [2, 4],
      ['2026-12-01', '2026-12-03'],
    ],
    [[7], ['2026-12-06']],
  ])('lists the working days %j of the week', (workingDays, dates) => {
    expect(workingDaysOfWeek('2026-12-03', workingDays)).toEqual(dates);
  });
});

describe('assembling the week', () => {
  const dates = ['2026-12-01', '2026-12-02'];
  const bookings = [
    booking({ bookingId: 'mine', userId: 'me', name: 'Me' }),
    booking({ bookingId: 'raj', userId: 'raj', name: 'Raj', timeSlot: 'morning' }),
    booking({ bookingId: 'ana', userId: 'ana', name: 'Ana' }),
    booking({ bookingId: 'zoe', userId: 'zoe', name: 'Zoë' }),
    booking({ bookingId: 'kim', userId: 'kim', name: 'Kim', isPermanent: true, bookingDate: '2026-11-01' }),
    booking({ bookingId: 'gone', userId: 'ana', name: 'Ana', bookingDate: '2026-12-02', status: 'cancelled' }),
  ];
  const input = {
    dates,
    bookings,
    desks: [],
    me: 'me',
    followedIds: new Set(['raj', 'kim']),
    teamMateIds: new Set(['ana', 'raj']),
    namesHidden: false,
  };

  it('lists the people I follow first, then my team mates, and nobody else', () => {
    const [tuesday] = assembleWeek(input).days;
    expect(tuesday?.people.map((person) => [person.name, person.isFollowed, person.isTeamMate])).toEqual([
      ['Kim', true, false],
      ['Raj', true, true],
      ['Ana', false, true],
    ]);
  });

  it('marks my own days and counts everyone in, a permanent desk on every day', () => {
    const week = assembleWeek(input);
    expect(week.days.map((day) => day.mine.map((entry) => entry.bookingId))).toEqual([['mine'], []]);
    expect(week.days.map((day) => day.inCount)).toEqual([5, 1]);
  });

  it('lists nobody else when names are hidden, keeping my days and the counts', () => {
    const week = assembleWeek({ ...input, namesHidden: true });
    expect(week.days.flatMap((day) => day.people)).toEqual([]);
    expect(week.days[0]?.mine).toHaveLength(1);
    expect(week.days[0]?.inCount).toBe(5);
  });
});

describe('a desk near a colleague', () => {
  const desk = (id: string, x: number, neighbourhoodId: string | null = null, floorId = 'f1') => ({
    id,
    name: id.toUpperCase(),
    floorId,
    neighbourhoodId,
    x,
    y: 0,
  });
  const desks = [
    desk('d1', 0, 'n'),
    desk('d2', 10),
    desk('d3', 50, 'n'),
    desk('d4', 5, null, 'f2'),
    desk('d5', 60, 'n'),
  ];
  const beside = { deskId: 'd1', floorId: 'f1', neighbourhoodId: 'n' };

  it('offers a free desk of the same neighbourhood before a closer one outside it', () => {
    expect(nearestFreeDesk(desks, [], beside, 'morning')).toMatchObject({ deskId: 'd3', isSameNeighbourhood: true });
  });

  it('skips desks taken in an overlapping slot, not those of the other half day', () => {
    expect(nearestFreeDesk(desks, [{ deskId: 'd3', timeSlot: 'full-day' }], beside, 'morning')?.deskId).toBe('d5');
    expect(nearestFreeDesk(desks, [{ deskId: 'd3', timeSlot: 'afternoon' }], beside, 'morning')?.deskId).toBe('d3');
  });

  it('falls back to the closest free desk on the same floor, and to nothing when the floor is full', () => {
    const taken = ['d3', 'd5'].map((deskId) => ({ deskId, timeSlot: 'full-day' as const }));
    expect(nearestFreeDesk(desks, taken, beside, 'afternoon')).toMatchObject({
      deskId: 'd2',
      isSameNeighbourhood: false,
    });
    expect(nearestFreeDesk(desks, [...taken, { deskId: 'd2', timeSlot: 'morning' }], beside, 'full-day')).toBeNull();
  });
});

describe('the evening mail', () => {
  it.each([
    [['Ana'], 'Ana'],
    [['Ana', 'Raj'], 'Ana and Raj'],
    [['Ana', 'Raj', 'Kim'], 'Ana, Raj and Kim'],
    [['A', 'B', 'C', 'D', 'E', 'F', 'G'], 'A, B, C, D and 3 others'],
  ])('names %j as "%s"', (names, text) => {
    expect(joinNames(names)).toBe(text);
  });

  it('says who is in on which floor', () => {
    expect(
      dailyMailLine('Tomorrow', [
        { name: 'Ana', floorName: '3rd floor' },
        { name: 'Raj', floorName: '3rd floor' },
        { name: 'Ana', floorName: '3rd floor' },
        { name: 'Kim', floorName: '2nd floor' },
      ]),
    ).toBe('Tomorrow: Ana and Raj are in, 3rd floor; Kim is in, 2nd floor');
  });

  const weekdays = { dayEnd: '18:00', workingDays: [1, 2, 3, 4, 5] };
  it.each([
    ['Tuesday before the end of the day', { date: '2026-12-01', time: '17:59' }, null],
    ['Tuesday evening', { date: '2026-12-01', time: '18:00' }, { date: '2026-12-02', when: 'Tomorrow' }],
    ['Friday evening', { date: '2026-12-04', time: '20:00' }, { date: '2026-12-07', when: 'Monday' }],
    ['Saturday evening', { date: '2026-12-05', time: '20:00' }, null],
  ])('on %s is due %j', (_, local, due) => {
    expect(dailyMailDue(local, weekdays)).toEqual(due);
  });
});

describe('the following list', () => {
  it.each([
    [{ userIds: [] }, true],
    [{ dailyMail: true }, true],
    [{}, false],
    [{ userIds: Array.from({ length: 201 }, (_, i) => `id-${i}`) }, false],
    [{ userIds: ['x'.repeat(101)] }, false],
    [{ userIds: [], extra: 1 }, false],
  ])('accepts %j: %s', (input, ok) => {
    expect(updateFollowingSchema.safeParse(input).success).toBe(ok);
  });
});
