import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes } from '#server/openapi/route-catalog.ts';
import { startTestApp, type TestClient, type TestResponse } from '#test-support/harness.ts';
import { digestDatabase } from './database-digest.ts';
import { type RequestPlan, routeCases } from './isolation-table.ts';
import {
  createWorld,
  markersOf,
  newClient,
  signUpPlatformAdmin,
  type World,
  worldEnvironment,
} from './tenant-world.ts';

// Top-level: the tests below are made from the routes the app registered.
const testApp = await startTestApp({ environment: worldEnvironment });
const routes = listApiRoutes(testApp.app).map((route) => `${route.method} ${route.url}`);
let world: World;
let platformAdmin: TestClient;

beforeAll(async () => {
  world = await createWorld(testApp);
  platformAdmin = (await signUpPlatformAdmin(testApp)).client;
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

function send(client: TestClient, method: string, plan: RequestPlan): Promise<TestResponse> {
  return client.request(method, plan.url, plan.body);
}

/** Markers of tenant A that the request itself does not carry: an outsider's answer must contain none of them. */
function leakedMarkers(response: TestResponse, plan: RequestPlan): string[] {
  const asked = `${plan.url} ${JSON.stringify(plan.body ?? null)}`;
  return markersOf(world.a).filter((marker) => !asked.includes(marker) && response.text.includes(marker));
}

/** The head and first chunk of an answer that does not end by itself (an event stream), then hang up. */
async function openStream(client: TestClient, method: string, plan: RequestPlan): Promise<TestResponse> {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await testApp.app.inject({
    method: method as 'GET',
    url: plan.url,
    headers: { cookie },
    payloadAsStream: true,
  });
  const stream = response.stream();
  const first = await new Promise<string>((resolve) => {
    stream.once('data', (chunk: Buffer) => resolve(chunk.toString()));
    stream.once('end', () => resolve(''));
  });
  stream.destroy();
  return { status: response.statusCode, body: null, text: first, headers: response.headers };
}

function describeAnswer(route: string, who: string, response: TestResponse): string {
  return `${route} as ${who}: ${response.status} ${response.text.slice(0, 200)}`;
}

describe('the isolation table', () => {
  it('has an entry for every registered API route, so a new route cannot escape the suite', () => {
    expect(routes.filter((route) => !routeCases[route])).toEqual([]);
  });

  it('has no entry for a route that does not exist', () => {
    expect(Object.keys(routeCases).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('treats every route whose path names an object other than a token as a tenant or platform route', () => {
    const loose = routes.filter((route) => {
      const access = routeCases[route]?.access;
      return /:(?!token\b)\w+/.test(route) && (access === 'public' || access === 'self');
    });
    expect(loose).toEqual([]);
  });
});

describe('tenant isolation, route by route', () => {
  for (const route of routes) {
    const [method] = route.split(' ') as [string, string];
    const routeCase = routeCases[route];
    if (!routeCase) continue; // reported by the table test above
    const { access, success } = routeCase;

    if (access === 'public') {
      it(`${route} answers anyone alike and carries no tenant's data`, async () => {
        const plan = await routeCase.plan(world);
        const response = await send(plan.caller ?? newClient(testApp), method, plan);
        expect(response.status, describeAnswer(route, 'a signed-out client', response)).toBe(success);
        expect(leakedMarkers(response, plan)).toEqual([]);
      });
      continue;
    }

    it(`${route} refuses a signed-out client with 401 before anything else`, async () => {
      const plan = await routeCase.plan(world);
      const response = await send(newClient(testApp), method, plan);
      expect(response.status, describeAnswer(route, 'signed out', response)).toBe(401);
      expect(leakedMarkers(response, plan)).toEqual([]);
    });

    if (access === 'self') {
      it(`${route} answers a signed-in user about their own account only`, async () => {
        const plan = await routeCase.plan(world);
        const response = await send(plan.caller ?? world.b.admin.client, method, plan);
        expect(response.status, describeAnswer(route, "B's admin", response)).toBe(success);
        expect(leakedMarkers(response, plan)).toEqual([]);
      });
      continue;
    }

    if (access === 'platform') {
      it(`${route} refuses an organization admin who does not administer the platform, and answers one who does`, async () => {
        const plan = await routeCase.plan(world);
        const refused = await send(world.a.admin.client, method, plan);
        expect(refused.status, describeAnswer(route, "A's admin", refused)).toBe(403);
        const answered = await send(platformAdmin, method, plan);
        expect(answered.status, describeAnswer(route, 'a platform admin', answered)).toBe(success);
      });
      continue;
    }

    it(`${route} answers 404 to a signed-in stranger and to another organization's admin, and changes nothing`, async () => {
      const plan = await routeCase.plan(world);
      const before = await digestDatabase(testApp.database.sql);
      for (const [who, client] of [
        ['a signed-in user of no organization', world.outsider.client],
        ["B's admin", world.b.admin.client],
        ["B's member", world.b.member.client],
      ] as const) {
        const response = await send(client, method, plan);
        expect(response.status, describeAnswer(route, who, response)).toBe(404);
        expect(leakedMarkers(response, plan), `${route} as ${who}`).toEqual([]);
      }
      expect(await digestDatabase(testApp.database.sql)).toBe(before);
    });

    if (access === 'admin') {
      it(`${route} refuses a member who is not an admin with 403, and changes nothing`, async () => {
        const plan = await routeCase.plan(world);
        const before = await digestDatabase(testApp.database.sql);
        const response = await send(world.a.member.client, method, plan);
        expect(response.status, describeAnswer(route, "A's member", response)).toBe(403);
        expect(await digestDatabase(testApp.database.sql)).toBe(before);
      });
    }

    it(`${route} answers ${success} to A's own ${access}, with nothing of organization B in it`, async () => {
      const plan = await routeCase.plan(world);
      const client = plan.caller ?? (access === 'admin' ? world.a.admin.client : world.a.member.client);
      const response = routeCase.stream ? await openStream(client, method, plan) : await send(client, method, plan);
      expect(response.status, describeAnswer(route, `A's ${access}`, response)).toBe(success);
      const leaked = markersOf(world.b).filter((marker) => response.text.includes(marker));
      expect(leaked).toEqual([]);
    });
  }
});
