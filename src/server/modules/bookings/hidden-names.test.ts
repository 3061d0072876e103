import { describe, expect, it } from 'vitest';
import { sharedBookingListSchema } from '#domain/bookings-responses.ts';
import { addMember, book, createOrganization } from '#test-support/bookings.ts';
import { expectRefusal, startTestAppForFile } from '#test-support/harness.ts';

// The organization's "Hide who booked which desk from members" (issue 29, organizations.hide_names): no read a
// member can make names another person on a booking; admins still see names; each member keeps their own.

const testApp = startTestAppForFile();

async function officeWithNamesHidden() {
  const organization = await createOrganization(testApp, { deskCount: 4 });
  const dana = await addMember(testApp, organization.id, 'member', { firstName: 'Dana', lastName: 'Scully' });
  const fox = await addMember(testApp, organization.id, 'member', { firstName: 'Fox', lastName: 'Mulder' });
  const walter = await addMember(testApp, organization.id, 'member', { firstName: 'Walter', lastName: 'Skinner' });
  const day = organization.day(3);
  for (const [person, index] of [
    [dana, 0],
    [fox, 1],
  ] as const) {
    const made = await book(person.client, organization, {
      deskId: organization.desks[index],
      bookingDate: day,
      notes: `${person.user.firstName}'s spot`,
    });
    expect(made.status, made.text).toBe(201);
  }
  return { organization, dana, fox, walter, day };
}

const secretsOf = (...people: { user: { email: string; firstName: string | null; id: string } }[]) =>
  people.flatMap((person) => [person.user.email, person.user.firstName ?? '', person.user.id]);

