import { describe, expect, it } from 'vitest';
import { accountsHelpers, mailsTo, password } from '#test-support/accounts.ts';
import { expectRefusal, sendOneAfterAnother, startTestAppForFile, uniqueEmail } from '#test-support/harness.ts';

// Issue 27: the account settings dialog's name and password. The e-mail address: email-change.test.ts.

// Behind a trusted proxy, so each client comes from its own network address and the limits do not spill over.
const testApp = startTestAppForFile({ environment: { TRUST_PROXY: 'true' } });
const { newClient, registered } = accountsHelpers(() => testApp);

const newPassword = 'a brand new passphrase';

describe('changing one’s name', () => {
  it('answers the user with the new names, which GET /api/user then shows', async () => {
    const { client, email } = await registered();
    const response = await client.request('PATCH', '/api/user', { firstName: '  Grace ', lastName: 'Hopper' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.any(String),
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: null,
    });
    expect((await client.get('/api/user')).body).toEqual(response.body);
  });

  it('clears a name left empty', async () => {
    const { client } = await registered();
    const response = await client.request('PATCH', '/api/user', { firstName: 'Grace', lastName: '' });
    expect(response.body).toMatchObject({ firstName: 'Grace', lastName: null });
  });

  it('refuses malformed bodies with 400 and a sentence, and changes nothing', async () => {
    const { client } = await registered();
    for (const body of [
      {},
      { firstName: 'Grace' },
      { firstName: 'x'.repeat(101), lastName: 'Hopper' },
      { firstName: 'Grace', lastName: 'Hopper', email: 'taken@example.com' },
      { firstName: ['Grace'], lastName: 'Hopper' },
      '{"firstName": "Gra',
    ]) {
      const response = await client.request('PATCH', '/api/user', body, { 'content-type': 'application/json' });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
    expect((await client.get('/api/user')).body).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('answers 401 when signed out', async () => {
    const response = await newClient().request('PATCH', '/api/user', { firstName: 'Grace', lastName: 'Hopper' });
    expect(response.status).toBe(401);
  });
});

describe('changing one’s password', () => {
  it('needs the current password, ends the other sessions but keeps this one, and mails the address', async () => {
    const { client, email } = await registered();
    const elsewhere = newClient();
    expect((await elsewhere.post('/api/login', { email, password })).status).toBe(200);

    const response = await client.post('/api/user/password', { currentPassword: password, newPassword });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: 'Your password has been changed. Other browsers signed in to your account were signed out.',
    });
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await newClient().post('/api/login', { email, password })).status).toBe(401);
    expect((await newClient().post('/api/login', { email, password: newPassword })).status).toBe(200);

    const [mail, ...more] = mailsTo(testApp, email).filter(
      (item) => item.subject === 'Your Perch password was changed',
    );
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain('was changed in its account settings');
  });

  it('refuses a wrong current password with 400 and a sentence, and keeps the password and the sessions', async () => {
    const { client, email } = await registered();
    const elsewhere = newClient();
    await elsewhere.post('/api/login', { email, password });
    const response = await client.post('/api/user/password', { currentPassword: 'not my password', newPassword });
    expectRefusal(response, 400, 'Your current password is not correct.');
    expect((await elsewhere.get('/api/user')).status).toBe(200);
    expect((await newClient().post('/api/login', { email, password })).status).toBe(200);
  });

  it('refuses a new password shorter than 8 characters, as sign-up does', async () => {
    const { client } = await registered();
    const response = await client.post('/api/user/password', { currentPassword: password, newPassword: 'short' });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('Password must be at least 8 characters');
  });

  it('refuses malformed bodies with 400', async () => {
    const { client } = await registered();
    for (const body of [
      {},
      { currentPassword: password },
      { currentPassword: password, newPassword: 'x'.repeat(201) },
      { currentPassword: password, newPassword, extra: true },
    ]) {
      expect((await client.post('/api/user/password', body)).status).toBe(400);
    }
  });

  it('stops guessing of the current password with 429 after 10 tries in 15 minutes', async () => {
    const { client } = await registered();
    const answers = await sendOneAfterAnother(11, (attempt) =>
      client.post('/api/user/password', { currentPassword: `guess ${attempt}`, newPassword }),
    );
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(400));
    expect(answers[10]?.status).toBe(429);
    expect(answers[10]?.headers['retry-after']).toBeDefined();
  });

  it('refuses an account without a password (single sign-on, passkeys) with a way to set one', async () => {
    const { client, email } = await registered(uniqueEmail('sso'));
    await testApp.database.sql.exec(`UPDATE users SET password_hash = NULL WHERE email = '${email}'`);
    const response = await client.post('/api/user/password', { currentPassword: 'anything', newPassword });
    expectRefusal(response, 400, /has no password yet.*Forgot password\?/);
  });

  it('answers 401 when signed out', async () => {
    const response = await newClient().post('/api/user/password', { currentPassword: password, newPassword });
    expect(response.status).toBe(401);
  });
});
