import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization } from '#test-support/bookings.ts';
import { listenOnLoopback, openEvents } from '#test-support/events.ts';
import { startTestApp, type TestApp } from '#test-support/harness.ts';
import { closedWithin, connectRaw, type RawConnection } from '#test-support/raw-http.ts';
import { loadConfig } from './config.ts';
import { checkingIntervalMs, type HttpLimits } from './http-limits.ts';

/** The latest a stalled request is cut off: its deadline plus one check of Node's interval. */
const stalledRequestCutOffMs = (limits: Pick<HttpLimits, 'requestTimeoutMs'>) =>
  limits.requestTimeoutMs + checkingIntervalMs(limits.requestTimeoutMs);

// Short deadlines so that the tests wait half a second, not the production 20 s.
const requestTimeoutMs = 500;
const keepAliveTimeoutMs = 500;
const maxConnections = 4;

const opened: RawConnection[] = [];
async function connect(baseUrl: string): Promise<RawConnection> {
  const connection = await connectRaw(baseUrl);
  opened.push(connection);
  return connection;
}

afterAll(() => {
  for (const connection of opened) connection.close();
});

/** A sign-in whose body announces 200 bytes and stops after a few. */
const halfABody =
  'POST /api/login HTTP/1.1\r\nHost: perch.test\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"a';

describe('the defaults', () => {
  it('cut a stalled request off within 30 seconds and keep idle connections open longer than the proxy does', () => {
    const { http } = loadConfig({});
    expect(stalledRequestCutOffMs(http)).toBeLessThanOrEqual(30_000);
    // nginx closes its idle upstream connections after 60 s (keepalive_timeout in deploy/nginx/perch-upstream.conf):
    // the instance must not close one first, or a request sent on it at that moment fails.
    expect(http.keepAliveTimeoutMs).toBeGreaterThan(60_000);
    expect(http.maxConnections).toBeGreaterThan(0);
  });

  it('refuse settings that are not whole numbers in range, naming the setting', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: 'forever' })).toThrow(/REQUEST_TIMEOUT_MS must be a number/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS must be 100 to 120000/);
    expect(() => loadConfig({ MAX_CONNECTIONS: '-1' })).toThrow(/MAX_CONNECTIONS must be 1 to 1000000/);
  });
});

describe('request and keep-alive deadlines on a listening server', () => {
  let testApp: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    testApp = await startTestApp({
      environment: { REQUEST_TIMEOUT_MS: String(requestTimeoutMs), KEEP_ALIVE_TIMEOUT_MS: String(keepAliveTimeoutMs) },
    });
    baseUrl = await listenOnLoopback(testApp.app);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('cuts off a connection that sends its headers and half a body, with 408 and a sentence', async () => {
    const stalled = await connect(baseUrl);
    stalled.send(halfABody);
    const answer = await stalled.nextResponse();
    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body).message).toBe(
      'The request took too long to arrive and was cut off. Please check your connection and try again.',
    );
    await closedWithin(stalled, 'the stalled connection');
  });

  it('cuts off a connection that never finishes its headers', async () => {
    const stalled = await connect(baseUrl);
    stalled.send('GET /api/health HTTP/1.1\r\nHost: perch.test\r\nX-Slow: ');
    expect((await stalled.nextResponse()).status).toBe(408);
    await closedWithin(stalled, 'the connection with half its headers');
  });

  it.each([
    [
      'refuses headers larger than 16 KB with 431 and a sentence',
      `GET /api/health HTTP/1.1\r\nHost: perch.test\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'The request headers are too large. Please clear this site’s cookies and try again.',
    ],
    [
      'answers bytes that are not HTTP with 400 and a sentence',
      'HELLO THERE\r\n\r\n',
      400,
      'The request could not be read as HTTP. Please try again with an up-to-date browser.',
    ],
  ])('%s', async (_behaviour, bytes, status, message) => {
    const connection = await connect(baseUrl);
    connection.send(bytes);
    const answer = await connection.nextResponse();
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body).message).toBe(message);
  });

  it('answers requests that arrive in time on a kept-alive connection, then closes it once idle', async () => {
    const connection = await connect(baseUrl);
    expect((await connection.get('/api/health')).status).toBe(200);
    expect((await connection.get('/api/health')).status).toBe(200);
    await closedWithin(connection, 'the idle kept-alive connection');
    expect(connection.pending).toBe('');
  });

  it('keeps a live event stream open past every deadline and still delivers changes on it', async () => {
    const organization = await createOrganization(testApp, { deskCount: 1 });
    const member = await addMember(testApp, organization.id);
    const stream = await openEvents(baseUrl, member.client, organization.id);
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((event) => event.event === 'ready', 'ready');
      // A stalled request on the same server is cut off meanwhile: the deadlines are running...
      const stalled = await connect(baseUrl);
      stalled.send(halfABody);
      await closedWithin(stalled, 'the stalled connection');
      // ...and again, so the stream has lived through at least two of them.
      const again = await connect(baseUrl);
      again.send(halfABody);
      await closedWithin(again, 'the second stalled connection');

      const [floor] = await testApp.database.sql.query<{ id: string }>(
        'INSERT INTO floors (organization_id, name) VALUES ($1, $2) RETURNING id',
        [organization.id, 'Annex'],
      );
      // Rejects if the stream ended before the change arrived.
      await stream.waitFor(
        (event) => event.event === 'floors' && event.data.floorIds?.includes(floor!.id),
        'the new floor',
      );
    } finally {
      stream.close();
    }
  });
});

describe('the connection cap', () => {
  let testApp: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    testApp = await startTestApp({ environment: { MAX_CONNECTIONS: String(maxConnections) } });
    baseUrl = await listenOnLoopback(testApp.app);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('closes connections beyond the cap unanswered while answering health checks on the ones it holds', async () => {
    const held: RawConnection[] = [];
    for (let index = 0; index < maxConnections; index++) {
      const connection = await connect(baseUrl);
      expect((await connection.get('/api/health')).status).toBe(200);
      held.push(connection);
    }

    for (let index = 0; index < 3; index++) {
      const refused = await connect(baseUrl);
      refused.send('GET /api/health HTTP/1.1\r\nHost: perch.test\r\n\r\n');
      await closedWithin(refused, `connection ${maxConnections + index + 1}, beyond the cap`);
      expect(refused.pending).toBe('');
    }

    for (const connection of held) {
      expect((await connection.get('/api/health')).status).toBe(200);
      expect(connection.isClosed).toBe(false);
    }

    // A place freed is a place taken again (once the server has seen the close).
    held.pop()?.close();
    let answered = false;
    for (let attempt = 0; attempt < 50 && !answered; attempt++) {
      const next = await connect(baseUrl);
      answered = await next.get('/api/health').then(
        (response) => response.status === 200,
        () => false,
      );
    }
    expect(answered).toBe(true);
  });
});
