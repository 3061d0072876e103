import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeRows, addMember, createOrganization, type TestOrganization } from '#test-support/bookings.ts';
import { startTestAppForFile } from '#test-support/harness.ts';

// The 9 o'clock rush (issue 13): hundreds of people reach for one desk at once, through a real listening server, so
// that the requests really compete for the database pool (app.inject would not open 400 sockets).
const testApp = startTestAppForFile();
const rushSize = 400;
// How often, among the rush's requests, a health check and a bystander's day read are sent along with them.
const probeEvery = 20;

let baseUrl: string;
let organization: TestOrganization;
let bystander: TestOrganization;
let rushCookies: string[];
// Sockets opened all at once, none reused: one per request, as 400 browsers would.
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(method: string, path: string, cookie: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const cookieOf = (user: { client: { cookies: Map<string, string> } }) =>
  [...user.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

beforeAll(async () => {
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  organization = await createOrganization(testApp, { deskCount: 1 });
  const members = await Promise.all([1, 2, 3, 4].map(() => addMember(testApp, organization.id)));
  rushCookies = [organization.admin, ...members].map(cookieOf);
  bystander = await createOrganization(testApp, { deskCount: 3 });
});

/** The rush, with a health check and a bystander organization's day read sent among its requests and after each other until it ends. */
async function rush(date: string) {
  const bystanderCookie = cookieOf(bystander.admin);
  const dayRead = `/api/organizations/${bystander.id}/bookings?startDate=${date}&endDate=${date}`;
  const probes: Array<Promise<{ kind: 'health' | 'day read'; answer: Answer }>> = [];
  const probe = () => {
    probes.push(send('GET', '/api/health', '').then((answer) => ({ kind: 'health' as const, answer })));
    probes.push(send('GET', dayRead, bystanderCookie).then((answer) => ({ kind: 'day read' as const, answer })));
  };
  const bookings: Array<Promise<Answer>> = [];
  for (let index = 0; index < rushSize; index++) {
    bookings.push(
      send('POST', '/api/bookings', rushCookies[index % rushCookies.length] ?? '', {
        organizationId: organization.id,
        deskId: organization.desks[0],
        bookingDate: date,
        timeSlot: 'morning',
      }),
    );
    if (index % probeEvery === 0) probe();
  }
  let isOver = false;
  const polling = (async () => {
    while (!isOver) {
      probe();
      await Promise.all(probes.slice(-2));
    }
  })();
  const answers = await Promise.all(bookings);
  isOver = true;
  await polling;
  return { answers, probes: await Promise.all(probes) };
}

describe('400 people booking one desk at the same moment', () => {
  let date: string;
  let result: Awaited<ReturnType<typeof rush>>;

  // One rush for the whole file: on PGlite (one connection, compiled to WebAssembly) it takes seconds.
  beforeAll(async () => {
    date = organization.day(3);
    result = await rush(date);
  }, 120_000);

  it('gives the desk to exactly one of them and answers every other one 409, or 429 with Retry-After, never a 5xx', async () => {
    const statuses = new Map<number, number>();
    for (const answer of result.answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    expect(statuses.get(201)).toBe(1);
    expect([...statuses.keys()].filter((status) => ![201, 409, 429].includes(status))).toEqual([]);
    for (const answer of result.answers.filter((each) => each.status === 429)) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(answer.body).message).toMatch(/try again/);
    }
    for (const answer of result.answers.filter((each) => each.status === 409)) {
      expect(JSON.parse(answer.body).message).toBe('Desk is already booked for this time slot');
    }
    expect(await activeRows(testApp, organization.desks[0] ?? '')).toEqual([
      expect.objectContaining({ booking_date: date, time_slot: 'morning' }),
    ]);
  });

  it('keeps answering the health check with 200 while the rush lasts', () => {
    const checks = result.probes.filter((each) => each.kind === 'health');
    expect(checks.length).toBeGreaterThanOrEqual(rushSize / probeEvery);
    expect(checks.map((each) => `${each.answer.status} ${each.answer.body}`)).toEqual(
      checks.map(() => '200 {"status":"ok"}'),
    );
  });

  it('keeps answering another organization’s day read with 200 while the rush lasts', () => {
    const reads = result.probes.filter((each) => each.kind === 'day read');
    expect(reads.length).toBeGreaterThanOrEqual(rushSize / probeEvery);
    expect(reads.map((each) => `${each.answer.status} ${each.answer.body.slice(0, 80)}`)).toEqual(
      reads.map(() => '200 []'),
    );
  });
});
