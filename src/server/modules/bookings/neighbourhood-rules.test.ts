import { beforeAll, describe, expect, it } from 'vitest';
import { isoWeekday } from '#domain/analytics-dates.ts';
import {
  activeRows,
  addMember,
  book,
  createOrganization,
  type Member,
  setBookingRules,
  type TestOrganization,
} from '#test-support/bookings.ts';
import { startTestAppForFile } from '#test-support/harness.ts';
import { insertNeighbourhood, insertTeam } from '#test-support/neighbourhoods.ts';

// Issue 29: a neighbourhood kept for teams is for their members on its weekdays, judged inside the booking's
// transaction for every way a booking is made; a team's limits replace the organization's for its members.
const testApp = startTestAppForFile();

let organization: TestOrganization;
let insider: Member;
let outsider: Member;
let engineeringId: string;
/** Desk D01 is kept for Engineering on the weekday of `keptDate`; D02 every day; D03 is in no neighbourhood. */
let keptDate: string;

beforeAll(async () => {
  organization = await createOrganization(testApp, { deskCount: 3 });
  await setBookingRules(organization, { onePerPersonPerSlot: false, maxDaysAhead: 60, adminsExempt: true });
  [insider, outsider] = await Promise.all([
    addMember(testApp, organization.id, 'member', { firstName: 'Ines', lastName: 'Inside' }),
    addMember(testApp, organization.id, 'member', { firstName: 'Otto', lastName: 'Outside' }),
  ]);
  engineeringId = await insertTeam(testApp, organization.id, 'Engineering', { userIds: [insider.user.id] });
  keptDate = organization.day(8);
  await insertNeighbourhood(testApp, organization.id, organization.floorId, 'Windows', {
    deskIds: [organization.desks[0] ?? ''],
    teamIds: [engineeringId],
    weekdays: [isoWeekday(keptDate)],
  });
  await insertNeighbourhood(testApp, organization.id, organization.floorId, 'Quiet corner', {
    deskIds: [organization.desks[1] ?? ''],
    teamIds: [engineeringId],
  });
});

const weekdayPlural = (date: string) =>
  ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'][isoWeekday(date) - 1];

