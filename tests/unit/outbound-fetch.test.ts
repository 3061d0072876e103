import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundFetch, OutboundFetchError, type OutboundProblem } from '#server/net/outbound-fetch.ts';
import { startTestDnsServer } from '#test-support/dns-server.ts';
import { startForFile } from '#test-support/for-file.ts';
import {
  answerHuge,
  answerJson,
  answerNever,
  answerRedirect,
  findClosedPort,
  startHostileHttpServer,
  startSilentPort,
} from '#test-support/hostile-http.ts';

const dns = startForFile(startTestDnsServer);
const server = startForFile(startHostileHttpServer);

const onLoopback = () => createOutboundFetch({ resolver: dns.resolver, allowsLoopback: true });
const behindPublicAddress = () => createOutboundFetch({ resolver: dns.resolver, allowsLoopback: false });

/** The fetch's refusal: its problem and its sentence (or a note that it did not refuse). */
async function refusalOf(request: Promise<Response>): Promise<{ problem: OutboundProblem; message: string }> {
  const error = await request.then(
    () => new Error('the fetch answered instead of refusing'),
    (error: unknown) => error,
  );
  if (!(error instanceof OutboundFetchError)) throw error;
  return { problem: error.problem, message: error.message };
}

describe('fetching an address an admin typed', () => {
  it('answers the status, headers and body of an answer from an allowed address', async () => {
    server.serve('/document', answerJson({ issuer: 'here' }));
    const response = await onLoopback()(`${server.url}/document`, { method: 'GET', headers: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ issuer: 'here' });
  });

  it('sends the method, headers and form body it is given', async () => {
    let received: { method?: string; authorization?: string; body: string } = { body: '' };
    server.serve('/token', async (request, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      received = { method: request.method, authorization: request.headers.authorization, body };
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await onLoopback()(`${server.url}/token`, {
      method: 'POST',
      headers: { authorization: 'Basic abc', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'xyz' }),
    });
    expect(received).toEqual({
      method: 'POST',
      authorization: 'Basic abc',
      body: 'grant_type=authorization_code&code=xyz',
    });
  });

  it.each([
    ['10.0.0.1', 'internal.example'],
    ['169.254.169.254', 'metadata.example'],
    ['fd00:ec2::254', 'metadata6.example'],
  ])('refuses a name that resolves to %s before connecting', async (address, name) => {
    dns.setAddresses(name, [address]);
    const refusal = await refusalOf(behindPublicAddress()(`https://${name}/`));
    expect(refusal.problem).toBe('address');
    expect(refusal.message).toContain(name);
    // Even on loopback, only loopback is allowed besides public addresses.
    expect((await refusalOf(onLoopback()(`https://${name}/`))).problem).toBe('address');
  });

  it('refuses a name that resolves to this machine when Perch is not on loopback, without connecting', async () => {
    const listener = await startSilentPort();
    try {
      dns.setAddresses('home.example', ['127.0.0.1']);
      const refusal = await refusalOf(behindPublicAddress()(`https://home.example:${listener.port}/`));
      expect(refusal.problem).toBe('address');
      expect(listener.connections).toBe(0);
    } finally {
      await listener.close();
    }
  });

  it('refuses a name when any one of its addresses is not allowed', async () => {
    dns.setAddresses('mixed.example', ['93.184.215.14', '10.1.2.3']);
    expect((await refusalOf(behindPublicAddress()('https://mixed.example/'))).problem).toBe('address');
  });

  it('refuses an address written as an IPv4-mapped IPv6 address of the metadata service', async () => {
    expect((await refusalOf(behindPublicAddress()('https://[::ffff:169.254.169.254]/'))).problem).toBe('address');
  });

  it('refuses a name that does not resolve', async () => {
    const refusal = await refusalOf(behindPublicAddress()('https://nowhere.example/'));
    expect(refusal.problem).toBe('unresolved');
    expect(refusal.message).toContain('nowhere.example');
  });

  it.each([
    ['javascript:alert(1)'],
    ['file:///etc/passwd'],
    ['ftp://idp.example.com/'],
    ['https://user:secret@idp.example.com/'],
    ['not a url'],
  ])('refuses %s without a request', async (url) => {
    expect((await refusalOf(onLoopback()(url))).problem).toBe('url');
  });

  it('refuses plain http unless Perch is on loopback and the connection goes to a loopback address', async () => {
    server.serve('/plain', answerJson({}));
    expect((await refusalOf(behindPublicAddress()(`${server.url}/plain`))).problem).toBe('url');
    dns.setAddresses('public.example', ['93.184.215.14']);
    expect((await refusalOf(onLoopback()(`http://public.example:${server.port}/plain`))).problem).toBe('url');
    expect(server.stats('/plain').requests).toBe(0);
    expect((await onLoopback()(`${server.url}/plain`)).status).toBe(200);
  });

  it('does not follow a redirect', async () => {
    server.serve('/moved', answerRedirect(`${server.url}/elsewhere`));
    server.serve('/elsewhere', answerJson({}));
    expect((await refusalOf(onLoopback()(`${server.url}/moved`))).problem).toBe('redirect');
    expect(server.stats('/elsewhere').requests).toBe(0);
  });

  it('stops reading a body larger than 256 KiB as it streams in, long before its end', async () => {
    const bytes = 100 * 1024 * 1024;
    server.serve('/huge', answerHuge({ bytes }));
    const refusal = await refusalOf(onLoopback()(`${server.url}/huge`));
    expect(refusal.problem).toBe('too-large');
    expect(refusal.message).toContain('256 KiB');
    await expect.poll(() => server.stats('/huge').clientHungUp).toBe(true);
    expect(server.stats('/huge').bytesWritten).toBeLessThan(bytes / 4);
  });

  it('refuses a body whose declared length is larger than 256 KiB without reading it', async () => {
    const bytes = 100 * 1024 * 1024;
    server.serve('/declared', answerHuge({ bytes, declareLength: true, pauseMs: 20 }));
    expect((await refusalOf(onLoopback()(`${server.url}/declared`))).problem).toBe('too-large');
    await expect.poll(() => server.stats('/declared').clientHungUp).toBe(true);
    expect(server.stats('/declared').bytesWritten).toBeLessThan(bytes / 4);
  });

  it('gives up on an answer that is still coming at the time limit, as on a server that never answers', async () => {
    server.serve('/dribble', answerHuge({ bytes: 10_000, chunkBytes: 1, pauseMs: 50 }));
    server.serve('/never', answerNever());
    const fetchWithin = createOutboundFetch({ resolver: dns.resolver, allowsLoopback: true }, { timeoutMs: 500 });
    const dribble = await refusalOf(fetchWithin(`${server.url}/dribble`));
    const never = await refusalOf(fetchWithin(`${server.url}/never`));
    expect(dribble.problem).toBe('unreachable');
    expect(dribble).toEqual(never);
  });
});

describe('an unreachable address tells nothing about why', () => {
  const timeoutMs = 600;
  const closedPorts: number[] = [];
  let silent: Awaited<ReturnType<typeof startSilentPort>>;
  beforeAll(async () => {
    silent = await startSilentPort();
    closedPorts.push(await findClosedPort());
  });
  afterAll(() => silent.close());

  /** The refusal and how long it took, in milliseconds. */
  async function attempt(url: string) {
    const fetchWithin = createOutboundFetch({ resolver: dns.resolver, allowsLoopback: true }, { timeoutMs });
    const started = performance.now();
    const refusal = await refusalOf(fetchWithin(url));
    return { refusal, elapsedMs: performance.now() - started };
  }

  it('answers a closed port and a port that accepts and never answers with the same error, words and wait', async () => {
    const closed = await attempt(`http://127.0.0.1:${closedPorts[0]}/`);
    const silentPort = await attempt(`http://127.0.0.1:${silent.port}/`);
    const tlsToSilentPort = await attempt(`https://localhost:${silent.port}/`);
    expect(closed.refusal.problem).toBe('unreachable');
    expect(silentPort.refusal).toEqual(closed.refusal);
    expect(tlsToSilentPort.refusal).toEqual(closed.refusal);
    // A refused connection is known within a millisecond: it is answered no sooner than a silent one.
    for (const { elapsedMs } of [closed, silentPort, tlsToSilentPort]) {
      expect(elapsedMs).toBeGreaterThanOrEqual(timeoutMs - 5);
    }
  });
});

describe('the address checked is the address connected to', () => {
  // Two servers on one port: 127.0.0.2 (where the name points after the check) and 127.0.0.1 (what was checked).
  const rebound = startForFile(() => startHostileHttpServer({ host: '127.0.0.2' }));
  const checked = startForFile(() => startHostileHttpServer({ host: '127.0.0.1', port: rebound.port }));
  beforeAll(() => {
    checked.serve('/', answerJson({ server: 'checked' }));
    rebound.serve('/', answerJson({ server: 'rebound' }));
  });
  afterEach(() => dns.remove('rebind.example'));

  it('connects to the address it checked, though the name resolves elsewhere right after the check', async () => {
    dns.setAddresses('rebind.example', ['127.0.0.1']);
    // The DNS server's answer changes as soon as it has been asked once: any second question gets 127.0.0.2.
    const rebinding = new Proxy(dns.resolver, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (property !== 'resolve4') return typeof value === 'function' ? value.bind(target) : value;
        return async (name: string) => {
          const answer = await target.resolve4(name);
          dns.setAddresses(name, ['127.0.0.2']);
          return answer;
        };
      },
    });
    // The test can fail: asked twice, the name leads to the other server.
    expect(await rebinding.resolve4('rebind.example')).toEqual(['127.0.0.1']);
    expect(await rebinding.resolve4('rebind.example')).toEqual(['127.0.0.2']);
    dns.setAddresses('rebind.example', ['127.0.0.1']);
    const fetchPinned = createOutboundFetch({ resolver: rebinding, allowsLoopback: true });
    const response = await fetchPinned(`http://rebind.example:${checked.port}/`);
    expect(await response.json()).toEqual({ server: 'checked' });
    expect(rebound.stats('/').requests).toBe(0);
  });
});
