import { describe, expect, it } from 'vitest';
import { teamColours } from '#domain/neighbourhoods.ts';
import type { TeamView } from '#domain/teams.ts';
import {
  changedTeamFields,
  colourNames,
  describeMyTeams,
  describeTeamLimits,
  searchPeople,
  teamFormDefaults,
  teamFormSchema,
} from './team-form-values.ts';

const team = (values: Partial<TeamView> = {}): TeamView => ({
  id: 't1',
  organizationId: 'o1',
  name: 'Design',
  colour: '#2563eb',
  maxDaysAhead: null,
  maxBookingsPerWeek: null,
  memberCount: 0,
  includesMe: false,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...values,
});

describe('the team form', () => {
  it.each([
    [
      { maxDaysAhead: '', maxBookingsPerWeek: ' ' },
      { maxDaysAhead: null, maxBookingsPerWeek: null },
    ],
    [
      { maxDaysAhead: '30', maxBookingsPerWeek: '2' },
      { maxDaysAhead: 30, maxBookingsPerWeek: 2 },
    ],
    [
      { maxDaysAhead: '0', maxBookingsPerWeek: '7' },
      { maxDaysAhead: 0, maxBookingsPerWeek: 7 },
    ],
  ])('reads blank limits as the organization’s and numbers as the team’s own (%j)', (limits, expected) => {
    const parsed = teamFormSchema.parse({ name: ' Design ', colour: '#2563EB', ...limits });
    expect(parsed).toEqual({ name: 'Design', colour: '#2563eb', ...expected });
  });

  it.each([
    [{ maxDaysAhead: '1.5' }, 'Days ahead must be a whole number'],
    [{ maxDaysAhead: 'soon' }, 'Days ahead must be a whole number'],
    [{ maxDaysAhead: '-1' }, 'Days ahead cannot be negative'],
    [{ maxBookingsPerWeek: '0' }, 'Days per week must be at least 1'],
    [{ maxBookingsPerWeek: '8' }, 'Days per week can be at most 7'],
    [{ name: '' }, 'Team name is required'],
  ])('refuses %j with the API’s sentence', (values, message) => {
    const result = teamFormSchema.safeParse({
      name: 'Design',
      colour: '#2563eb',
      maxDaysAhead: '',
      maxBookingsPerWeek: '',
      ...values,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('starts a new team on the first colour no team has, and an edited team on its own values', () => {
    expect(teamFormDefaults(null, []).colour).toBe(teamColours[0]);
    expect(teamFormDefaults(null, [team(), team({ colour: teamColours[1] })]).colour).toBe(teamColours[2]);
    expect(teamFormDefaults(team({ maxDaysAhead: 30 }), [])).toEqual({
      name: 'Design',
      colour: '#2563eb',
      maxDaysAhead: '30',
      maxBookingsPerWeek: '',
    });
  });

  it('sends only what changed', () => {
    const before = team({ maxDaysAhead: 30 });
    expect(
      changedTeamFields(before, { name: 'Design', colour: '#2563eb', maxDaysAhead: 30, maxBookingsPerWeek: null }),
    ).toEqual({});
    expect(
      changedTeamFields(before, { name: 'UX', colour: '#2563eb', maxDaysAhead: null, maxBookingsPerWeek: 2 }),
    ).toEqual({
      name: 'UX',
      maxDaysAhead: null,
      maxBookingsPerWeek: 2,
    });
  });

  it('names every colour it offers', () => {
    for (const colour of teamColours) expect(colourNames[colour]).toMatch(/^[A-Z][a-z]+$/);
  });
});

describe('a team’s limits in words', () => {
  it.each([
    [{ maxDaysAhead: 30, maxBookingsPerWeek: 1 }, undefined, '30 days ahead · 1 day a week'],
    [
      { maxDaysAhead: null, maxBookingsPerWeek: null },
      { maxDaysAhead: 14, maxBookingsPerWeek: 3 },
      'Days ahead as the organization (14) · days per week as the organization (3)',
    ],
    [
      { maxDaysAhead: 1, maxBookingsPerWeek: null },
      { maxDaysAhead: 14, maxBookingsPerWeek: null },
      '1 day ahead · no weekly limit',
    ],
    [
      { maxDaysAhead: null, maxBookingsPerWeek: null },
      undefined,
      'Days ahead as the organization · days per week as the organization',
    ],
  ])('describes %j under the organization’s %j', (limits, organization, sentence) => {
    expect(describeTeamLimits(limits, organization)).toBe(sentence);
  });
});

describe('searching people and adding them to a team', () => {
  const people = [
    { userId: 'a', email: 'ana@example.com', firstName: 'Ana', lastName: 'Ramírez' },
    { userId: 'b', email: 'bo@example.com', firstName: null, lastName: null },
    { userId: 'c', email: 'chen@corp.example', firstName: 'Li', lastName: 'Chen' },
  ];

  it.each([
    ['', ['a', 'b', 'c']],
    ['ramirez', ['a']],
    ['ANA r', ['a']],
    ['corp', ['c']],
    ['bo', ['b']],
    ['nobody', []],
  ])('finds %j in names and addresses', (search, ids) => {
    expect(searchPeople(people, search).map((person) => person.userId)).toEqual(ids);
  });

  it('lists the caller’s own teams for the account menu', () => {
    expect(describeMyTeams(undefined)).toBeNull();
    expect(describeMyTeams([team()])).toBeNull();
    expect(describeMyTeams([team({ name: 'Design', includesMe: true })])).toBe('Your team: Design');
    expect(
      describeMyTeams([team({ name: 'Design', includesMe: true }), team({ name: 'Engineering', includesMe: true })]),
    ).toBe('Your teams: Design, Engineering');
  });
});