describe('hidden names', () => {
  it('is off by default, turned on by an admin only, and audited', async () => {
    const { organization, dana } = await officeWithNamesHidden();
    const url = `/api/organizations/${organization.id}`;
    expect((await dana.client.get(url)).body.hideNames).toBe(false);
    expect((await dana.client.request('PUT', url, { hideNames: true })).status).toBe(403);
    const turned = await organization.admin.client.request('PUT', url, { hideNames: true });
    expect(turned.status, turned.text).toBe(200);
    expect(turned.body.hideNames).toBe(true);
    expect((await organization.admin.client.request('PUT', url, { hideNames: 'yes' })).status).toBe(400);
    const audit = await testApp.database.sql.query<{ details: unknown }>(
      "SELECT details FROM audit_events WHERE organization_id = $1 AND action = 'organization.privacy_changed'",
      [organization.id],
    );
    expect(audit.map((row) => row.details)).toEqual([{ hideNames: true }]);
  });

  it('leaks no other person’s name, address, id or notes through the day read, a desk’s day or the week', async () => {
    const { organization, dana, fox, walter, day } = await officeWithNamesHidden();
    await dana.client.request('PUT', `/api/organizations/${organization.id}/following`, { userIds: [fox.user.id] });
    await organization.admin.client.request('PUT', `/api/organizations/${organization.id}`, { hideNames: true });
    const dayRead = `/api/organizations/${organization.id}/bookings?startDate=${day}&endDate=${day}`;
    const reads = [
      dayRead,
      `/api/desks/${organization.desks[1]}/availability?date=${day}`,
      `/api/organizations/${organization.id}/week?start=${day}`,
    ];
    // Twice each: the first read builds the cached bodies, the second is served from them, in either order of people.
    for (const round of [1, 2]) {
      for (const [reader, others] of [
        [walter, [dana, fox]],
        [dana, [fox]],
        [fox, [dana]],
      ] as const) {
        for (const url of reads) {
          const response = await reader.client.get(url);
          expect(response.status, `${round} ${url}`).toBe(200);
          for (const secret of secretsOf(...others)) {
            expect(response.text, `${url} read by ${reader.user.firstName}`).not.toContain(secret);
          }
        }
      }
    }
    const danas = await dana.client.get(dayRead);
    expect(sharedBookingListSchema.parse(danas.body).map((booking) => booking.user?.firstName ?? null)).toEqual(
      expect.arrayContaining(['Dana', null]),
    );
    const walters = await walter.client.get(dayRead);
    expect(walters.body).toHaveLength(2);
    expect(walters.body.every((booking: { user: unknown; userId: unknown }) => !booking.user && !booking.userId)).toBe(
      true,
    );
    const week = await dana.client.get(`/api/organizations/${organization.id}/week?start=${day}`);
    const theDay = week.body.days.find((entry: { date: string }) => entry.date === day);
    expect(week.body.namesHidden).toBe(true);
    expect(theDay).toMatchObject({ people: [], inCount: 2, mine: [expect.objectContaining({ deskName: 'D01' })] });
  });

  it('still shows admins every name, and members again once names are shown', async () => {
    const { organization, walter, day } = await officeWithNamesHidden();
    const url = `/api/organizations/${organization.id}`;
    const dayRead = `${url}/bookings?startDate=${day}&endDate=${day}`;
    await organization.admin.client.request('PUT', url, { hideNames: true });
    expect((await walter.client.get(dayRead)).text).not.toContain('Dana');
    expect((await organization.admin.client.get(dayRead)).text).toContain('Dana');
    await organization.admin.client.request('PUT', url, { hideNames: false });
    expect((await walter.client.get(dayRead)).text).toContain('Dana');
  });

  it('says a desk’s page is booked, not by whom', async () => {
    // A zone where it is office hours now: the page says who holds the desk rather than that the day is over.
    const organization = await createOrganization(testApp, { hours: [10, 11], deskCount: 2 });
    const dana = await addMember(testApp, organization.id, 'member', { firstName: 'Dana', lastName: 'Scully' });
    const walter = await addMember(testApp, organization.id, 'member', { firstName: 'Walter', lastName: 'Skinner' });
    const made = await book(dana.client, organization, { bookingDate: organization.day(0) });
    expect(made.status, made.text).toBe(201);
    const page = `/api/desks/${organization.desks[0]}/here`;
    expect((await walter.client.get(page)).body.offer).toMatchObject({ kind: 'taken', holder: 'Dana Scully' });
    await organization.admin.client.request('PUT', `/api/organizations/${organization.id}`, { hideNames: true });
    const hidden = await walter.client.get(page);
    expect(hidden.body.offer).toEqual({ kind: 'taken', holder: null, isPermanent: false });
    expect(hidden.text).not.toContain('Dana');
    expect((await organization.admin.client.get(page)).body.offer.holder).toBe('Dana Scully');
  });

  it('says whose assigned desk a desk’s page is, or only “Assigned” with names hidden (issue 29)', async () => {
    const organization = await createOrganization(testApp, { hours: [10, 11], deskCount: 2 });
    const dana = await addMember(testApp, organization.id, 'member', { firstName: 'Dana', lastName: 'Scully' });
    const walter = await addMember(testApp, organization.id, 'member', { firstName: 'Walter', lastName: 'Skinner' });
    const assigned = await book(organization.admin.client, organization, {
      bookingDate: organization.day(0),
      isPermanent: true,
      userId: dana.user.id,
    });
    expect(assigned.status, assigned.text).toBe(201);
    const page = `/api/desks/${organization.desks[0]}/here`;
    expect((await walter.client.get(page)).body.offer).toEqual({
      kind: 'taken',
      holder: null,
      isPermanent: true,
      assigned: 'Assigned to Dana Scully',
    });
    await organization.admin.client.request('PUT', `/api/organizations/${organization.id}`, { hideNames: true });
    const hidden = await walter.client.get(page);
    expect(hidden.body.offer).toEqual({ kind: 'taken', holder: null, isPermanent: true, assigned: 'Assigned' });
    expect(hidden.text).not.toContain('Dana');
    expect((await organization.admin.client.get(page)).body.offer.assigned).toBe('Assigned to Dana Scully');
  });

  it('keeps Team Bookings for admins and turns following off for members', async () => {
    const { organization, dana, fox } = await officeWithNamesHidden();
    await organization.admin.client.request('PUT', `/api/organizations/${organization.id}`, { hideNames: true });
    expect((await dana.client.get(`/api/organizations/${organization.id}/team-bookings`)).status).toBe(403);
    const following = `/api/organizations/${organization.id}/following`;
    expect((await dana.client.get(following)).body).toEqual({ userIds: [], dailyMail: false, namesHidden: true });
    expectRefusal(
      await dana.client.request('PUT', following, { userIds: [fox.user.id] }),
      422,
      /following colleagues is turned off/,
    );
  });
});
