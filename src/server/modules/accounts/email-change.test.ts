import { describe, expect, it } from 'vitest';
import { digestToken } from '#server/tokens.ts';
import { accountsHelpers, mailsTo, password } from '#test-support/accounts.ts';
import { startForFile } from '#test-support/for-file.ts';
import { expectRefusal, startTestAppForFile, uniqueEmail } from '#test-support/harness.ts';
import { parseMime, partOfType, startSmtpServer } from '#test-support/smtp.ts';

// Issue 27: changing one's e-mail address. The link goes to the new address, the old one is told, and the address
// changes only when the link is followed.

const testApp = startTestAppForFile({ environment: { TRUST_PROXY: 'true' } });
const { newClient, registered, requestResetToken } = accountsHelpers(() => testApp);

const linkPattern = /^http:\/\/perch\.test\/confirm-email\?token=([A-Za-z0-9_-]{40,})$/;

/** Asks for the change from the signed-in client and answers the token of the link mailed to the new address. */
async function requestChange(client: ReturnType<typeof newClient>, newEmail: string): Promise<string> {
  const response = await client.post('/api/user/email', { newEmail, password });
  expect(response.status).toBe(202);
  const link = mailsTo(testApp, newEmail.toLowerCase()).at(-1)?.links?.[0] ?? '';
  const token = linkPattern.exec(link)?.[1];
  if (!token) throw new Error(`no confirmation link in ${link}`);
  return token;
}

const confirm = (token: string, client = newClient()) => client.post('/api/user/email/confirm', { token });

