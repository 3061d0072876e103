import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient, testDatabase } from '#test-support/harness.ts';
import { digestDatabase, type WriteCount, watchWrites } from '../security/database-digest.ts';
import { createWorld, markersOf, type World, worldEnvironment } from '../security/tenant-world.ts';
import { type Caller, type FuzzRequest, requestsFor } from './fuzz-requests.ts';
import { operationsOf } from './openapi-arbitraries.ts';

// A fixed budget a run in the gate (`npm test`), 1,500 requests a database, from a seed that changes from run to run:
// many runs together cover more than one long one. `npm run test:deep` sends 10,000. FUZZ_SEED and FUZZ_RUNS replay.
const runs = Number(process.env.FUZZ_RUNS ?? (process.env.FUZZ_DEEP ? 10_000 : 1_500));
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

let testApp: TestApp;
let world: World;
let cookies: Record<Caller, string | undefined>;
let countWrites: () => Promise<WriteCount>;

const cookieOf = (client: TestClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

beforeAll(async () => {
  testApp = await startTestApp({ environment: worldEnvironment });
  world = await createWorld(testApp);
  cookies = {
    admin: cookieOf(world.a.admin.client),
    member: cookieOf(world.a.member.client),
    stranger: cookieOf(world.b.admin.client),
    none: undefined,
  };
  countWrites = await watchWrites(testApp.database.sql);
}, 120_000);
afterAll(async () => {
  await testApp?.close();
});

interface Answer {
  status: number;
  text: string;
}

/** Sends one request; an event stream (which never ends by itself) is read no further than its head. */
async function send(request: FuzzRequest): Promise<Answer> {
  const cookie = cookies[request.caller];
  const response = await testApp.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    payloadAsStream: true,
  });
  const stream = response.stream();
  if (String(response.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
    return { status: response.statusCode, text: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { status: response.statusCode, text: Buffer.concat(chunks).toString() };
}

function describeRequest(request: FuzzRequest, answer: Answer): string {
  const payload = request.payload === undefined ? '' : ` ${request.payload.slice(0, 300)}`;
  return `${request.method} ${request.url.slice(0, 300)} as ${request.caller} (${request.mode})${payload} → ${answer.status} ${answer.text.slice(0, 300)}`;
}

describe('requests made from the OpenAPI document, malformed and at the edges', () => {
  it(`never answer 5xx, never change data when refused, and leave the server up (${runs} requests)`, async () => {
    console.log(`fuzz (${testDatabase}): seed ${seed}; replay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`);
    const document = (await testApp.client().get('/api/openapi.json')).body;
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);
    const hints = {
      ids: [...markersOf(world.a), ...markersOf(world.b)].filter((marker) => /^[0-9a-f-]{36}$/.test(marker)),
      emails: [world.a.admin.email, world.a.member.email, world.b.admin.email, world.outsider.email],
    };
    const requests = fc.oneof(...operations.map((operation) => requestsFor(operation, hints)));

    const statuses = new Map<number, number>();
    const perOperation = new Map<string, number>();
    let writes = await countWrites();
    let refused = 0;
    let digested = 0;
    let sent = 0;

    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        // Every request: no row written by a refused one (triggers count rows, transactionally). Every tenth
        // request also: the digest of every table's contents, before and after.
        const sampled = sent++ % 10 === 0;
        const before = sampled ? await digestDatabase(testApp.database.sql) : undefined;
        const answer = await send(request);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        perOperation.set(request.operation, (perOperation.get(request.operation) ?? 0) + 1);
        if (answer.status >= 500) throw new Error(`server error: ${describeRequest(request, answer)}`);
        const after = await countWrites();
        if (answer.status >= 400) {
          refused += 1;
          if (after.count !== writes.count) {
            throw new Error(`a refused request wrote to ${after.lastTable}: ${describeRequest(request, answer)}`);
          }
          if (before !== undefined) {
            digested += 1;
            const digest = await digestDatabase(testApp.database.sql);
            if (digest !== before)
              throw new Error(`a refused request changed data: ${describeRequest(request, answer)}`);
          }
        }
        writes = after;
      }),
      { numRuns: runs, endOnFailure: true, seed },
    );

    const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    console.log(
      `fuzz (${testDatabase}): ${runs} requests over ${operations.length} operations, ${refused} refused ` +
        `(${digested} of them with a full digest); ${summary.join(' ')}`,
    );
    // Every operation was exercised, and the requests reached past validation into the services.
    expect(operations.filter((operation) => !perOperation.has(`${operation.method} ${operation.path}`))).toEqual([]);
    for (const status of [400, 401, 403, 404]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].some((status) => status >= 200 && status < 300)).toBe(true);

    // The sessions the requests used lasted the whole run, so the requests signed in really were.
    for (const caller of ['admin', 'member', 'stranger'] as const) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { cookie: cookies[caller]! },
      });
      expect(response.statusCode, `the ${caller}'s session ended during the run`).toBe(200);
    }

    // Still up and still answering.
    expect((await testApp.client().get('/api/health')).status).toBe(200);
    const signIn = await testApp.client().post('/api/login', {
      email: world.outsider.email,
      password: world.outsider.password,
    });
    expect(signIn.status).toBe(200);
  }, 600_000);
});
