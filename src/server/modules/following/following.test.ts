import { describe, expect, it } from 'vitest';
import { addDays } from '#domain/dates.ts';
import { mondayOf } from '#domain/week.ts';
import { dailyMailJob } from '#server/jobs/daily-mail.ts';
import { addMember, book, createOrganization } from '#test-support/bookings.ts';
import { expectRefusal, startTestAppForFile } from '#test-support/harness.ts';
import { insertNeighbourhood, insertTeam } from '#test-support/neighbourhoods.ts';

// Following colleagues, the week view and the evening mail (issue 29).

const testApp = startTestAppForFile();

async function office() {
  const organization = await createOrganization(testApp, { deskCount: 6 });
  const me = await addMember(testApp, organization.id, 'member', { firstName: 'Mo', lastName: 'Me' });
  const ana = await addMember(testApp, organization.id, 'member', { firstName: 'Ana', lastName: 'Alves' });
  const raj = await addMember(testApp, organization.id, 'member', { firstName: 'Raj', lastName: 'Rao' });
  const zoe = await addMember(testApp, organization.id, 'member', { firstName: 'Zoë', lastName: 'Zed' });
  return { organization, me, ana, raj, zoe };
}

describe('following colleagues', () => {
  it('replaces the list of people followed and reads it back, with the evening mail off until asked for', async () => {
    const { organization, me, ana, raj } = await office();
    const url = `/api/organizations/${organization.id}/following`;
    expect((await me.client.get(url)).body).toEqual({ userIds: [], dailyMail: false, namesHidden: false });
    const put = await me.client.request('PUT', url, { userIds: [ana.user.id, raj.user.id, ana.user.id] });
    expect(put.status, put.text).toBe(200);
    expect([...put.body.userIds].sort()).toEqual([ana.user.id, raj.user.id].sort());
    const mail = await me.client.request('PUT', url, { dailyMail: true });
    expect(mail.body.dailyMail).toBe(true);
    expect((await me.client.request('PUT', url, { userIds: [raj.user.id] })).body.userIds).toEqual([raj.user.id]);
  });

  it('answers 404 for someone of another organization, exactly as for an unknown id, and follows nobody then', async () => {
    const { organization, me, ana } = await office();
    const other = await createOrganization(testApp);
    const stranger = await addMember(testApp, other.id);
    const url = `/api/organizations/${organization.id}/following`;
    for (const id of [stranger.user.id, other.admin.user.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expectRefusal(await me.client.request('PUT', url, { userIds: [ana.user.id, id] }), 404, 'Member not found.');
    }
    expect((await me.client.get(url)).body.userIds).toEqual([]);
    expectRefusal(await stranger.client.get(url), 404, 'Organization not found.');
    expectRefusal(await stranger.client.request('PUT', url, { userIds: [] }), 404, 'Organization not found.');
  });

  it('refuses following oneself, more than 200 people and unknown fields, with a sentence', async () => {
    const { organization, me } = await office();
    const url = `/api/organizations/${organization.id}/following`;
    expectRefusal(await me.client.request('PUT', url, { userIds: [me.user.id] }), 400, 'You cannot follow yourself.');
    const many = Array.from({ length: 201 }, () => crypto.randomUUID());
    expectRefusal(await me.client.request('PUT', url, { userIds: many }), 400, /at most 200/);
    expect((await me.client.request('PUT', url, { userIds: [], admin: true })).status).toBe(400);
  });

  it('ends a follow when either person leaves the organization', async () => {
    const { organization, me, ana } = await office();
    const url = `/api/organizations/${organization.id}/following`;
    await me.client.request('PUT', url, { userIds: [ana.user.id] });
    const removed = await organization.admin.client.request(
      'DELETE',
      `/api/organizations/${organization.id}/members/${ana.user.id}`,
    );
    expect(removed.status, removed.text).toBe(200);
    expect((await me.client.get(url)).body.userIds).toEqual([]);
  });
});

describe('the week', () => {
  it('lists the people I follow first, then my team mates, with a free desk near each, and marks my own days', async () => {
    const { organization, me, ana, raj, zoe } = await office();
    const day = organization.day(8);
    const [d1, d2, d3, d4, d5] = organization.desks as [string, string, string, string, string];
    const neighbourhood = await insertNeighbourhood(testApp, organization.id, organization.floorId, 'Windows', {
      deskIds: [d2, d5],
    });
    await insertTeam(testApp, organization.id, 'Design', { userIds: [me.user.id, ana.user.id] });
    await me.client.request('PUT', `/api/organizations/${organization.id}/following`, { userIds: [raj.user.id] });
    for (const [person, deskId] of [
      [me, d1],
      [ana, d2],
      [raj, d3],
      [zoe, d4],
    ] as const) {
      expect((await book(person.client, organization, { deskId, bookingDate: day })).status).toBe(201);
    }
    const week = await me.client.get(`/api/organizations/${organization.id}/week?start=${day}`);
    expect(week.status, week.text).toBe(200);
    expect(week.body.weekStart).toBe(mondayOf(day));
    expect(week.body.days.map((entry: { date: string }) => entry.date)).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((offset) => addDays(mondayOf(day), offset)),
    );
    const theDay = week.body.days.find((entry: { date: string }) => entry.date === day);
    expect(theDay.mine).toEqual([expect.objectContaining({ deskId: d1, timeSlot: 'full-day' })]);
    expect(theDay.inCount).toBe(4);
    expect(theDay.people).toEqual([
      expect.objectContaining({ name: 'Raj Rao', isFollowed: true, isTeamMate: false, deskId: d3 }),
      expect.objectContaining({
        name: 'Ana Alves',
        isFollowed: false,
        isTeamMate: true,
        neighbourhoodId: neighbourhood,
        near: { deskId: d5, deskName: 'D05', floorId: organization.floorId, isSameNeighbourhood: true },
      }),
    ]);
    expect(JSON.stringify(week.body)).not.toContain('Zoë');
  });

  it('answers 404 for another organization and another organization’s site, 400 for a malformed date', async () => {
    const { organization, me } = await office();
    const other = await createOrganization(testApp);
    const [otherSite] = await testApp.database.sql.query<{ id: string }>(
      'SELECT id FROM sites WHERE organization_id = $1',
      [other.id],
    );
    expectRefusal(await me.client.get(`/api/organizations/${other.id}/week`), 404, 'Organization not found.');
    expectRefusal(
      await me.client.get(`/api/organizations/${organization.id}/week?siteId=${otherSite?.id}`),
      404,
      'Site not found.',
    );
    expect((await me.client.get(`/api/organizations/${organization.id}/week?start=2026-13-01`)).status).toBe(400);
    expect((await me.client.get(`/api/organizations/${organization.id}/week?start=1800-01-01`)).status).toBe(400);
  });
});

