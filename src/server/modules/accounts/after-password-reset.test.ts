import { describe, expect, it } from 'vitest';
import { accountsHelpers, mailsTo, sessionCookieOf } from '#test-support/accounts.ts';
import { addMember, afterPendingMail, createOrganization } from '#test-support/bookings.ts';
import { startTestAppForFile, type TestClient } from '#test-support/harness.ts';

// Issue 26: a calendar feed's address outlives a password reset. Whoever reset the password is told so, by mail and on
// the page, and can replace the address there.

// Behind a trusted proxy, so each client comes from its own network address and the limits do not spill over.
const testApp = startTestAppForFile({ environment: { TRUST_PROXY: 'true' } });
const { newClient, registered, requestResetToken } = accountsHelpers(() => testApp);

/** A calendar program's read: the address alone, no cookie. */
async function statusOfFeed(url: string): Promise<number> {
  const response = await testApp.app.inject({ method: 'GET', url: new URL(url).pathname });
  return response.statusCode;
}

async function createFeed(client: TestClient): Promise<string> {
  const response = await client.post('/api/user/calendar-feed');
  expect(response.status).toBe(201);
  return response.body.url;
}

async function resetFrom(client: TestClient, email: string, newPassword = 'a much better password') {
  const token = await requestResetToken(email);
  const response = await client.post('/api/reset-password', { token, newPassword });
  await afterPendingMail();
  return response;
}

const passwordChangedMailTo = (email: string) =>
  mailsTo(testApp, email).filter((mail) => mail.subject === 'Your Perch password was changed');

describe('a calendar feed after a password reset', () => {
  it('keeps working after a reset, which says so; replacing it then stops the old address and starts a new one', async () => {
    const { client, email } = await registered();
    const oldUrl = await createFeed(client);
    const browser = newClient();

    const reset = await resetFrom(browser, email);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({
      message: 'Your password has been reset, and you are signed in.',
      user: expect.objectContaining({ email }),
      hasCalendarFeed: true,
    });
    // Not silently broken: calendars subscribed to it keep their bookings until the person replaces it.
    expect(await statusOfFeed(oldUrl)).toBe(200);

    const replaced = await browser.post('/api/user/calendar-feed');
    expect(replaced.status).toBe(201);
    expect(replaced.body.url).not.toBe(oldUrl);
    expect(await statusOfFeed(oldUrl)).toBe(404);
    expect(await statusOfFeed(replaced.body.url)).toBe(200);
  });

  it('mails that the password was changed, that the calendar link still works, and how to replace it', async () => {
    const { client, email } = await registered();
    const url = await createFeed(client);
    expect((await resetFrom(newClient(), email)).status).toBe(200);

    const [mail, ...more] = passwordChangedMailTo(email);
    expect(more).toHaveLength(0);
    for (const part of [mail?.text, mail?.html]) {
      expect(part).toContain('The password of the Perch account for this address was changed');
      expect(part).toContain('Your calendar link still works');
      expect(part).toContain('Add to calendar');
      expect(part).toContain('Replace link');
      // The mail names the feed, never its secret address.
      expect(part).not.toContain(new URL(url).pathname);
    }
    expect(mail?.links).toEqual(['http://perch.test']);
  });

  it('mails that the password was changed, with no word of a calendar link, to a person who has none', async () => {
    const { email } = await registered();
    const reset = await resetFrom(newClient(), email);
    expect(reset.body.hasCalendarFeed).toBe(false);
    const [mail] = passwordChangedMailTo(email);
    expect(mail?.text).toContain('The password of the Perch account for this address was changed');
    expect(mail?.text).not.toMatch(/calendar/i);
  });

  it('says there is no feed once the person has turned theirs off', async () => {
    const { client, email } = await registered();
    await createFeed(client);
    expect((await client.request('DELETE', '/api/user/calendar-feed')).status).toBe(204);
    expect((await resetFrom(newClient(), email)).body.hasCalendarFeed).toBe(false);
  });
});

describe('signing in with a password reset', () => {
  it('signs in the browser that made the reset, and only it', async () => {
    const { client: otherDevice, email } = await registered();
    const browser = newClient();
    const reset = await resetFrom(browser, email);
    expect(sessionCookieOf(reset)).toBeDefined();
    expect((await browser.get('/api/user')).body.email).toBe(email);
    expect((await otherDevice.get('/api/user')).status).toBe(401);
  });

  it('signs a browser signed in as someone else in as the person whose password it reset', async () => {
    const { email } = await registered();
    const { client: someoneElse } = await registered();
    const reset = await resetFrom(someoneElse, email);
    expect(reset.status).toBe(200);
    expect((await someoneElse.get('/api/user')).body.email).toBe(email);
  });

  it('does not sign in a member whose organization requires single sign-on, and still tells of the feed', async () => {
    const office = await createOrganization(testApp);
    const member = await addMember(testApp, office.id);
    await createFeed(member.client);
    await testApp.database.sql.query(
      `INSERT INTO sso_connections (organization_id, issuer, client_id, client_secret_encrypted, required)
       VALUES ($1, 'https://id.example.com', 'perch', 'not used here', true)`,
      [office.id],
    );
    const browser = newClient();
    const reset = await resetFrom(browser, member.email);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({
      message: 'Your password has been reset. You can now sign in with your new password.',
      user: null,
      hasCalendarFeed: true,
    });
    expect(sessionCookieOf(reset)).toBeUndefined();
    expect((await browser.get('/api/user')).status).toBe(401);
    expect(passwordChangedMailTo(member.email)[0]?.text).toContain('Your calendar link still works');
  });
});
