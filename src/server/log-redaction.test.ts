// Issue 26: the log never carries a secret that arrives in a request's address, whether in its path (reset,
// confirmation, invitation, upload and calendar feed tokens) or in its query (a provider's sign-in code and state,
// the tokens of the links in mail, a payment provider's return).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#test-support/harness.ts';
import { withoutTokens } from './log-redaction.ts';

describe('request addresses in the log', () => {
  const lines: string[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    logged = await startTestApp({ logLines: lines });
  });
  afterAll(async () => {
    await logged.close();
  });

  const loggedUrls = () =>
    lines.flatMap((line) => {
      const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url;
      return url ? [url] : [];
    });

  it('keep neither the code nor the state of a single sign-on callback, only their names', async () => {
    await logged
      .client()
      .get('/api/sso/callback?code=SECRETCODE&state=SECRETSTATE&session_state=SECRETSESSION&iss=https%3A%2F%2Fidp');
    const everything = lines.join('\n');
    for (const secret of ['SECRETCODE', 'SECRETSTATE', 'SECRETSESSION']) expect(everything).not.toContain(secret);
    expect(loggedUrls()).toContain(
      '/api/sso/callback?code=[redacted]&state=[redacted]&session_state=[redacted]&iss=https%3A%2F%2Fidp',
    );
  });

  it('keep no token of a link in mail or of a payment provider’s return', async () => {
    const client = logged.client();
    await client.get('/reset-password?token=SECRETRESET');
    await client.get('/signup?token=SECRETINVITE&email=a%40example.com');
    await client.get('/paypal/cancel?token=SECRETPAYPAL');
    await client.get('/api/sso/callback?error=access_denied&id_token=SECRETIDTOKEN&access_token=SECRETACCESS');
    const everything = lines.join('\n');
    for (const secret of ['SECRETRESET', 'SECRETINVITE', 'SECRETPAYPAL', 'SECRETIDTOKEN', 'SECRETACCESS']) {
      expect(everything).not.toContain(secret);
    }
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        '/reset-password?token=[redacted]',
        '/signup?token=[redacted]&email=a%40example.com',
        '/paypal/cancel?token=[redacted]',
      ]),
    );
  });
});

describe('withoutTokens', () => {
  it.each([
    ['/api/sso/callback?code=abc&state=def', '/api/sso/callback?code=[redacted]&state=[redacted]'],
    ['/api/sso/callback?STATE=def&Code=abc', '/api/sso/callback?STATE=[redacted]&Code=[redacted]'],
    ['/api/sso/callback?code&state=', '/api/sso/callback?code&state=[redacted]'],
    ['/api/sso/callback?c%6Fde=abc', '/api/sso/callback?c%6Fde=[redacted]'],
    ['/reset-password?token=abc', '/reset-password?token=[redacted]'],
    [
      '/paypal/return?subscription_id=I-1&ba_token=BA-1&token=T',
      '/paypal/return?subscription_id=I-1&ba_token=[redacted]&token=[redacted]',
    ],
    ['/api/calendar-feed/abc.ics?token=x', '/api/calendar-feed/[token]?token=[redacted]'],
    [
      '/api/organizations/abc/bookings?from=2026-01-01&to=2026-01-31',
      '/api/organizations/abc/bookings?from=2026-01-01&to=2026-01-31',
    ],
    ['/api/login?organization=acme', '/api/login?organization=acme'],
    ['/api/sso/callback', '/api/sso/callback'],
    ['/?', '/?'],
  ])('logs %s as %s', (url, logged) => {
    expect(withoutTokens(url)).toBe(logged);
  });
});