describe('the evening mail', () => {
  it('tells an opted-in person who of the people they follow and their team is in tomorrow, once across runs', async () => {
    const { organization, me, ana, raj, zoe } = await office();
    // Office hours end at 18:00 in London; 20:00 there on a weekday's evening (every day is a working day here).
    const today = organization.day(1);
    const tomorrow = addDays(today, 1);
    await insertTeam(testApp, organization.id, 'Design', { userIds: [me.user.id, ana.user.id] });
    const url = `/api/organizations/${organization.id}/following`;
    await me.client.request('PUT', url, { userIds: [raj.user.id], dailyMail: true });
    await zoe.client.request('PUT', url, { userIds: [ana.user.id] });
    for (const [person, index] of [
      [ana, 1],
      [raj, 2],
    ] as const) {
      const made = await book(person.client, organization, {
        deskId: organization.desks[index],
        bookingDate: tomorrow,
      });
      expect(made.status).toBe(201);
    }
    const evening = new Date(`${today}T20:00:00Z`);
    const run = (at: Date) => dailyMailJob(testApp.app.perch, () => at).run();
    await Promise.all([run(evening), run(evening)]);
    await run(new Date(evening.getTime() + 60 * 60_000));
    const mails = testApp.mails.filter((mail) => mail.to === me.user.email && mail.subject.startsWith('Tomorrow'));
    expect(mails.map((mail) => mail.subject)).toEqual(['Tomorrow: Ana Alves and Raj Rao are in, Floor 1']);
    // Zoë follows Ana but did not ask for the mail.
    expect(testApp.mails.filter((mail) => mail.to === zoe.user.email && mail.subject.startsWith('Tomorrow'))).toEqual(
      [],
    );
    // Before the end of office hours nothing is due.
    const early = testApp.mails.length;
    await run(new Date(`${addDays(today, 1)}T12:00:00Z`));
    expect(testApp.mails.length).toBe(early);
  });

  it('is never sent when the organization hides names', async () => {
    const { organization, me, raj } = await office();
    const today = organization.day(1);
    await me.client.request('PUT', `/api/organizations/${organization.id}/following`, {
      userIds: [raj.user.id],
      dailyMail: true,
    });
    await book(raj.client, organization, { deskId: organization.desks[2], bookingDate: addDays(today, 1) });
    await organization.admin.client.request('PUT', `/api/organizations/${organization.id}`, { hideNames: true });
    await dailyMailJob(testApp.app.perch, () => new Date(`${today}T20:00:00Z`)).run();
    expect(testApp.mails.filter((mail) => mail.to === me.user.email && mail.subject.startsWith('Tomorrow'))).toEqual(
      [],
    );
  });
});
