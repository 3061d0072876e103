import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '#test-support/harness.ts';
import { addMember, createTeam, setSubscription, signUp, startTeamAppForFile, type Team } from '#test-support/team.ts';

const testApp = startTeamAppForFile();

const invitePath = (team: Team) => `/api/organizations/${team.id}/invite`;
const lastMailTo = (email: string) => testApp.mails.filter((mail) => mail.to === email).at(-1);

async function renameTeam(team: Team, name: string) {
  await testApp.database.sql.query('UPDATE organizations SET name = $2 WHERE id = $1', [team.id, name]);
}

describe('invitations per user', () => {
  it('caps the addresses one user invites at 200 an hour across all their organizations, with 429 and a sentence', async () => {
    const admin = await signUp(testApp, { firstName: 'Ada', lastName: 'Admin' });
    const first = await createTeam(testApp, admin);
    await setSubscription(testApp, first.id, { maxUsers: 1000 });
    const emails = Array.from({ length: 200 }, (_, index) => `many${index}.${Date.now().toString(36)}@example.com`);
    expect((await admin.client.post(invitePath(first), { emails })).body.summary).toEqual({ sent: 200, failed: 0 });

    const second = await createTeam(testApp, admin);
    const refused = await admin.client.post(invitePath(second), { emails: [uniqueEmail()] });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(refused.body.message).toMatch(
      /^You have sent too many invitations in the last hour\. Please wait \d+ (seconds|minutes) and try again\.$/,
    );

    // Another admin of the second organization invites as usual; the capped user cannot resend that invitation.
    const colleague = await addMember(testApp, second.id, 'admin');
    const invited = await colleague.client.post(invitePath(second), { emails: [uniqueEmail()] });
    expect(invited.body.summary).toEqual({ sent: 1, failed: 0 });
    const [pending] = (await admin.client.get(`/api/organizations/${second.id}/invitations`)).body;
    const resend = await admin.client.post(`/api/organizations/${second.id}/invitations/${pending.id}/resend`);
    expect(resend.status).toBe(429);
    expect(resend.body.message).toMatch(/^You have sent too many invitations in the last hour\./);
  });
});

describe('invitation mail text', () => {
  it('quotes the organization name in the subject and body, cut to 60 characters', async () => {
    const team = await createTeam(testApp);
    const longName = `Acme ${'Very Long Name '.repeat(6)}Holdings`.slice(0, 100);
    await renameTeam(team, longName);
    const email = uniqueEmail();
    await team.admin.client.post(invitePath(team), { emails: [email] });
    const mail = lastMailTo(email);
    const quoted = `"${longName.slice(0, 59)}…"`;
    expect(mail?.subject).toBe(`You're invited to join ${quoted} on Perch`);
    expect(mail?.text).toContain(`"Ada Admin" has invited you to join ${quoted} on Perch as a member.`);
    expect(mail?.text).not.toContain(longName.slice(0, 60));
    expect(mail?.html).toContain(`&quot;${longName.slice(0, 59)}…&quot;`);
  });

  it('is fixed text: two invitations differ only in the quoted names, the role and the link', async () => {
    const plain = await createTeam(testApp);
    const inviter = await signUp(testApp, {
      firstName: 'Security Team: your password expires today, reset it at evil.example',
      lastName: 'x'.repeat(100),
    });
    const hostile = await createTeam(testApp, inviter);
    await renameTeam(hostile, 'Payroll. Your salary is on hold until you sign in at evil.example');
    const [toPlain, toHostile] = [uniqueEmail(), uniqueEmail()];
    await plain.admin.client.post(invitePath(plain), { emails: [toPlain] });
    await inviter.client.post(invitePath(hostile), { emails: [toHostile] });

    const normalised = (email: string) => {
      const mail = lastMailTo(email);
      const link = mail?.links?.[0] ?? '';
      return JSON.stringify([mail?.subject, mail?.text, mail?.html])
        .replaceAll(link, 'LINK')
        .replace(/(\\"|&quot;)[^"&]*?\1/g, 'QUOTED');
    };
    expect(normalised(toHostile)).toBe(normalised(toPlain));
    const text = lastMailTo(toHostile)?.text ?? '';
    expect(text).toContain('"Security Team: your password expires today, reset it at evi…"');
    expect(text).toContain('"Payroll. Your salary is on hold until you sign in at evil.e…"');
  });
});
