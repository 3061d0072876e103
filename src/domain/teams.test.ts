import { describe, expect, it } from 'vitest';
import { bookingRuleContext } from '#test-support/booking-fixtures.ts';
import { type BookingLimits, judgeBookings } from './booking-rules.ts';
import {
  describeRestriction,
  isRestrictedOn,
  type NeighbourhoodRestriction,
  neighbourhoodRefusal,
} from './neighbourhoods.ts';
import {
  createTeamSchema,
  limitsForPerson,
  type TeamLimits,
  teamMembersAdditionSchema,
  teamMembersChangeSchema,
} from './teams.ts';

const organization: BookingLimits = {
  onePerPersonPerSlot: true,
  maxDaysAhead: 14,
  maxBookingsPerWeek: 3,
  adminsExempt: true,
};
const team = (id: string, maxDaysAhead: number | null, maxBookingsPerWeek: number | null): TeamLimits => ({
  id,
  maxDaysAhead,
  maxBookingsPerWeek,
});

describe('limitsForPerson', () => {
  it.each([
    { name: 'keeps the organization’s limits for someone in no team', teams: [], days: 14, quota: 3 },
    { name: 'takes a team’s own limits, stricter or not', teams: [team('a', 7, 1)], days: 7, quota: 1 },
    { name: 'takes the organization’s where the team sets none', teams: [team('a', null, 5)], days: 14, quota: 5 },
    {
      name: 'takes the furthest window of several teams',
      teams: [team('a', 7, 2), team('b', 30, 1)],
      days: 30,
      quota: 2,
    },
    {
      name: 'counts a team without a window as the organization’s',
      teams: [team('a', 7, null), team('b', 3, null)],
      days: 7,
      quota: 3,
    },
    {
      name: 'gives the larger quota of two teams',
      teams: [team('a', null, 2), team('b', null, 4)],
      days: 14,
      quota: 4,
    },
  ])('$name', ({ teams, days, quota }) => {
    expect(limitsForPerson(organization, teams)).toEqual({
      ...organization,
      maxDaysAhead: days,
      maxBookingsPerWeek: quota,
    });
  });

  it('gives no quota at all when one team has none and the organization has none either', () => {
    const open = { ...organization, maxBookingsPerWeek: null };
    expect(limitsForPerson(open, [team('a', null, 2), team('b', null, null)]).maxBookingsPerWeek).toBeNull();
    expect(limitsForPerson(open, [team('a', null, 2)]).maxBookingsPerWeek).toBe(2);
  });

  it('never changes one desk per person or the admins’ exemption', () => {
    const limits = limitsForPerson({ ...organization, adminsExempt: false }, [team('a', 700, 7)]);
    expect(limits).toMatchObject({ onePerPersonPerSlot: true, adminsExempt: false });
  });
});

// 2026-12-01 is a Tuesday, 2026-12-02 a Wednesday.
const engineering = { id: 'team-eng', name: 'Engineering' };
const design = { id: 'team-design', name: 'Design' };
const kept = (change: Partial<NeighbourhoodRestriction> = {}): NeighbourhoodRestriction => ({
  name: 'Windows',
  teams: [engineering],
  weekdays: [2],
  ...change,
});

describe('neighbourhoodRefusal', () => {
  it.each([
    {
      name: 'refuses someone outside the team on a kept day',
      restriction: kept(),
      teams: [],
      date: '2026-12-01',
      expected: 'D12 is kept for Engineering on Tuesdays',
    },
    {
      name: 'lets a member of the team book it',
      restriction: kept(),
      teams: ['team-eng'],
      date: '2026-12-01',
      expected: undefined,
    },
    {
      name: 'opens it to all on the other days',
      restriction: kept(),
      teams: [],
      date: '2026-12-02',
      expected: undefined,
    },
    {
      name: 'keeps it every day when no weekday is chosen',
      restriction: kept({ weekdays: [] }),
      teams: [],
      date: '2026-12-02',
      expected: 'D12 is kept for Engineering',
    },
    {
      name: 'names every team and day',
      restriction: kept({ teams: [engineering, design], weekdays: [4, 2] }),
      teams: ['other'],
      date: '2026-12-03',
      expected: 'D12 is kept for Engineering and Design on Tuesdays and Thursdays',
    },
    {
      name: 'lets a member of any of its teams book it',
      restriction: kept({ teams: [engineering, design] }),
      teams: ['team-design'],
      date: '2026-12-01',
      expected: undefined,
    },
    {
      name: 'never refuses a neighbourhood open to all',
      restriction: kept({ teams: [] }),
      teams: [],
      date: '2026-12-01',
      expected: undefined,
    },
    {
      name: 'never refuses a desk in no neighbourhood',
      restriction: undefined,
      teams: [],
      date: '2026-12-01',
      expected: undefined,
    },
  ])('$name', ({ restriction, teams, date, expected }) => {
    expect(neighbourhoodRefusal('D12', date, restriction, teams)).toBe(expected);
  });

  it('describes a restriction as the map shows it', () => {
    expect(describeRestriction(kept({ weekdays: [2, 4] }))).toBe('Kept for Engineering on Tuesdays and Thursdays');
    expect(describeRestriction(kept({ weekdays: [1, 2, 3, 4, 5, 6, 7] }))).toBe('Kept for Engineering');
    expect(describeRestriction(kept({ teams: [] }))).toBe('Open to everyone');
    expect(isRestrictedOn(kept(), '2026-12-08')).toBe(true);
  });
});

