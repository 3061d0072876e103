import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { organizationMessages } from '#domain/organization.ts';
import { maxSitesPerOrganization, siteMessages } from '#domain/sites.ts';
import { cancelSubscription, startTestAppForFile } from '#test-support/harness.ts';
import { addDesksOnSite, addSite, auditOf, sitesOf } from '#test-support/sites.ts';
import { addMember, createTeam, newClient, type SignedUp, signUp, teamTestEnvironment } from '#test-support/team.ts';

// Sites themselves (issue 28): adding, changing and deleting them, who may, and each member's home site. What a change
// of a site's clock does to bookings, and floors on sites, are in site-changes.test.ts.

const testApp = startTestAppForFile({ environment: teamTestEnvironment });

describe('the sites of an organization', () => {
  it('starts with one site, Main office, in the zone the organization was created with and the default hours', async () => {
    const admin = await signUp(testApp);
    const created = await admin.client.post('/api/organizations', {
      name: 'Tokyo Corp',
      slug: `tokyo-${randomUUID().slice(0, 8)}`,
      timeZone: 'Asia/Tokyo',
    });
    expect(created.status, created.text).toBe(201);
    const sites = await sitesOf({ id: created.body.id, admin });
    expect(sites).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        organizationId: created.body.id,
        name: 'Main office',
        address: null,
        timeZone: 'Asia/Tokyo',
        dayStart: '09:00',
        midday: '13:00',
        dayEnd: '18:00',
        workingDays: [1, 2, 3, 4, 5],
        floorCount: 0,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('adds a site with the default hours and working days, lists it after the first for every member, and audits it', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const response = await team.admin.client.post(`/api/organizations/${team.id}/sites`, {
      name: '  New York ',
      timeZone: 'America/New_York',
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      name: 'New York',
      address: null,
      timeZone: 'America/New_York',
      dayStart: '09:00',
      midday: '13:00',
      dayEnd: '18:00',
      workingDays: [1, 2, 3, 4, 5],
      floorCount: 0,
    });
    expect((await sitesOf(team, member.client)).map((site) => site.name)).toEqual(['Main office', 'New York']);
    expect(await auditOf(testApp, team, 'site.created')).toEqual([
      { target_id: response.body.id, details: { name: 'New York', timeZone: 'America/New_York' } },
    ]);
  });

  it('keeps the hours, working days and address it is given, the days sorted once each', async () => {
    const team = await createTeam(testApp);
    const site = await addSite(team, {
      address: '1-1 Marunouchi, Tokyo',
      timeZone: 'Asia/Tokyo',
      dayStart: '08:30',
      midday: '12:15',
      dayEnd: '17:45',
      workingDays: [6, 1, 2, 2, 3],
    });
    expect(site).toMatchObject({
      address: '1-1 Marunouchi, Tokyo',
      dayStart: '08:30',
      midday: '12:15',
      dayEnd: '17:45',
      workingDays: [1, 2, 3, 6],
    });
    expect((await sitesOf(team))[1]).toEqual(site);
  });

  it.each([
    ['hours out of order', { dayStart: '14:00' }, `${siteMessages.hoursOrder} (midday)`],
    ['a midday after the end of the day', { midday: '19:00' }, `${siteMessages.hoursOrder} (midday)`],
    ['a time that is not HH:MM', { dayEnd: '6pm' }, `${siteMessages.timeFormat} (dayEnd)`],
    ['a time past midnight', { dayEnd: '24:00' }, `${siteMessages.timeFormat} (dayEnd)`],
    ['an unknown zone', { timeZone: 'Mars/Olympus' }, `${organizationMessages.timeZone} (timeZone)`],
    ['an offset instead of a zone', { timeZone: '+09:00' }, `${organizationMessages.timeZone} (timeZone)`],
    ['no working day', { workingDays: [] }, `${siteMessages.workingDaysRequired} (workingDays)`],
    ['a weekday 8', { workingDays: [1, 8] }, `${siteMessages.workingDaysInvalid} (workingDays)`],
    ['a blank name', { name: '  ' }, `${siteMessages.nameRequired} (name)`],
  ])('refuses a new site with %s with 400 and its sentence', async (_label, body, message) => {
    const team = await createTeam(testApp);
    const response = await team.admin.client.post(`/api/organizations/${team.id}/sites`, {
      name: 'Lab',
      timeZone: 'Europe/Paris',
      ...body,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await sitesOf(team)).toHaveLength(1);
  });

  it('refuses an unknown field with 400 naming it, on creation and on change', async () => {
    const team = await createTeam(testApp);
    const created = await team.admin.client.post(`/api/organizations/${team.id}/sites`, {
      name: 'Lab',
      timeZone: 'Europe/Paris',
      organizationId: randomUUID(),
    });
    expect(created.status).toBe(400);
    expect(created.body.message).toMatch(/organizationId/);
    const [first] = await sitesOf(team);
    const changed = await team.admin.client.request('PUT', `/api/sites/${first!.id}`, { floorCount: 3 });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toMatch(/floorCount/);
  });
});

describe('the number of sites', () => {
  it(`stops at ${maxSitesPerOrganization} with 409 and a sentence, also when the last places are asked for at once`, async () => {
    const team = await createTeam(testApp);
    // All but three by SQL; the last three through the API at once, with three more.
    await testApp.database.sql.query(
      `INSERT INTO sites (organization_id, name, time_zone)
       SELECT $1, 'Site ' || n, 'Europe/Paris' FROM generate_series(1, $2::int) AS n`,
      [team.id, maxSitesPerOrganization - 4],
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        team.admin.client.post(`/api/organizations/${team.id}/sites`, {
          name: `Late ${index}`,
          timeZone: 'Asia/Tokyo',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(siteMessages.tooMany);
    expect(await sitesOf(team)).toHaveLength(maxSitesPerOrganization);
  });
});

describe('changing a site', () => {
  it('changes any of its fields, answers HH:MM, and audits what changed from what to what', async () => {
    const team = await createTeam(testApp);
    const [first] = await sitesOf(team);
    const response = await team.admin.client.request('PUT', `/api/sites/${first!.id}`, {
      name: 'London',
      address: '1 Fleet Street',
      dayStart: '08:00',
      workingDays: [1, 2, 3, 4],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      id: first!.id,
      name: 'London',
      address: '1 Fleet Street',
      timeZone: 'Europe/London',
      dayStart: '08:00',
      midday: '13:00',
      dayEnd: '18:00',
      workingDays: [1, 2, 3, 4],
    });
    expect((await sitesOf(team))[0]).toEqual(response.body);
    expect(await auditOf(testApp, team, 'site.updated')).toEqual([
      {
        target_id: first!.id,
        details: {
          name: 'London',
          changes: {
            name: { from: 'Main office', to: 'London' },
            address: { from: null, to: '1 Fleet Street' },
            dayStart: { from: '09:00', to: '08:00' },
            workingDays: { from: [1, 2, 3, 4, 5], to: [1, 2, 3, 4] },
          },
        },
      },
    ]);
    // Saving what is already saved changes nothing and records nothing.
    expect((await team.admin.client.request('PUT', `/api/sites/${first!.id}`, { name: 'London' })).status).toBe(200);
    expect(await auditOf(testApp, team, 'site.updated')).toHaveLength(1);
  });

  it('checks new hours together with the hours the site keeps', async () => {
    const team = await createTeam(testApp);
    const [first] = await sitesOf(team);
    const late = await team.admin.client.request('PUT', `/api/sites/${first!.id}`, { dayStart: '14:00' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(`${siteMessages.hoursOrder} (midday)`);
    const early = await team.admin.client.request('PUT', `/api/sites/${first!.id}`, { dayEnd: '12:00' });
    expect(early.status).toBe(400);
    expect((await sitesOf(team))[0]).toMatchObject({ dayStart: '09:00', midday: '13:00', dayEnd: '18:00' });
    const together = await team.admin.client.request('PUT', `/api/sites/${first!.id}`, {
      dayStart: '14:00',
      midday: '17:00',
      dayEnd: '22:00',
    });
    expect(together.status, together.text).toBe(200);
    expect(together.body).toMatchObject({ dayStart: '14:00', midday: '17:00', dayEnd: '22:00' });
  });

  it('applies two changes at once one after the other, refusing the one whose hours no longer fit (never a 500)', async () => {
    const team = await createTeam(testApp);
    const [first] = await sitesOf(team);
    // Each fits 09:00–13:00–18:00 alone; together the day would start after midday.
    const answers = await Promise.all([
      team.admin.client.request('PUT', `/api/sites/${first!.id}`, { dayStart: '12:00' }),
      team.admin.client.request('PUT', `/api/sites/${first!.id}`, { midday: '11:00' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const [site] = await sitesOf(team);
    expect(site!.dayStart < site!.midday && site!.midday < site!.dayEnd).toBe(true);
  });

  it('refuses a zone that is not an IANA name with 400 and keeps the zone', async () => {
    const team = await createTeam(testApp);
    const [first] = await sitesOf(team);
    const response = await team.admin.client.request('PUT', `/api/sites/${first!.id}`, { timeZone: 'Nowhere/City' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`${organizationMessages.timeZone} (timeZone)`);
    expect((await sitesOf(team))[0]?.timeZone).toBe('Europe/London');
  });

  it('moves the first site’s zone through PUT /api/organizations/{id}, and the organization’s zone follows', async () => {
    const team = await createTeam(testApp);
    const second = await addSite(team);
    const response = await team.admin.client.request('PUT', `/api/organizations/${team.id}`, {
      timeZone: 'Australia/Lord_Howe',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ timeZone: 'Australia/Lord_Howe', defaultZoomLevel: null });
    const [first, other] = await sitesOf(team);
    expect(first?.timeZone).toBe('Australia/Lord_Howe');
    expect(other).toEqual(second);
    expect(await auditOf(testApp, team, 'site.updated')).toEqual([
      {
        target_id: first!.id,
        details: { name: 'Main office', changes: { timeZone: { from: 'Europe/London', to: 'Australia/Lord_Howe' } } },
      },
    ]);
    const both = await team.admin.client.request('PUT', `/api/organizations/${team.id}`, {
      timeZone: 'Asia/Kolkata',
      defaultZoomLevel: 1.5,
    });
    expect(both.body).toMatchObject({ timeZone: 'Asia/Kolkata', defaultZoomLevel: 1.5 });
    const bad = await team.admin.client.request('PUT', `/api/organizations/${team.id}`, { timeZone: 'UTC+5' });
    expect(bad.status).toBe(400);
    const empty = await team.admin.client.request('PUT', `/api/organizations/${team.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Request body: Send defaultZoomLevel, timeZone or hideNames');
  });
});

describe('deleting a site', () => {
  it('deletes a site without floors, audits it, and sends its members back to the first site', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const site = await addSite(team, { name: 'Pop-up' });
    await member.client.request('PUT', `/api/organizations/${team.id}/home-site`, { siteId: site.id });
    const response = await team.admin.client.request('DELETE', `/api/sites/${site.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ message: 'Pop-up was deleted.' });
    expect((await sitesOf(team)).map((one) => one.name)).toEqual(['Main office']);
    expect((await member.client.get(`/api/organizations/${team.id}`)).body.homeSiteId).toBeNull();
    expect(await auditOf(testApp, team, 'site.deleted')).toEqual([
      { target_id: site.id, details: { name: 'Pop-up', timeZone: 'America/New_York' } },
    ]);
    expect((await team.admin.client.request('DELETE', `/api/sites/${site.id}`)).status).toBe(404);
  });

  it('refuses a site that has floors with 409 and a sentence naming them', async () => {
    const team = await createTeam(testApp);
    const site = await addSite(team, { name: 'Annex' });
    await addDesksOnSite(testApp, team, site.id, 1);
    const one = await team.admin.client.request('DELETE', `/api/sites/${site.id}`);
    expect(one.status).toBe(409);
    expect(one.body.message).toBe(siteMessages.hasFloors('Annex', 1));
    await addDesksOnSite(testApp, team, site.id, 1);
    const two = await team.admin.client.request('DELETE', `/api/sites/${site.id}`);
    expect(two.body.message).toBe(siteMessages.hasFloors('Annex', 2));
    expect((await sitesOf(team)).find((one) => one.id === site.id)?.floorCount).toBe(2);
  });

  it('refuses the organization’s last site with 409, and never lets two deletions at once take the last two', async () => {
    const team = await createTeam(testApp);
    const [first] = await sitesOf(team);
    const last = await team.admin.client.request('DELETE', `/api/sites/${first!.id}`);
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(siteMessages.lastSite);

    const second = await addSite(team);
    const answers = await Promise.all(
      [first!.id, second.id].map((id) => team.admin.client.request('DELETE', `/api/sites/${id}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await sitesOf(team)).toHaveLength(1);
  });

  it('deletes the first site when another remains, and the organization’s zone becomes the next one’s', async () => {
    const team = await createTeam(testApp);
    const [first] = await sitesOf(team);
    await addSite(team, { timeZone: 'Asia/Tokyo' });
    expect((await team.admin.client.request('DELETE', `/api/sites/${first!.id}`)).status).toBe(200);
    expect((await team.admin.client.get(`/api/organizations/${team.id}`)).body.timeZone).toBe('Asia/Tokyo');
  });
});

describe('who may see and change sites', () => {
  it('answers 404 with one sentence for another organization’s site, an unknown one and a non-uuid, on every route', async () => {
    const team = await createTeam(testApp);
    const outsider = await createTeam(testApp);
    const [theirs] = await sitesOf(outsider);
    const [ours] = await sitesOf(team);
    for (const siteId of [theirs!.id, randomUUID(), 'main-office']) {
      for (const [method, url, body] of [
        ['PUT', `/api/sites/${siteId}`, { name: 'Taken over' }],
        ['DELETE', `/api/sites/${siteId}`, undefined],
        ['GET', `/api/sites/${siteId}/change-consequences`, undefined],
        ['PUT', `/api/organizations/${team.id}/home-site`, { siteId }],
        ['POST', `/api/organizations/${team.id}/floors`, { name: 'Elsewhere', siteId }],
      ] as const) {
        const response = await team.admin.client.request(method, url, body);
        expect(response.status, `${method} ${url} ${siteId}`).toBe(404);
        expect(response.body.message).toBe(siteMessages.notFound);
      }
    }
    // And the outsider cannot reach ours, nor list our sites.
    expect((await outsider.admin.client.request('PUT', `/api/sites/${ours!.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await outsider.admin.client.get(`/api/organizations/${team.id}/sites`)).status).toBe(404);
    expect((await sitesOf(outsider)).map((site) => site.name)).toEqual(['Main office']);
    expect((await sitesOf(team)).map((site) => site.name)).toEqual(['Main office']);
  });

  it('lets a member read the sites but not add, change or delete one (403), and nobody signed out (401)', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const [first] = await sitesOf(team, member.client);
    const second = await addSite(team);
    const attempts: Array<[string, string, unknown]> = [
      ['POST', `/api/organizations/${team.id}/sites`, { name: 'Mine', timeZone: 'Europe/Paris' }],
      ['PUT', `/api/sites/${first!.id}`, { timeZone: 'Asia/Tokyo' }],
      ['DELETE', `/api/sites/${second.id}`, undefined],
      ['GET', `/api/sites/${first!.id}/change-consequences`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      expect((await member.client.request(method, url, body)).status, `${method} ${url}`).toBe(403);
      expect((await newClient(testApp).request(method, url, body)).status, `${method} ${url}`).toBe(401);
    }
    expect(await sitesOf(team)).toHaveLength(2);
    expect((await sitesOf(team))[0]?.timeZone).toBe('Europe/London');
  });

  it('answers 422 to an admin whose subscription has lapsed', async () => {
    const team = await createTeam(testApp);
    const [first] = await sitesOf(team);
    await cancelSubscription(testApp, team.id);
    expect((await team.admin.client.request('PUT', `/api/sites/${first!.id}`, { name: 'X' })).status).toBe(422);
    const created = await team.admin.client.post(`/api/organizations/${team.id}/sites`, {
      name: 'Lab',
      timeZone: 'Europe/Paris',
    });
    expect(created.status).toBe(422);
  });
});

describe('home site', () => {
  it('is null until a member chooses one of the organization’s sites, then read back with the organization', async () => {
    const team = await createTeam(testApp);
    const member: SignedUp = await addMember(testApp, team.id);
    const site = await addSite(team);
    expect((await member.client.get(`/api/organizations/${team.id}`)).body.homeSiteId).toBeNull();
    const response = await member.client.request('PUT', `/api/organizations/${team.id}/home-site`, { siteId: site.id });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id: team.id, role: 'member', homeSiteId: site.id });
    expect((await member.client.get(`/api/organizations/${team.id}`)).body.homeSiteId).toBe(site.id);
    expect((await member.client.get('/api/organizations')).body[0].homeSiteId).toBe(site.id);
    // Each person's own: the admin's stays unset.
    expect((await team.admin.client.get(`/api/organizations/${team.id}`)).body.homeSiteId).toBeNull();
    // Not audited: a personal preference.
    const [row] = await testApp.database.sql.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM audit_events WHERE organization_id = $1 AND action LIKE 'site.%' AND action <> 'site.created'",
      [team.id],
    );
    expect(row?.count).toBe(0);
  });

  it('answers 404 to someone who is not a member, and 400 to a body that names no site', async () => {
    const team = await createTeam(testApp);
    const outsider = await createTeam(testApp);
    const [first] = await sitesOf(team);
    const stranger = await outsider.admin.client.request('PUT', `/api/organizations/${team.id}/home-site`, {
      siteId: first!.id,
    });
    expect(stranger.status).toBe(404);
    const [method, url] = ['PUT', `/api/organizations/${team.id}/home-site`];
    expect((await team.admin.client.request(method, url, {})).status).toBe(400);
    expect((await team.admin.client.request(method, url, { siteId: first!.id, extra: 1 })).status).toBe(400);
  });
});
