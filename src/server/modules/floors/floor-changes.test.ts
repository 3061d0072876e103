import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startForFile } from '#test-support/for-file.ts';
import { cancelSubscription, startTestAppForFile } from '#test-support/harness.ts';
import { parseMime, partOfType, startSmtpServer } from '#test-support/smtp.ts';
import {
  addDesks,
  addMember,
  createTeam,
  insertBooking,
  newClient,
  type SignedUp,
  type Team,
  teamTestEnvironment,
} from '#test-support/team.ts';

const smtp = startForFile(startSmtpServer);
const testApp = startTestAppForFile(() => ({
  environment: { ...teamTestEnvironment, SMTP_URL: smtp.url },
  mailer: 'as configured',
}));

async function floorsOf(team: Team, client = team.admin.client) {
  return (await client.get(`/api/organizations/${team.id}/floors`)).body as Array<{ id: string; name: string }>;
}

async function floorOf(deskId: string): Promise<string> {
  const [row] = await testApp.database.sql.query<{ floor_id: string }>('SELECT floor_id FROM desks WHERE id = $1', [
    deskId,
  ]);
  return row!.floor_id;
}

async function auditOf(team: Team, action: string) {
  return testApp.database.sql.query<{ target_id: string; details: Record<string, unknown> }>(
    'SELECT target_id, details FROM audit_events WHERE organization_id = $1 AND action = $2 ORDER BY id',
    [team.id, action],
  );
}

describe('renaming a floor', () => {
  it('renames it for everyone, trimmed, with the desks and bookings that name it, and audits it', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const [deskId] = await addDesks(testApp, team.id, 1);
    const floorId = await floorOf(deskId!);
    await insertBooking(testApp, {
      organizationId: team.id,
      deskId: deskId!,
      userId: member.user.id,
      daysFromToday: 2,
    });

    const response = await team.admin.client.request('PUT', `/api/floors/${floorId}`, { name: '  3rd floor ' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id: floorId, name: '3rd floor' });
    expect((await floorsOf(team, member.client)).map((floor) => floor.name)).toContain('3rd floor');
    expect((await member.client.get(`/api/floors/${floorId}/desks`)).body[0].floor).toEqual({
      id: floorId,
      name: '3rd floor',
    });
    const mine = await member.client.get(`/api/users/bookings?organizationId=${team.id}`);
    expect(mine.body[0].desk.floor.name).toBe('3rd floor');
    expect(await auditOf(team, 'floor.renamed')).toEqual([
      { target_id: floorId, details: { from: 'Floor 1', to: '3rd floor' } },
    ]);
  });

  it('renames and saves the default zoom in one request', async () => {
    const team = await createTeam(testApp);
    const [floor] = await floorsOf(team);
    const response = await team.admin.client.request('PUT', `/api/floors/${floor!.id}`, {
      name: 'Ground',
      defaultZoomLevel: 1.5,
    });
    expect(response.body).toMatchObject({ name: 'Ground', defaultZoomLevel: 1.5 });
  });

  it.each([
    ['a blank name', { name: '   ' }, 'Floor name is required (name)'],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, 'Floor name must be at most 100 characters (name)'],
    ['a name that is a number', { name: 3 }, 'Floor name is required (name)'],
  ])('refuses %s with 400 and keeps the name', async (_label, body, message) => {
    const team = await createTeam(testApp);
    const [floor] = await floorsOf(team);
    const response = await team.admin.client.request('PUT', `/api/floors/${floor!.id}`, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await floorsOf(team))[0]?.name).toBe('Floor 1');
  });

  it('answers 403 to a member, 404 to an outsider, 422 when the subscription has lapsed', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const outsider = await createTeam(testApp);
    const [floor] = await floorsOf(team);
    const rename = (client: SignedUp['client']) =>
      client.request('PUT', `/api/floors/${floor!.id}`, { name: 'Taken over' });
    expect((await rename(member.client)).status).toBe(403);
    expect((await rename(outsider.admin.client)).status).toBe(404);
    await cancelSubscription(testApp, team.id);
    expect((await rename(team.admin.client)).status).toBe(422);
    expect((await floorsOf(team))[0]?.name).toBe('Floor 1');
  });
});

