// TRUST_PROXY decides whose word the server takes for the client's address: the per-address rate limits count
// under that address. Each case runs a listening server and real connections from chosen loopback addresses
// (127.0.0.2, 127.0.0.3, ...), and counts password reset attempts, which are limited per address.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '#test-support/events.ts';
import { startTestApp, type TestApp } from '#test-support/harness.ts';
import { limits } from '../modules/rate-limits/service.ts';

const perAddress = limits.resetPerIp.max;

/** One reset attempt with an unknown link, on a new connection from `from`; answers the status. */
function resetAttempt(baseUrl: string, from: string, forwardedFor?: string): Promise<number> {
  const body = JSON.stringify({ token: 'no-such-link', newPassword: 'a new password' });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/reset-password`,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Every attempt of a client that writes a new X-Forwarded-For each time; answers the statuses in order. */
async function attemptsWithForgedAddresses(
  count: number,
  attempt: (forged: string) => Promise<number>,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) statuses.push(await attempt(`1.2.3.${index + 1}`));
  return statuses;
}

function serverWith(trustProxy: string) {
  const state = {} as { testApp: TestApp; baseUrl: string };
  beforeAll(async () => {
    state.testApp = await startTestApp({ environment: { TRUST_PROXY: trustProxy } });
    state.baseUrl = await listenOnLoopback(state.testApp.app);
  });
  afterAll(async () => {
    await state.testApp?.close();
  });
  return state;
}

const refusedAfterTheLimit = [...Array<number>(perAddress).fill(400), 429];

describe('TRUST_PROXY=1: one proxy in front, which appends the address it saw', () => {
  const server = serverWith('1');

  it('counts a client under the address its proxy appended, whatever the client wrote before it', async () => {
    // The proxy (127.0.0.1) forwards "what the client sent, the client's address".
    const statuses = await attemptsWithForgedAddresses(perAddress + 1, (forged) =>
      resetAttempt(server.baseUrl, '127.0.0.1', `${forged}, 198.51.100.7`),
    );
    expect(statuses).toEqual(refusedAfterTheLimit);
    // Another client behind the same proxy has its own count.
    expect(await resetAttempt(server.baseUrl, '127.0.0.1', '198.51.100.8')).toBe(400);
  });
});

describe('TRUST_PROXY as a list of addresses and CIDRs', () => {
  const server = serverWith('10.0.0.0/8, 127.0.0.2/32');

  it('takes the forwarded address only from a listed proxy, never the one the client wrote', async () => {
    const statuses = await attemptsWithForgedAddresses(perAddress + 1, (forged) =>
      resetAttempt(server.baseUrl, '127.0.0.2', `${forged}, 198.51.100.9`),
    );
    expect(statuses).toEqual(refusedAfterTheLimit);
  });

  it('ignores X-Forwarded-For from a connection that is not a listed proxy', async () => {
    // 127.0.0.3 is not listed: claiming to be 198.51.100.9 (refused above) does not make it so...
    expect(await resetAttempt(server.baseUrl, '127.0.0.3', '198.51.100.9')).toBe(400);
    // ...and writing a new address each time does not escape its own count.
    const statuses = await attemptsWithForgedAddresses(perAddress, (forged) =>
      resetAttempt(server.baseUrl, '127.0.0.3', forged),
    );
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
  });
});

describe('TRUST_PROXY=false', () => {
  const server = serverWith('false');

  it('ignores X-Forwarded-For and counts the connection’s own address', async () => {
    const statuses = await attemptsWithForgedAddresses(perAddress + 1, (forged) =>
      resetAttempt(server.baseUrl, '127.0.0.4', forged),
    );
    expect(statuses).toEqual(refusedAfterTheLimit);
    expect(await resetAttempt(server.baseUrl, '127.0.0.5', '127.0.0.4')).toBe(400);
  });
});

describe('TRUST_PROXY=true, for contrast', () => {
  const server = serverWith('true');

  it('lets a client that reaches the instance directly choose its address: never use it where one can', async () => {
    const statuses = await attemptsWithForgedAddresses(perAddress + 1, (forged) =>
      resetAttempt(server.baseUrl, '127.0.0.6', forged),
    );
    expect(statuses).toEqual(Array(perAddress + 1).fill(400));
  });
});