describe('asking to change one’s e-mail address', () => {
  it('mails a link to the new address and a notice without links to the old one, and changes nothing yet', async () => {
    const { client, email } = await registered();
    const newEmail = uniqueEmail('new');
    const response = await client.post('/api/user/email', { newEmail, password });
    expect(response.status).toBe(202);
    expect(response.body.message).toBe(
      `We have sent a link to ${newEmail}. Your address changes when you follow it (within 24 hours).`,
    );

    const [confirmation] = mailsTo(testApp, newEmail);
    expect(confirmation?.subject).toBe('Confirm your new email address for Perch');
    expect(confirmation?.links?.[0]).toMatch(linkPattern);
    const [notice, ...more] = mailsTo(testApp, email);
    expect(more).toHaveLength(0);
    expect(notice?.subject).toBe('A change of your Perch email address was requested');
    expect(notice?.text).toContain(newEmail);
    expect(notice?.links ?? []).toEqual([]);
    expect(notice?.html).not.toMatch(/<a /);

    expect((await client.get('/api/user')).body.email).toBe(email);
    expect((await newClient().post('/api/login', { email, password })).status).toBe(200);
  });

  it('refuses a wrong password with 400 and mails nobody', async () => {
    const { client, email } = await registered();
    const newEmail = uniqueEmail('new');
    const response = await client.post('/api/user/email', { newEmail, password: 'not my password' });
    expectRefusal(response, 400, 'That password is not correct.');
    expect(mailsTo(testApp, newEmail)).toHaveLength(0);
    expect(mailsTo(testApp, email)).toHaveLength(0);
  });

  it('refuses an address another account has, in any case, with 409', async () => {
    const { client } = await registered();
    const { email: taken } = await registered();
    const response = await client.post('/api/user/email', { newEmail: taken.toUpperCase(), password });
    expectRefusal(response, 409, 'An account with this email already exists.');
    expect(mailsTo(testApp, taken)).toHaveLength(0);
  });

  it('refuses the address the account already has with 400', async () => {
    const { client, email } = await registered();
    const response = await client.post('/api/user/email', { newEmail: email, password });
    expectRefusal(response, 400, 'That is already your email address.');
  });

  it('refuses malformed bodies with 400, and answers 401 when signed out', async () => {
    const { client } = await registered();
    for (const body of [
      {},
      { newEmail: 'not an address', password },
      { newEmail: `${'x'.repeat(250)}@example.com`, password },
      { newEmail: uniqueEmail(), password: 'x'.repeat(201) },
      { newEmail: uniqueEmail(), password, userId: 'someone else' },
    ]) {
      expect((await client.post('/api/user/email', body)).status).toBe(400);
    }
    expect((await newClient().post('/api/user/email', { newEmail: uniqueEmail(), password })).status).toBe(401);
  });

  it('answers 429 after 5 requests in an hour', async () => {
    const { client } = await registered();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await client.post('/api/user/email', { newEmail: uniqueEmail(), password })).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('following the link mailed to the new address', () => {
  it('changes the address while signed out: the new one signs in, the old one does not, and the old one is told', async () => {
    const { client, email } = await registered();
    const newEmail = uniqueEmail('new');
    const token = await requestChange(client, newEmail);

    const response = await confirm(token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: `Your email address is now ${newEmail}.`, email: newEmail });
    expect(response.headers['set-cookie']).toBeUndefined();

    expect((await client.get('/api/user')).body.email).toBe(newEmail);
    expect((await newClient().post('/api/login', { email: newEmail, password })).status).toBe(200);
    expect((await newClient().post('/api/login', { email, password })).status).toBe(401);
    const done = mailsTo(testApp, email).at(-1);
    expect(done?.subject).toBe('Your Perch email address was changed');
    expect(done?.text).toContain(newEmail);
    expect(done?.links ?? []).toEqual([]);
  });

  it('works once: a second use answers 400 with a sentence', async () => {
    const { client } = await registered();
    const token = await requestChange(client, uniqueEmail('new'));
    expect((await confirm(token)).status).toBe(200);
    expectRefusal(await confirm(token), 400, /invalid, has expired or has already been used/);
  });

  it('refuses an expired or unknown link with 400 and keeps the address', async () => {
    const { client, email } = await registered();
    const token = await requestChange(client, uniqueEmail('new'));
    await testApp.database.sql.query(
      "UPDATE account_tokens SET expires_at = now() - interval '1 minute' WHERE id = $1",
      [digestToken(token)],
    );
    expectRefusal(await confirm(token), 400, /invalid, has expired or has already been used/);
    expectRefusal(await confirm('y'.repeat(43)), 400, /invalid, has expired or has already been used/);
    expect((await client.get('/api/user')).body.email).toBe(email);
  });

  it('voids an older link when a newer change is asked for', async () => {
    const { client } = await registered();
    const older = await requestChange(client, uniqueEmail('first'));
    const newer = uniqueEmail('second');
    const newerToken = await requestChange(client, newer);
    expect((await confirm(older)).status).toBe(400);
    expect((await confirm(newerToken)).body.email).toBe(newer);
  });

  it('changes only the account the link was issued for, never the one signed in where it is followed', async () => {
    const { client: owner, email: ownerEmail } = await registered();
    const { client: someoneElse, email: otherEmail } = await registered();
    const newEmail = uniqueEmail('new');
    const token = await requestChange(owner, newEmail);

    expect((await confirm(token, someoneElse)).body.email).toBe(newEmail);
    expect((await someoneElse.get('/api/user')).body.email).toBe(otherEmail);
    expect((await owner.get('/api/user')).body.email).toBe(newEmail);
    expect(ownerEmail).not.toBe(newEmail);
  });

  it('answers 409 when another account took the address after the link was sent, and changes nothing', async () => {
    const { client, email } = await registered();
    const newEmail = uniqueEmail('contested');
    const token = await requestChange(client, newEmail);
    await registered(newEmail);
    expectRefusal(await confirm(token), 409, 'An account with this email already exists.');
    expect((await client.get('/api/user')).body.email).toBe(email);
  });

  it('lets only one of two links to the same address win', async () => {
    const first = await registered();
    const second = await registered();
    const newEmail = uniqueEmail('race');
    const tokens = [await requestChange(first.client, newEmail), await requestChange(second.client, newEmail)];
    const answers = await Promise.all(tokens.map((token) => confirm(token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('voids reset links mailed to the old address', async () => {
    const { client, email } = await registered();
    const resetToken = await requestResetToken(email);
    await confirm(await requestChange(client, uniqueEmail('new')));
    expect((await newClient().get(`/api/reset-password/${resetToken}`)).status).toBe(400);
  });

  it('is voided by a password change', async () => {
    const { client } = await registered();
    const token = await requestChange(client, uniqueEmail('new'));
    const changed = await client.post('/api/user/password', { currentPassword: password, newPassword: 'another one!' });
    expect(changed.status).toBe(200);
    expect((await confirm(token)).status).toBe(400);
  });

  it('does not take a confirmation link as a reset link, nor a reset link as a confirmation link', async () => {
    const { client, email } = await registered();
    const token = await requestChange(client, uniqueEmail('new'));
    expect((await newClient().get(`/api/reset-password/${token}`)).status).toBe(400);
    expect((await confirm(await requestResetToken(email))).status).toBe(400);
  });

  it('refuses malformed bodies with 400', async () => {
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(201) }, { token: 42 }, { token: 'x', extra: 1 }]) {
      expect((await newClient().post('/api/user/email/confirm', body)).status).toBe(400);
    }
  });
});

describe('an e-mail address change over SMTP', () => {
  const smtp = startForFile(startSmtpServer);
  const smtpApp = startTestAppForFile(() => ({ environment: { SMTP_URL: smtp.url }, mailer: 'as configured' }));

  it('delivers the link to the new address and the notice to the old one; the link changes the address', async () => {
    const email = uniqueEmail('smtp');
    const client = smtpApp.client();
    const registration = await client.post('/api/register', { email, password, firstName: 'Ada', lastName: 'L' });
    expect(registration.status).toBe(201);
    const newEmail = uniqueEmail('smtp-new');
    expect((await client.post('/api/user/email', { newEmail, password })).status).toBe(202);

    const delivered = [await smtp.nextMail(), await smtp.nextMail()];
    const toNew = delivered.find((mail) => mail.envelopeTo.includes(newEmail));
    const toOld = delivered.find((mail) => mail.envelopeTo.includes(email));
    const text = partOfType(parseMime(toNew?.raw ?? ''), 'text/plain')?.body ?? '';
    const token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
    expect(token).not.toBe('');
    expect(parseMime(toOld?.raw ?? '').headers.get('subject')).toBe(
      'A change of your Perch email address was requested',
    );
    expect(toOld?.raw).not.toContain(token);

    expect((await smtpApp.client().post('/api/user/email/confirm', { token })).status).toBe(200);
    expect((await smtpApp.client().post('/api/login', { email: newEmail, password })).status).toBe(200);
  });
});
