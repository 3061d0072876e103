import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { siteMessages } from '#domain/sites.ts';
import { startForFile } from '#test-support/for-file.ts';
import { startTestAppForFile } from '#test-support/harness.ts';
import { addDesksOnSite, addSite, auditOf, sitesOf } from '#test-support/sites.ts';
import { parseMime, partOfType, startSmtpServer } from '#test-support/smtp.ts';
import { addDesks, addMember, createTeam, insertBooking, teamTestEnvironment } from '#test-support/team.ts';

// What a change of a site's zone or hours moves (issue 28): the count its confirmation shows, one mail per owner with
// the new times; and floors on sites: made on one, moved to another (with the same mail when the clocks differ).

const smtp = startForFile(startSmtpServer);
const testApp = startTestAppForFile(() => ({
  environment: { ...teamTestEnvironment, SMTP_URL: smtp.url },
  mailer: 'as configured',
}));

describe('what a change of zone or hours moves', () => {
  it('counts the upcoming active bookings on the site’s floors, permanent ones included, and their owners', async () => {
    const team = await createTeam(testApp);
    const [ana, ben] = [await addMember(testApp, team.id), await addMember(testApp, team.id)];
    const site = await addSite(team, { timeZone: 'Asia/Tokyo' });
    const desks = await addDesksOnSite(testApp, team, site.id, 3);
    const [elsewhere] = await addDesks(testApp, team.id, 1);
    const organizationId = team.id;
    await insertBooking(testApp, { organizationId, deskId: desks[0]!, userId: ana.user.id, daysFromToday: 2 });
    await insertBooking(testApp, { organizationId, deskId: desks[1]!, userId: ana.user.id, daysFromToday: 5 });
    await insertBooking(testApp, {
      organizationId,
      deskId: desks[2]!,
      userId: ben.user.id,
      daysFromToday: -20,
      isPermanent: true,
    });
    await insertBooking(testApp, { organizationId, deskId: desks[0]!, userId: ben.user.id, daysFromToday: -3 });
    const cancelled = await insertBooking(testApp, {
      organizationId,
      deskId: desks[1]!,
      userId: ben.user.id,
      daysFromToday: 9,
    });
    await testApp.database.sql.query(`UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [
      cancelled,
    ]);
    await insertBooking(testApp, { organizationId, deskId: elsewhere!, userId: ben.user.id, daysFromToday: 3 });

    const response = await team.admin.client.get(`/api/sites/${site.id}/change-consequences`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ upcomingBookings: 3, people: 2 });
    const [first] = await sitesOf(team);
    expect((await team.admin.client.get(`/api/sites/${first!.id}/change-consequences`)).body).toEqual({
      upcomingBookings: 1,
      people: 1,
    });
  });

  it('mails each owner of upcoming bookings once, with their bookings at the new times and the zone', async () => {
    const team = await createTeam(testApp);
    const [ana, ben] = [await addMember(testApp, team.id), await addMember(testApp, team.id)];
    const site = await addSite(team, { name: 'Tokyo', timeZone: 'Asia/Tokyo' });
    const desks = await addDesksOnSite(testApp, team, site.id, 2);
    const organizationId = team.id;
    for (let day = 1; day <= 22; day += 1) {
      await insertBooking(testApp, { organizationId, deskId: desks[0]!, userId: ana.user.id, daysFromToday: day });
    }
    await insertBooking(testApp, {
      organizationId,
      deskId: desks[1]!,
      userId: ben.user.id,
      daysFromToday: 3,
      timeSlot: 'morning',
    });
    await insertBooking(testApp, { organizationId, deskId: desks[1]!, userId: team.admin.user.id, daysFromToday: 4 });

    // A new name moves no time: nobody is mailed for it.
    expect((await team.admin.client.request('PUT', `/api/sites/${site.id}`, { name: 'Tokyo HQ' })).status).toBe(200);
    const response = await team.admin.client.request('PUT', `/api/sites/${site.id}`, {
      timeZone: 'Asia/Seoul',
      dayStart: '08:00',
      midday: '12:00',
    });
    expect(response.status, response.text).toBe(200);

    const mails = [await smtp.nextMail(), await smtp.nextMail()];
    const byRecipient = new Map(mails.map((mail) => [mail.envelopeTo[0], parseMime(mail.raw)]));
    expect([...byRecipient.keys()].sort()).toEqual([ana.email, ben.email].sort());
    const anas = byRecipient.get(ana.email)!;
    expect(anas.headers.get('subject')).toBe('The times of your bookings at Tokyo HQ changed');
    const anasText = partOfType(anas, 'text/plain')?.body ?? '';
    expect(anasText.match(/Desk S01 on Annex: .*, full day \(08:00–18:00\)/g)).toHaveLength(20);
    expect(anasText).toContain('…and 2 more.');
    expect(anasText).toContain('Times are Asia/Seoul time.');
    const bens = byRecipient.get(ben.email)!;
    expect(bens.headers.get('subject')).toBe('The times of your booking at Tokyo HQ changed');
    expect(partOfType(bens, 'text/plain')?.body).toMatch(/Desk S02 on Annex: .*, morning \(08:00–12:00\)/);
  });
});

describe('floors on sites', () => {
  it('creates a floor on the site it names, else on the first site', async () => {
    const team = await createTeam(testApp);
    const [first] = await sitesOf(team);
    const site = await addSite(team);
    const chosen = await team.admin.client.post(`/api/organizations/${team.id}/floors`, {
      name: 'Level 5',
      siteId: site.id,
    });
    expect(chosen.status, chosen.text).toBe(201);
    expect(chosen.body).toMatchObject({ name: 'Level 5', siteId: site.id });
    const plain = await team.admin.client.post(`/api/organizations/${team.id}/floors`, { name: 'Ground' });
    expect(plain.body.siteId).toBe(first!.id);
    expect((await sitesOf(team)).map((one) => one.floorCount)).toEqual([1, 1]);
    const listed = (await team.admin.client.get(`/api/organizations/${team.id}/floors`)).body as Array<{
      name: string;
      siteId: string;
    }>;
    expect(listed.map(({ name, siteId }) => ({ name, siteId }))).toEqual([
      { name: 'Level 5', siteId: site.id },
      { name: 'Ground', siteId: first!.id },
    ]);
  });

  it('moves a floor to another site of the organization, audits the move, and refuses another tenant’s site', async () => {
    const team = await createTeam(testApp);
    const outsider = await createTeam(testApp);
    const [theirs] = await sitesOf(outsider);
    const site = await addSite(team, { name: 'New York' });
    const floor = await team.admin.client.post(`/api/organizations/${team.id}/floors`, { name: 'Level 2' });
    const moved = await team.admin.client.request('PUT', `/api/floors/${floor.body.id}`, { siteId: site.id });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ id: floor.body.id, siteId: site.id, name: 'Level 2' });
    expect(await auditOf(testApp, team, 'floor.moved')).toEqual([
      { target_id: floor.body.id, details: { name: 'Level 2', from: 'Main office', to: 'New York' } },
    ]);
    for (const siteId of [theirs!.id, randomUUID(), 'x']) {
      const refused = await team.admin.client.request('PUT', `/api/floors/${floor.body.id}`, { siteId });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(siteMessages.notFound);
    }
    expect((await team.admin.client.get(`/api/organizations/${team.id}/floors`)).body[0].siteId).toBe(site.id);
    // A site with a floor just moved onto it cannot be deleted.
    expect((await team.admin.client.request('DELETE', `/api/sites/${site.id}`)).status).toBe(409);
  });
});

describe('moving a floor between sites', () => {
  it('mails the owners of its upcoming bookings their new times when the sites keep different clocks', async () => {
    const team = await createTeam(testApp);
    const ana = await addMember(testApp, team.id);
    const [deskId] = await addDesks(testApp, team.id, 1);
    const [floor] = await testApp.database.sql.query<{ id: string }>('SELECT floor_id AS id FROM desks WHERE id = $1', [
      deskId,
    ]);
    await insertBooking(testApp, {
      organizationId: team.id,
      deskId: deskId!,
      userId: ana.user.id,
      daysFromToday: 3,
      timeSlot: 'afternoon',
    });
    const sameClock = await addSite(team, { name: 'Twin', timeZone: 'Europe/London' });
    const otherClock = await addSite(team, { name: 'Late office', timeZone: 'Europe/London', dayEnd: '20:00' });
    // Onto a site with the same zone and hours: nothing moves, nobody is mailed (the next mail is the second move's).
    expect((await team.admin.client.request('PUT', `/api/floors/${floor!.id}`, { siteId: sameClock.id })).status).toBe(
      200,
    );
    const moved = await team.admin.client.request('PUT', `/api/floors/${floor!.id}`, { siteId: otherClock.id });
    expect(moved.status, moved.text).toBe(200);
    const mail = await smtp.nextMail();
    expect(mail.envelopeTo).toEqual([ana.email]);
    const text = partOfType(parseMime(mail.raw), 'text/plain')?.body ?? '';
    expect(text).toContain('moved Floor 1 to the site Late office');
    expect(text).toMatch(/Desk D01 on Floor 1: .*, afternoon \(13:00–20:00\)/);
    expect(await auditOf(testApp, team, 'floor.moved')).toHaveLength(2);
  });

  it('either deletes the site or moves the floor onto it when both happen at once, never both', async () => {
    const team = await createTeam(testApp);
    const floor = await team.admin.client.post(`/api/organizations/${team.id}/floors`, { name: 'Level 9' });
    for (let round = 0; round < 4; round += 1) {
      const site = await addSite(team);
      const [moved, deleted] = await Promise.all([
        team.admin.client.request('PUT', `/api/floors/${floor.body.id}`, { siteId: site.id }),
        team.admin.client.request('DELETE', `/api/sites/${site.id}`),
      ]);
      const outcome = [moved.status, deleted.status];
      expect([
        [200, 409],
        [404, 200],
      ]).toContainEqual(outcome);
      const [row] = await testApp.database.sql.query<{ site_id: string; exists: boolean }>(
        'SELECT site_id, EXISTS (SELECT 1 FROM sites WHERE id = floors.site_id) AS exists FROM floors WHERE id = $1',
        [floor.body.id],
      );
      expect(row?.exists).toBe(true);
      if (moved.status === 200) {
        expect(row?.site_id).toBe(site.id);
        // Back onto the first site, so the next round starts as this one did.
        const [first] = await sitesOf(team);
        await team.admin.client.request('PUT', `/api/floors/${floor.body.id}`, { siteId: first!.id });
      }
    }
  });
});
