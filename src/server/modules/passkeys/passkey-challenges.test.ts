// Issue 26: the passkey routes that make a challenge row are bounded. Signing in needs no session, so one network
// address may leave only so many unanswered challenges; an account only so many unanswered registrations; and
// challenges nobody answered in time are removed.
import { describe, expect, it } from 'vitest';
import { maintenanceJob } from '#server/jobs/maintenance.ts';
import { sendOneAfterAnother, signUp, startTestAppForFile } from '#test-support/harness.ts';
import {
  addPasskeyThroughApi,
  SoftwareAuthenticator,
  signInWithPasskeyThroughApi,
} from '#test-support/passkey-authenticator.ts';

// Each test's requests come from an address of its own (X-Forwarded-For, trusted here).
const testApp = startTestAppForFile({ environment: { TRUST_PROXY: 'true' } });

async function challengeRows(where = 'true', parameters: unknown[] = []): Promise<number> {
  const [row] = await testApp.database.sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM webauthn_challenges WHERE ${where}`,
    parameters,
  );
  return row?.count ?? 0;
}

describe('challenges for signing in with a passkey', () => {
  it('refuses an address past 100 unanswered sign-in challenges in 15 minutes with 429 and a sentence, keeping no more rows than that', async () => {
    const before = await challengeRows();
    const browser = testApp.client({ 'x-forwarded-for': '203.0.113.26' });
    const answers = await sendOneAfterAnother(150, () => browser.post('/api/passkeys/authentication-options'));
    const statuses = answers.map((answer) => answer.status);
    const refusal = answers.findLast((answer) => answer.status === 429);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.slice(100).every((status) => status === 429)).toBe(true);
    expect(refusal?.body.message).toMatch(
      /^Too many passkey sign-in attempts from this network\. Please wait \d+ minutes and try again\.$/,
    );
    expect(Number(refusal?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await challengeRows()) - before).toBe(100);

    const elsewhere = await testApp
      .client({ 'x-forwarded-for': '203.0.113.27' })
      .post('/api/passkeys/authentication-options');
    expect(elsewhere.status).toBe(200);
  });

  it('counts only the challenges that signed nobody in: an office signing in all day is never refused', async () => {
    const owner = await signUp(testApp);
    const authenticator = new SoftwareAuthenticator(testApp.config.publicUrl);
    expect((await addPasskeyThroughApi(owner.client, authenticator)).status).toBe(201);
    const office = { 'x-forwarded-for': '203.0.113.28' };
    for (let signIn = 0; signIn < 110; signIn += 1) {
      const answer = await signInWithPasskeyThroughApi(testApp.client(office), authenticator);
      expect(answer.status).toBe(200);
    }
    const abandoned = testApp.client(office);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      expect((await abandoned.post('/api/passkeys/authentication-options')).status).toBe(200);
    }
    expect((await abandoned.post('/api/passkeys/authentication-options')).status).toBe(429);
  });
});

describe('challenges for adding a passkey', () => {
  it('refuses one account past 20 unanswered passkey registrations in 15 minutes with 429 and a sentence', async () => {
    const { client } = await signUp(testApp);
    const answers = await sendOneAfterAnother(30, () => client.post('/api/user/passkeys/registration-options'));
    const statuses = answers.map((answer) => answer.status);
    const refusal = answers.findLast((answer) => answer.status === 429);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    expect(refusal?.body.message).toMatch(
      /^Too many passkeys started for this account\. Please wait \d+ minutes and try again\.$/,
    );
  });

  it('keeps only an account’s five newest unanswered registrations, and the newest still adds its passkey', async () => {
    const { client, user } = await signUp(testApp);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      expect((await client.post('/api/user/passkeys/registration-options')).status).toBe(200);
    }
    expect(await challengeRows('user_id = $1', [user.id])).toBe(5);
    const added = await addPasskeyThroughApi(client, new SoftwareAuthenticator(testApp.config.publicUrl));
    expect(added.status).toBe(201);
  });
});

describe('expired challenges', () => {
  it('are removed by the hourly maintenance, and live ones are kept', async () => {
    const browser = testApp.client({ 'x-forwarded-for': '203.0.113.29' });
    expect((await browser.post('/api/passkeys/authentication-options')).status).toBe(200);
    expect((await browser.post('/api/passkeys/authentication-options')).status).toBe(200);
    await testApp.database.sql.query(
      `INSERT INTO webauthn_challenges (id, purpose, challenge, created_at, expires_at)
       VALUES ('expired-challenge-of-issue-26', 'authentication', 'AAAAAAAAAAAAAAAAAAAAAAAA',
               now() - interval '1 hour', now() - interval '55 minutes')`,
    );
    const live = await challengeRows('expires_at > now()');
    expect(await challengeRows('expires_at <= now()')).toBeGreaterThan(0);

    await maintenanceJob(testApp.database.db).run();
    expect(await challengeRows('expires_at <= now()')).toBe(0);
    expect(await challengeRows('expires_at > now()')).toBe(live);
  });
});