describe('judgeBookings with neighbourhoods', () => {
  const request = { deskId: 'desk-d12', deskName: 'D12', bookingDate: '2026-12-01', timeSlot: 'full-day' as const };
  const context = bookingRuleContext('2026-11-27');

  it('refuses a desk kept for a team the person is not in, with the rule named', () => {
    expect(judgeBookings([{ ...request, neighbourhood: kept() }], context)).toEqual({
      rule: 'neighbourhood',
      bookingDate: '2026-12-01',
      message: 'D12 is kept for Engineering on Tuesdays',
    });
  });

  it('lets the team’s members book it, and exempts admins only when the rules exempt them', () => {
    expect(
      judgeBookings([{ ...request, neighbourhood: kept() }], { ...context, personTeamIds: ['team-eng'] }),
    ).toBeNull();
    const admin = { ...context, bookerIsAdmin: true };
    expect(judgeBookings([{ ...request, neighbourhood: kept() }], admin)).toBeNull();
    const notExempt = { ...admin, rules: { ...admin.rules, adminsExempt: false } };
    expect(judgeBookings([{ ...request, neighbourhood: kept() }], notExempt)?.rule).toBe('neighbourhood');
  });

  it('refuses a weekly series on its first kept day only', () => {
    const series = ['2026-11-30', '2026-12-01', '2026-12-02'].map((bookingDate) => ({
      ...request,
      bookingDate,
      neighbourhood: kept(),
    }));
    expect(judgeBookings(series, context)?.bookingDate).toBe('2026-12-01');
  });
});

describe('team schemas', () => {
  it('takes a name with the first colour and the organization’s limits by default', () => {
    expect(createTeamSchema.parse({ name: '  Engineering ' })).toEqual({
      name: 'Engineering',
      colour: '#2563eb',
      maxDaysAhead: null,
      maxBookingsPerWeek: null,
    });
  });

  it.each([
    [{ name: '' }, 'Team name is required'],
    [{ name: 'x'.repeat(101) }, 'Team name must be at most 100 characters'],
    [{ name: 'A\u0000B' }, 'Team name contains characters that are not allowed'],
    [{ name: 'A', colour: 'red' }, 'Colour must be written as #rrggbb'],
    [{ name: 'A', maxBookingsPerWeek: 8 }, 'Days per week can be at most 7'],
    [{ name: 'A', other: 1 }, 'Unrecognized key: "other"'],
  ])('refuses %j with “%s”', (input, message) => {
    const result = createTeamSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('bounds a members list', () => {
    expect(teamMembersChangeSchema.safeParse({ userIds: Array.from({ length: 5_001 }, () => 'x') }).success).toBe(
      false,
    );
  });

  it('bounds the people added at once, and wants at least one', () => {
    const tooMany = teamMembersAdditionSchema.safeParse({ userIds: Array.from({ length: 5_001 }, () => 'x') });
    expect(tooMany.error?.issues[0]?.message).toBe('A team can be given at most 5000 people at once');
    expect(teamMembersAdditionSchema.safeParse({ userIds: [] }).error?.issues[0]?.message).toBe(
      'Name at least one person to add',
    );
    expect(teamMembersAdditionSchema.safeParse({ userIds: ['x'], teamId: 'y' }).success).toBe(false);
  });
});
