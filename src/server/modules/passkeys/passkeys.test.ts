import { describe, expect, it } from 'vitest';
import { passkeyMessages } from '#domain/passkeys.ts';
import { signUp, startTestAppForFile, type TestClient } from '#test-support/harness.ts';
import {
  addPasskeyThroughApi,
  SoftwareAuthenticator,
  signInWithPasskeyThroughApi,
} from '#test-support/passkey-authenticator.ts';

const testApp = startTestAppForFile();

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A person with an authenticator in their "browser", which reports the app's own origin. */
async function personWithAuthenticator() {
  const person = await signUp(testApp);
  return { ...person, authenticator: new SoftwareAuthenticator(testApp.config.publicUrl) };
}

async function counterOf(passkeyId: string): Promise<number> {
  const [row] = await testApp.database.sql.query<{ counter: string }>('SELECT counter FROM passkeys WHERE id = $1', [
    passkeyId,
  ]);
  return Number(row?.counter);
}

const challengeCookie = (client: TestClient) => client.cookies.get('perch_webauthn');

describe('adding passkeys', () => {
  it('adds a passkey named after the browser, and lists the person’s passkeys newest first', async () => {
    const { client, authenticator } = await personWithAuthenticator();
    const options = await client.post('/api/user/passkeys/registration-options', {}, { 'user-agent': chrome });
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      rp: { name: 'Perch', id: 'perch.test' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      excludeCredentials: [],
      attestation: 'none',
    });
    expect(challengeCookie(client)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const added = await client.post(
      '/api/user/passkeys',
      { response: authenticator.register(options.body) },
      { 'user-agent': chrome },
    );
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      name: 'Passkey on Chrome',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(challengeCookie(client)).toBeUndefined();

    const second = await addPasskeyThroughApi(client, authenticator, '  Work laptop ');
    expect(second.status).toBe(201);
    expect(second.body.name).toBe('Work laptop');

    const list = await client.get('/api/user/passkeys');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([second.body, added.body]);
  });

  it('tells the account’s address about each passkey added, by name, and about no refused one', async () => {
    const { client, email, authenticator } = await personWithAuthenticator();
    const mailsTo = () => testApp.mails.filter((mail) => mail.to === email);
    const before = mailsTo().length;
    expect((await addPasskeyThroughApi(client, authenticator, 'Work "laptop"')).status).toBe(201);
    await expect.poll(() => mailsTo().length).toBe(before + 1);
    const notice = mailsTo().at(-1);
    expect(notice?.subject).toBe('A passkey was added to your Perch account');
    expect(notice?.text).toContain(`The passkey "Work 'laptop'" can now sign in`);
    expect(notice?.links).toEqual([testApp.config.publicUrl]);

    const options = await client.post('/api/user/passkeys/registration-options');
    const forged = new SoftwareAuthenticator('https://elsewhere.example.com').register(options.body);
    expect((await client.post('/api/user/passkeys', { response: forged })).status).toBe(400);
    expect(mailsTo()).toHaveLength(before + 1);
  });

  it('offers the person’s existing passkeys as ones not to make again', async () => {
    const { client, authenticator } = await personWithAuthenticator();
    await addPasskeyThroughApi(client, authenticator);
    const options = await client.post('/api/user/passkeys/registration-options');
    const [credential] = authenticator.credentials;
    expect(options.body.excludeCredentials).toEqual([
      { id: credential?.id.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('refuses an answer to another challenge, from another origin, or given twice, each with a sentence', async () => {
    const { client, authenticator } = await personWithAuthenticator();
    const add = async (tampering: Parameters<SoftwareAuthenticator['register']>[1]) => {
      const options = await client.post('/api/user/passkeys/registration-options');
      return client.post('/api/user/passkeys', { response: authenticator.register(options.body, tampering) });
    };
    const wrongChallenge = await add({ challenge: Buffer.from('not the challenge at all').toString('base64url') });
    expect([wrongChallenge.status, wrongChallenge.body.message]).toEqual([400, passkeyMessages.notVerified]);
    const wrongOrigin = await add({ origin: 'https://perch.example.net' });
    expect([wrongOrigin.status, wrongOrigin.body.message]).toEqual([400, passkeyMessages.notVerified]);

    const options = await client.post('/api/user/passkeys/registration-options');
    const token = challengeCookie(client) ?? '';
    const body = { response: authenticator.register(options.body) };
    expect((await client.post('/api/user/passkeys', body)).status).toBe(201);
    client.cookies.set('perch_webauthn', token);
    const replayed = await client.post('/api/user/passkeys', body);
    expect([replayed.status, replayed.body.message]).toEqual([400, passkeyMessages.expired]);
    expect((await client.get('/api/user/passkeys')).body).toHaveLength(1);
  });

  it('refuses an answer to another person’s challenge', async () => {
    const ada = await personWithAuthenticator();
    const bob = await personWithAuthenticator();
    const options = await ada.client.post('/api/user/passkeys/registration-options');
    bob.client.cookies.set('perch_webauthn', challengeCookie(ada.client) ?? '');
    const answer = await bob.client.post('/api/user/passkeys', { response: bob.authenticator.register(options.body) });
    expect([answer.status, answer.body.message]).toEqual([400, passkeyMessages.expired]);
  });

  it('refuses a name that is too long with a sentence', async () => {
    const { client, authenticator } = await personWithAuthenticator();
    const answer = await addPasskeyThroughApi(client, authenticator, 'x'.repeat(61));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(passkeyMessages.nameTooLong);
  });
});

describe('signing in with a passkey', () => {
  it('starts a session as a password sign-in does, and moves the counter on with every use', async () => {
    const { client, authenticator, user } = await personWithAuthenticator();
    const added = await addPasskeyThroughApi(client, authenticator);
    expect(await counterOf(added.body.id)).toBe(0);

    const browser = testApp.client();
    const options = await browser.post('/api/passkeys/authentication-options');
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rpId: 'perch.test', allowCredentials: [], userVerification: 'preferred' });
    const signedIn = await browser.post('/api/passkeys/authenticate', {
      response: authenticator.authenticate(options.body),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual(user);
    expect(browser.cookies.get('perch_session')).toBeDefined();
    expect((await browser.get('/api/user')).body).toEqual(user);
    expect(await counterOf(added.body.id)).toBe(1);

    const again = await signInWithPasskeyThroughApi(testApp.client(), authenticator);
    expect(again.status).toBe(200);
    expect(await counterOf(added.body.id)).toBe(2);
    const [listed] = (await client.get('/api/user/passkeys')).body;
    expect(listed.lastUsedAt).toEqual(expect.any(String));
  });

  it('refuses a passkey Perch does not know', async () => {
    const { client } = await personWithAuthenticator();
    const stranger = new SoftwareAuthenticator(testApp.config.publicUrl);
    stranger.register((await client.post('/api/user/passkeys/registration-options')).body);
    const answer = await signInWithPasskeyThroughApi(testApp.client(), stranger);
    expect([answer.status, answer.body.message]).toEqual([401, passkeyMessages.notRegistered]);
  });

  it('refuses an answer to another challenge, from another origin, or given twice, each with a sentence', async () => {
    const { client, authenticator } = await personWithAuthenticator();
    await addPasskeyThroughApi(client, authenticator);
    const browser = testApp.client();
    const signIn = async (tampering: Parameters<SoftwareAuthenticator['authenticate']>[1]) => {
      const options = await browser.post('/api/passkeys/authentication-options');
      return browser.post('/api/passkeys/authenticate', {
        response: authenticator.authenticate(options.body, tampering),
      });
    };
    const wrongChallenge = await signIn({ challenge: Buffer.from('not the challenge at all').toString('base64url') });
    expect([wrongChallenge.status, wrongChallenge.body.message]).toEqual([401, passkeyMessages.notVerified]);
    const wrongOrigin = await signIn({ origin: 'https://perch.example.net' });
    expect([wrongOrigin.status, wrongOrigin.body.message]).toEqual([401, passkeyMessages.notVerified]);
    expect(browser.cookies.get('perch_session')).toBeUndefined();

    const options = await browser.post('/api/passkeys/authentication-options');
    const token = challengeCookie(browser) ?? '';
    const body = { response: authenticator.authenticate(options.body) };
    expect((await browser.post('/api/passkeys/authenticate', body)).status).toBe(200);
    const thief = testApp.client();
    thief.cookies.set('perch_webauthn', token);
    const replayed = await thief.post('/api/passkeys/authenticate', body);
    expect([replayed.status, replayed.body.message]).toEqual([401, passkeyMessages.expired]);
    expect(thief.cookies.get('perch_session')).toBeUndefined();
  });

  it('refuses an answer without a challenge of this browser', async () => {
    const { client, authenticator } = await personWithAuthenticator();
    await addPasskeyThroughApi(client, authenticator);
    const options = await testApp.client().post('/api/passkeys/authentication-options');
    const answer = await testApp
      .client()
      .post('/api/passkeys/authenticate', { response: authenticator.authenticate(options.body) });
    expect([answer.status, answer.body.message]).toEqual([401, passkeyMessages.expired]);
  });
});

describe('removing passkeys', () => {
  it('lets nobody else remove a passkey, and once its owner removes it, it signs nobody in', async () => {
    const owner = await personWithAuthenticator();
    const other = await signUp(testApp);
    const added = await addPasskeyThroughApi(owner.client, owner.authenticator);

    const refused = await other.client.request('DELETE', `/api/user/passkeys/${added.body.id}`);
    expect([refused.status, refused.body.message]).toEqual([404, passkeyMessages.notFound]);
    expect((await owner.client.get('/api/user/passkeys')).body).toHaveLength(1);
    expect((await owner.client.request('DELETE', '/api/user/passkeys/not-a-uuid')).status).toBe(404);

    expect((await owner.client.request('DELETE', `/api/user/passkeys/${added.body.id}`)).status).toBe(204);
    expect((await owner.client.get('/api/user/passkeys')).body).toEqual([]);
    const answer = await signInWithPasskeyThroughApi(testApp.client(), owner.authenticator);
    expect([answer.status, answer.body.message]).toEqual([401, passkeyMessages.notRegistered]);
  });
});

describe('passkeys and the person’s data rights', () => {
  it('lists the passkeys in the copy of one’s data, and deleting the account deletes them and their challenges', async () => {
    const { client, authenticator, user, password } = await personWithAuthenticator();
    const added = await addPasskeyThroughApi(client, authenticator, 'Phone');
    await signInWithPasskeyThroughApi(testApp.client(), authenticator);
    await client.post('/api/user/passkeys/registration-options');

    const exported = await client.get('/api/user/export');
    expect(exported.status).toBe(200);
    expect(exported.body.passkeys).toEqual([
      { name: 'Phone', createdAt: added.body.createdAt, lastUsedAt: expect.any(String) },
    ]);

    const rowsOf = async (table: string) =>
      (await testApp.database.sql.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [user.id])).length;
    expect([await rowsOf('passkeys'), await rowsOf('webauthn_challenges')]).toEqual([1, 1]);
    expect((await client.request('DELETE', '/api/user', { password })).status).toBe(200);
    expect([await rowsOf('passkeys'), await rowsOf('webauthn_challenges')]).toEqual([0, 0]);
    const answer = await signInWithPasskeyThroughApi(testApp.client(), authenticator);
    expect([answer.status, answer.body.message]).toEqual([401, passkeyMessages.notRegistered]);
  });
});