describe('deleting a floor', () => {
  it('says first how many desks and upcoming bookings would go', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const desks = await addDesks(testApp, team.id, 3);
    const floorId = await floorOf(desks[0]!);
    const userId = member.user.id;
    await insertBooking(testApp, { organizationId: team.id, deskId: desks[0]!, userId, daysFromToday: 0 });
    await insertBooking(testApp, { organizationId: team.id, deskId: desks[1]!, userId, daysFromToday: 5 });
    await insertBooking(testApp, {
      organizationId: team.id,
      deskId: desks[2]!,
      userId,
      daysFromToday: -30,
      isPermanent: true,
    });
    await insertBooking(testApp, { organizationId: team.id, deskId: desks[0]!, userId, daysFromToday: -3 });
    await testApp.database.sql.query(`UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [
      await insertBooking(testApp, { organizationId: team.id, deskId: desks[1]!, userId, daysFromToday: 9 }),
    ]);
    const response = await team.admin.client.get(`/api/floors/${floorId}/deletion-consequences`);
    expect(response.status).toBe(200);
    // Today's, next week's and the permanent one; not the past one, not the cancelled one.
    expect(response.body).toEqual({ floorName: 'Floor 1', desks: 3, upcomingBookings: 3, isLastFloor: true });
    expect((await member.client.get(`/api/floors/${floorId}/deletion-consequences`)).status).toBe(403);
  });

  it('deletes it with its desks and bookings, mails the owners of the upcoming ones, and audits it', async () => {
    const team = await createTeam(testApp);
    const [ana, ben] = [await addMember(testApp, team.id), await addMember(testApp, team.id)];
    const desks = await addDesks(testApp, team.id, 3);
    const floorId = await floorOf(desks[0]!);
    await addDesks(testApp, team.id, 1); // another floor, which stays
    await insertBooking(testApp, { organizationId: team.id, deskId: desks[0]!, userId: ana.user.id, daysFromToday: 4 });
    await insertBooking(testApp, { organizationId: team.id, deskId: desks[1]!, userId: ana.user.id, daysFromToday: 6 });
    await insertBooking(testApp, { organizationId: team.id, deskId: desks[2]!, userId: ben.user.id, daysFromToday: 1 });
    await insertBooking(testApp, {
      organizationId: team.id,
      deskId: desks[2]!,
      userId: ben.user.id,
      daysFromToday: -2,
    });
    await team.admin.client.request('PUT', `/api/floors/${floorId}`, { name: 'Mezzanine' });

    const response = await team.admin.client.request('DELETE', `/api/floors/${floorId}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      message: 'Mezzanine was deleted.',
      deletedDesks: 3,
      cancelledBookings: 3,
      replacementFloor: null,
    });
    expect((await floorsOf(team)).map((floor) => floor.id)).not.toContain(floorId);
    const [left] = await testApp.database.sql.query<{ desks: number; bookings: number }>(
      `SELECT (SELECT count(*)::int FROM desks WHERE floor_id = $1) AS desks,
              (SELECT count(*)::int FROM bookings WHERE desk_id = ANY($2::uuid[])) AS bookings`,
      [floorId, desks],
    );
    expect(left).toEqual({ desks: 0, bookings: 0 });

    const mails = [await smtp.nextMail(), await smtp.nextMail()];
    const byRecipient = new Map(mails.map((mail) => [mail.envelopeTo[0], parseMime(mail.raw)]));
    expect([...byRecipient.keys()].sort()).toEqual([ana.email, ben.email].sort());
    const anasText = partOfType(byRecipient.get(ana.email)!, 'text/plain')?.body ?? '';
    expect(anasText).toContain('because the floor Mezzanine was deleted');
    expect(anasText.match(/Desk D0\d on Mezzanine/g)).toHaveLength(2);
    const bensText = partOfType(byRecipient.get(ben.email)!, 'text/plain')?.body ?? '';
    expect(bensText.match(/Desk D0\d on Mezzanine/g)).toHaveLength(1);

    expect(await auditOf(team, 'floor.deleted')).toEqual([
      { target_id: floorId, details: { name: 'Mezzanine', desks: 3, cancelledBookings: 3 } },
    ]);
    expect((await team.admin.client.request('DELETE', `/api/floors/${floorId}`)).status).toBe(404);
  });

  it("replaces the organization's last floor with an empty Floor 1, so nobody is left without a floor", async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const [floor] = await floorsOf(team);
    await team.admin.client.request('PUT', `/api/floors/${floor!.id}`, { name: 'Only floor' });
    const consequences = await team.admin.client.get(`/api/floors/${floor!.id}/deletion-consequences`);
    expect(consequences.body).toMatchObject({ isLastFloor: true, desks: 0 });
    const response = await team.admin.client.request('DELETE', `/api/floors/${floor!.id}`);
    expect(response.status).toBe(200);
    expect(response.body.replacementFloor).toMatchObject({ name: 'Floor 1', organizationId: team.id });
    expect(await floorsOf(team, member.client)).toEqual([response.body.replacementFloor]);
  });

  it('answers 403 to a member, 404 to an outsider and for an unknown floor, 422 when the subscription has lapsed', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const outsider = await createTeam(testApp);
    const [deskId] = await addDesks(testApp, team.id, 1);
    const floorId = await floorOf(deskId!);
    const remove = (client: SignedUp['client'], id = floorId) => client.request('DELETE', `/api/floors/${id}`);
    expect((await remove(member.client)).status).toBe(403);
    expect((await remove(outsider.admin.client)).status).toBe(404);
    expect((await outsider.admin.client.get(`/api/floors/${floorId}/deletion-consequences`)).status).toBe(404);
    expect((await remove(team.admin.client, randomUUID())).status).toBe(404);
    expect((await remove(team.admin.client, 'floor-1')).status).toBe(404);
    expect((await remove(newClient(testApp))).status).toBe(401);
    await cancelSubscription(testApp, team.id);
    expect((await remove(team.admin.client)).status).toBe(422);
    expect(await floorOf(deskId!)).toBe(floorId);
  });
});