describe('a neighbourhood kept for a team', () => {
  it('refuses someone outside the team on its day with 422, the rule and a sentence naming the desk and team', async () => {
    const response = await book(outsider.client, organization, {
      deskId: organization.desks[0],
      bookingDate: keptDate,
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'booking_rule',
      message: `D01 is kept for Engineering on ${weekdayPlural(keptDate)}`,
      details: { rule: 'neighbourhood', bookingDate: keptDate },
    });
    expect(await activeRows(testApp, organization.desks[0] ?? '')).toEqual([]);
  });

  it('is open to everyone on its other days, and a desk kept every day is kept on those too', async () => {
    const otherDay = organization.day(9);
    expect(
      (await book(outsider.client, organization, { deskId: organization.desks[0], bookingDate: otherDay })).status,
    ).toBe(201);
    const everyDay = await book(outsider.client, organization, {
      deskId: organization.desks[1],
      bookingDate: otherDay,
    });
    expect(everyDay.status).toBe(422);
    expect(everyDay.body.message).toBe('D02 is kept for Engineering');
    expect(
      (await book(outsider.client, organization, { deskId: organization.desks[2], bookingDate: keptDate })).status,
    ).toBe(201);
  });

  it('lets a member of the team book it', async () => {
    const response = await book(insider.client, organization, { deskId: organization.desks[1], bookingDate: keptDate });
    expect(response.status).toBe(201);
  });

  it('refuses a weekly series that reaches a kept day, writing none of it', async () => {
    const dates = [organization.day(20), organization.day(21)];
    const response = await outsider.client.post('/api/bookings/bulk', {
      organizationId: organization.id,
      bookings: dates.map((bookingDate) => ({ deskId: organization.desks[1], bookingDate, timeSlot: 'morning' })),
    });
    expect(response.status).toBe(422);
    expect(response.body.details).toMatchObject({ rule: 'neighbourhood', bookingDate: dates[0] });
    const rows = await activeRows(testApp, organization.desks[1] ?? '');
    expect(rows.filter((row) => row.user_id === outsider.user.id)).toEqual([]);
  });

  it('exempts an admin booking for an outsider only while the rules exempt admins', async () => {
    const date = organization.day(15);
    const onBehalf = {
      deskId: organization.desks[1],
      bookingDate: date,
      userId: outsider.user.id,
      timeSlot: 'morning',
    };
    expect((await book(organization.admin.client, organization, onBehalf)).status).toBe(201);
    await setBookingRules(organization, { adminsExempt: false });
    try {
      const refused = await book(organization.admin.client, organization, { ...onBehalf, timeSlot: 'afternoon' });
      expect(refused.status).toBe(422);
      expect(refused.body.details.rule).toBe('neighbourhood');
    } finally {
      await setBookingRules(organization, { adminsExempt: true });
    }
  });

  it('lets exactly the insider win when 50 outsiders and the insider ask for it at once, with no 5xx', async () => {
    const date = organization.day(30);
    const outsiders = await Promise.all(Array.from({ length: 50 }, () => addMember(testApp, organization.id)));
    const everyone = [...outsiders.slice(0, 25), insider, ...outsiders.slice(25)];
    const answers = await Promise.all(
      everyone.map((person) => book(person.client, organization, { deskId: organization.desks[1], bookingDate: date })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses[25]).toBe(201);
    // The others are refused by the rule, or, once the insider holds the desk, told it is taken (decision 013).
    expect(statuses.filter((status) => status === 422 || status === 409)).toHaveLength(50);
    const rows = (await activeRows(testApp, organization.desks[1] ?? '')).filter((row) => row.booking_date === date);
    expect(rows.map((row) => row.user_id)).toEqual([insider.user.id]);
  });
});

describe('a walk-in at a kept desk', () => {
  it('is refused for someone outside the team and allowed for a member', async () => {
    const office = await createOrganization(testApp, { hours: [10, 11], deskCount: 2 });
    const [walker, teammate] = await Promise.all([addMember(testApp, office.id), addMember(testApp, office.id)]);
    const team = await insertTeam(testApp, office.id, 'Design', { userIds: [teammate.user.id] });
    await insertNeighbourhood(testApp, office.id, office.floorId, 'Studio', { deskIds: office.desks, teamIds: [team] });
    const refused = await walker.client.post(`/api/desks/${office.desks[0]}/walk-in`, { timeSlot: 'full-day' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ message: 'D01 is kept for Design', details: { rule: 'neighbourhood' } });
    expect((await teammate.client.post(`/api/desks/${office.desks[0]}/walk-in`, { timeSlot: 'full-day' })).status).toBe(
      201,
    );
  });
});

describe("a team's booking limits", () => {
  it('replace the organization’s for its members: a further window, and a quota where the organization has none', async () => {
    const office = await createOrganization(testApp, { deskCount: 3 });
    await setBookingRules(office, { maxDaysAhead: 7, maxBookingsPerWeek: null, adminsExempt: true });
    const [planner, counted, other] = await Promise.all([
      addMember(testApp, office.id),
      addMember(testApp, office.id),
      addMember(testApp, office.id),
    ]);
    await insertTeam(testApp, office.id, 'Planners', { userIds: [planner.user.id], maxDaysAhead: 30 });
    await insertTeam(testApp, office.id, 'Counted', { userIds: [counted.user.id], maxBookingsPerWeek: 1 });
    expect((await book(planner.client, office, { bookingDate: office.day(20) })).status).toBe(201);
    const tooFar = await book(other.client, office, { deskId: office.desks[1], bookingDate: office.day(20) });
    expect(tooFar.body.details?.rule).toBe('advance-window');

    const monday = (() => {
      for (let days = 1; ; days += 1) if (isoWeekday(office.day(days)) === 1) return days;
    })();
    expect(
      (await book(counted.client, office, { deskId: office.desks[2], bookingDate: office.day(monday) })).status,
    ).toBe(201);
    const second = await book(counted.client, office, { deskId: office.desks[2], bookingDate: office.day(monday + 1) });
    expect(second.status).toBe(422);
    expect(second.body.details.rule).toBe('weekly-quota');
    expect(
      (await book(other.client, office, { deskId: office.desks[2], bookingDate: office.day(monday + 1) })).status,
    ).toBe(201);
  });

  it('give a person in two teams the most generous of them', async () => {
    const office = await createOrganization(testApp, { deskCount: 1 });
    await setBookingRules(office, { maxDaysAhead: 7, adminsExempt: true });
    const person = await addMember(testApp, office.id);
    await insertTeam(testApp, office.id, 'Near', { userIds: [person.user.id], maxDaysAhead: 10 });
    await insertTeam(testApp, office.id, 'Far', { userIds: [person.user.id], maxDaysAhead: 40 });
    expect((await book(person.client, office, { bookingDate: office.day(35) })).status).toBe(201);
    const beyond = await book(person.client, office, { bookingDate: office.day(41) });
    expect(beyond.body.details?.rule).toBe('advance-window');
  });
});
