import { describe, expect, it } from 'vitest';
import { trialsJob } from '#server/jobs/trials.ts';
import { addMember, auditActions, createTeam, day, readSubscription } from '#test-support/subscriptions.ts';
import { startTeamAppForFile } from '#test-support/team.ts';

const testApp = startTeamAppForFile();

const mailsTo = (email: string) => testApp.mails.filter((mail) => mail.to === email);

describe('the trial job', () => {
  it('mails every admin once, 3 days before the 14-day trial ends', async () => {
    const team = await createTeam(testApp);
    const coAdmin = await addMember(testApp, team.id, 'admin');
    const member = await addMember(testApp, team.id, 'member');
    const endsAt = (await readSubscription(testApp, team.id)).ends_at ?? new Date();
    const job = (at: number) => trialsJob(testApp.app.perch, () => new Date(at)).run();

    await job(endsAt.getTime() - 4 * day);
    expect(mailsTo(team.admin.email)).toHaveLength(0);

    await job(endsAt.getTime() - 3 * day + 60_000);
    await job(endsAt.getTime() - 2 * day);
    const reminders = mailsTo(team.admin.email);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.subject).toBe('Your Perch trial for Acme Corp ends in 3 days');
    expect(reminders[0]?.links).toEqual(['http://perch.test/subscription']);
    expect(mailsTo(coAdmin.email)).toHaveLength(1);
    expect(mailsTo(member.email)).toHaveLength(0);
    expect((await readSubscription(testApp, team.id)).status).toBe('trial');
  });

  it('ends the trial when its 14 days are over, records it, and tells the admins', async () => {
    const team = await createTeam(testApp);
    const created = await readSubscription(testApp, team.id);
    const endsAt = created.ends_at ?? new Date();
    expect(endsAt.getTime() - Date.now()).toBeGreaterThan(13.9 * day);

    await trialsJob(testApp.app.perch, () => new Date(endsAt.getTime() - 1000)).run();
    expect((await readSubscription(testApp, team.id)).status).toBe('trial');

    await trialsJob(testApp.app.perch, () => new Date(endsAt.getTime() + 1000)).run();
    expect((await readSubscription(testApp, team.id)).status).toBe('none');
    expect(await auditActions(testApp, team.id)).toContain('subscription.trial_ended');
    expect(mailsTo(team.admin.email).map((mail) => mail.subject)).toContain('Your Perch trial for Acme Corp has ended');

    // Running again changes and sends nothing more.
    const sent = testApp.mails.length;
    await trialsJob(testApp.app.perch, () => new Date(endsAt.getTime() + 2000)).run();
    expect(testApp.mails.length).toBe(sent);
  });

  it('leaves an ended trial without edit mode or invitations, until a subscription or override', async () => {
    const team = await createTeam(testApp);
    await testApp.database.sql.query(
      "UPDATE subscriptions SET ends_at = now() - interval '1 minute' WHERE organization_id = $1",
      [team.id],
    );
    await trialsJob(testApp.app.perch).run();
    const floor = await team.admin.client.post(`/api/organizations/${team.id}/floors`, { name: 'Annex' });
    expect(floor.status).toBe(422);
    expect(floor.body.message).toBe('Subscribe to edit floor plans');
    const view = await team.admin.client.get(`/api/organizations/${team.id}/subscription`);
    expect(view.body).toMatchObject({ status: 'none', planId: 'tier-1', seatsUsed: 1 });
  });
});
