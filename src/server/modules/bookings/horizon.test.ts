import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '#domain/dates.ts';
import { addYears } from '#domain/horizon.ts';
import { activeRows, book, createOrganization } from '#test-support/bookings.ts';
import { startTestAppForFile } from '#test-support/harness.ts';

const testApp = startTestAppForFile();

// Far-off dates once answered 201 (a booking on 9999-12-31) and 500 (availability on it).
describe('the date horizon', () => {
  it('books up to two years ahead in the organization’s zone, and refuses the day after with a sentence', async () => {
    // Kiritimati is 14 hours ahead of UTC: its today is often not the server's.
    const organization = await createOrganization(testApp, { timeZone: 'Pacific/Kiritimati' });
    // An admin, exempt from the advance window (at most 730 days, a day short of two years over a 29 February).
    const member = organization.admin;
    const latest = addYears(todayIn(organization.timeZone), 2);
    const last = await book(member.client, organization, { bookingDate: latest });
    expect(last.status).toBe(201);
    const dayAfter = await book(member.client, organization, {
      deskId: organization.desks[1],
      bookingDate: addDays(latest, 1),
    });
    expect(dayAfter.status).toBe(400);
    expect(dayAfter.body.message).toBe(`Bookings can be made at most 2 years ahead, until ${latest} (bookingDate)`);
    const tooFar = await book(member.client, organization, {
      deskId: organization.desks[1],
      bookingDate: '9999-12-31',
    });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toBe(`Bookings can be made at most 2 years ahead, until ${latest} (bookingDate)`);
    expect(await activeRows(testApp, organization.desks[1] as string)).toEqual([]);
  });

  it('refuses a permanent booking, a bulk booking and a weekly check beyond the horizon, writing nothing', async () => {
    const organization = await createOrganization(testApp);
    const latest = addYears(todayIn(organization.timeZone), 2);
    const permanent = await book(organization.admin.client, organization, {
      bookingDate: '9999-12-31',
      isPermanent: true,
    });
    expect(permanent.status).toBe(400);
    expect(permanent.body.message).toBe(`Bookings can be made at most 2 years ahead, until ${latest} (bookingDate)`);
    const bulk = await organization.admin.client.post('/api/bookings/bulk', {
      organizationId: organization.id,
      bookings: [
        { deskId: organization.desks[0], bookingDate: organization.day(1), timeSlot: 'morning' },
        { deskId: organization.desks[0], bookingDate: '3000-01-01', timeSlot: 'morning' },
      ],
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.message).toBe(
      `Bookings can be made at most 2 years ahead, until ${latest} (bookings.1.bookingDate)`,
    );
    expect(await activeRows(testApp, organization.desks[0] as string)).toEqual([]);
    const weekly = await organization.admin.client.post('/api/desks/weekly-availability', {
      organizationId: organization.id,
      deskId: organization.desks[0],
      startDate: '9999-12-27',
      timeSlot: 'morning',
    });
    expect(weekly.status).toBe(400);
  });

  it('answers availability and booking reads within two years either side, and 400 beyond, never 500', async () => {
    const organization = await createOrganization(testApp);
    const client = organization.admin.client;
    const desk = organization.desks[0];
    expect((await client.get(`/api/desks/${desk}/availability?date=${organization.day(-700)}`)).status).toBe(200);
    for (const date of ['9999-12-31', '1900-01-01', organization.day(800), organization.day(-800)]) {
      const response = await client.get(`/api/desks/${desk}/availability?date=${date}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^Dates must lie within 2 years of today, from \d{4}-\d\d-\d\d to /);
    }
    const range = (startDate: string, endDate: string) =>
      client.get(`/api/organizations/${organization.id}/bookings?startDate=${startDate}&endDate=${endDate}`);
    expect((await range(organization.day(-10), organization.day(10))).status).toBe(200);
    expect((await range('9999-01-01', '9999-12-31')).status).toBe(400);
    expect((await range('1900-01-01', '1900-12-31')).status).toBe(400);
  });
});
