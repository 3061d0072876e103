import { expect } from 'vitest';
import { type TestApp, type TestClient, type TestResponse, uniqueEmail } from './harness.ts';

/** The password every account in the accounts tests registers with. */
export const password = 'correct horse battery';

let addressCounter = 0;

function setCookies(response: TestResponse): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [String(header)];
}

export function sessionCookieOf(response: TestResponse): string | undefined {
  return setCookies(response).find((cookie) => cookie.startsWith('perch_session='));
}

export function mailsTo(app: TestApp, email: string) {
  return app.mails.filter((mail) => mail.to === email);
}

/**
 * Helpers bound to the app a test file starts in its own beforeAll; the app is read
 * through a getter because it does not exist yet when the file is loaded.
 */
export function accountsHelpers(defaultApp: () => TestApp) {
  /** A signed-out client from a network address no other client uses (the app must trust the proxy). */
  function newClient(app: TestApp = defaultApp(), headers: Record<string, string> = {}): TestClient {
    addressCounter += 1;
    const address = `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
    return app.client({ 'x-forwarded-for': address, ...headers });
  }

  async function register(app: TestApp = defaultApp(), email = uniqueEmail()) {
    const client = newClient(app);
    const response = await client.post('/api/register', { email, password, firstName: 'Ada', lastName: 'Lovelace' });
    return { client, email, response };
  }

  async function registered(email?: string) {
    const result = await register(defaultApp(), email);
    expect(result.response.status).toBe(201);
    return result;
  }

  /** A client that presents the given session token and nothing else. */
  function clientWithSession(token: string): TestClient {
    const client = newClient();
    client.cookies.set('perch_session', token);
    return client;
  }

  /** Asks for a reset link and answers the raw token taken from the mailed link. */
  async function requestResetToken(email: string): Promise<string> {
    const testApp = defaultApp();
    const before = mailsTo(testApp, email).length;
    const response = await newClient().post('/api/forgot-password', { email });
    expect(response.status).toBe(200);
    const mails = mailsTo(testApp, email);
    expect(mails).toHaveLength(before + 1);
    const link = mails.at(-1)?.links?.[0] ?? '';
    const token = new URL(link).searchParams.get('token');
    if (!token) throw new Error(`no token in ${link}`);
    return token;
  }

  return { newClient, register, registered, clientWithSession, requestResetToken };
}
