import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUp, startTestAppForFile, type TestClient } from '#test-support/harness.ts';

const testApp = startTestAppForFile();

let slugCounter = 0;
function uniqueSlug(prefix = 'acme'): string {
  slugCounter += 1;
  return `${prefix}-${slugCounter}`;
}

async function createOrganization(client: TestClient, body: Record<string, unknown> = {}) {
  return client.post('/api/organizations', { name: 'Acme Corp', slug: uniqueSlug(), ...body });
}

const day = 24 * 60 * 60 * 1000;

let sharedUser: Promise<Awaited<ReturnType<typeof signUp>>> | undefined;
/** One signed-in user for the tests that only need some signed-in user, to keep argon2 work down. */
function signUpOnce() {
  sharedUser ??= signUp(testApp);
  return sharedUser;
}

describe('creating an organization', () => {
  it('answers 201 with the organization, the creator as admin, and a 14-day Tier 1 trial', async () => {
    const { client } = await signUp(testApp);
    const slug = uniqueSlug();
    const response = await client.post('/api/organizations', { name: '  Acme Corp  ', slug });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Acme Corp',
      slug,
      timeZone: 'Europe/London',
      floorPlanUrl: null,
      defaultZoomLevel: null,
      createdAt: expect.any(String),
      role: 'admin',
      homeSiteId: null,
      hideNames: false,
      isPlatform: false,
      subscription: {
        planId: 'tier-1',
        planName: 'Tier 1',
        maxUsers: 50,
        status: 'trial',
        nextBillingTime: null,
        endsAt: expect.any(String),
        isOverridden: false,
        isBillingOff: false,
      },
    });
    const trialLength = Date.parse(response.body.subscription.endsAt) - Date.parse(response.body.createdAt);
    // Fourteen days, give or take the clock difference between the server and its database.
    expect(Math.abs(trialLength - 14 * day)).toBeLessThan(5 * 60 * 1000);
  });

  it('records the creator as an admin member of the new organization', async () => {
    const { client, user } = await signUp(testApp);
    const response = await createOrganization(client);
    const rows = await testApp.database.sql.query<{ user_id: string; role: string }>(
      'SELECT user_id, role FROM memberships WHERE organization_id = $1',
      [response.body.id],
    );
    expect(rows).toEqual([{ user_id: user.id, role: 'admin' }]);
  });

  it('keeps the IANA time zone it is given', async () => {
    const { client } = await signUp(testApp);
    const response = await createOrganization(client, { timeZone: 'America/New_York' });
    expect(response.status).toBe(201);
    expect(response.body.timeZone).toBe('America/New_York');
    expect((await client.get(`/api/organizations/${response.body.id}`)).body.timeZone).toBe('America/New_York');
  });

  it('refuses a time zone that is not an IANA name with 400 naming the field, and creates nothing', async () => {
    const { client } = await signUp(testApp);
    const slug = uniqueSlug();
    for (const timeZone of ['Mars/Olympus_Mons', '', 'GMT+25', 42]) {
      const response = await createOrganization(client, { slug, timeZone });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/\(timeZone\)$/);
    }
    expect((await client.get('/api/organizations')).body).toEqual([]);
    expect((await createOrganization(client, { slug })).status).toBe(201);
  });

  it('refuses a slug that is already taken with 409, even when another user took it', async () => {
    const first = await signUp(testApp);
    const second = await signUp(testApp);
    const slug = uniqueSlug();
    expect((await createOrganization(first.client, { slug })).status).toBe(201);
    const taken = await createOrganization(second.client, { slug, name: 'Another Acme' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/slug is already taken/);
    expect((await second.client.get('/api/organizations')).body).toEqual([]);
  });

  it('creates only one of two simultaneous organizations with the same slug, and the other gets 409', async () => {
    const { client } = await signUp(testApp);
    const slug = uniqueSlug();
    const responses = await Promise.all([createOrganization(client, { slug }), createOrganization(client, { slug })]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect((await client.get('/api/organizations')).body).toHaveLength(1);
  });

  it.each([
    ['a one-character name', { name: 'A' }, 'Organization name must be at least 2 characters (name)'],
    ['a name of spaces', { name: '     ' }, 'Organization name must be at least 2 characters (name)'],
    ['a missing name', { name: undefined }, 'Organization name must be at least 2 characters (name)'],
    ['capitals in the slug', { slug: 'Acme' }, 'Slug can only contain lowercase letters, numbers, and hyphens (slug)'],
    [
      'a space in the slug',
      { slug: 'acme corp' },
      'Slug can only contain lowercase letters, numbers, and hyphens (slug)',
    ],
    ['a two-character slug', { slug: 'ab' }, 'Slug must be at least 3 characters (slug)'],
    ['a slug that is not text', { slug: 1234 }, 'Slug must be at least 3 characters (slug)'],
  ])("refuses %s with 400 and the spec's message", async (_label, body, message) => {
    const { client } = await signUpOnce();
    const response = await createOrganization(client, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('refuses unknown fields, so a client cannot choose its own subscription', async () => {
    const { client } = await signUpOnce();
    const response = await createOrganization(client, { subscription: { status: 'active', maxUsers: 5000 } });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/subscription/);
  });

  it('answers 401 when signed out and creates nothing', async () => {
    const slug = uniqueSlug();
    const response = await testApp.client().post('/api/organizations', { name: 'Acme Corp', slug });
    expect(response.status).toBe(401);
    const rows = await testApp.database.sql.query('SELECT id FROM organizations WHERE slug = $1', [slug]);
    expect(rows).toHaveLength(0);
  });
});

describe('organizations per user', () => {
  it('lets a user create 10 organizations a day, then answers 429 with Retry-After and a sentence', async () => {
    const { client } = await signUp(testApp);
    const taken = uniqueSlug();
    expect((await createOrganization(client, { slug: taken })).status).toBe(201);
    // A refused slug creates nothing, and is not counted.
    expect((await createOrganization(client, { slug: taken })).status).toBe(409);
    for (let organization = 2; organization <= 10; organization++) {
      expect((await createOrganization(client)).status).toBe(201);
    }
    const refused = await createOrganization(client);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(refused.body.message).toMatch(
      /^You have created 10 organizations today, the most Perch allows in one day\. Please wait \d+ (hours|minutes|seconds) and try again\.$/,
    );
    expect((await client.get('/api/organizations')).body).toHaveLength(10);
    // The limit is that user's alone.
    expect((await createOrganization((await signUp(testApp)).client)).status).toBe(201);
  });
});

describe('listing organizations', () => {
  it("answers only the caller's organizations, each with the caller's role and its subscription", async () => {
    const alice = await signUp(testApp);
    const bob = await signUp(testApp);
    const aliceFirst = await createOrganization(alice.client, { name: 'Alice One' });
    const aliceSecond = await createOrganization(alice.client, { name: 'Alice Two' });
    const bobs = await createOrganization(bob.client, { name: 'Bob Only' });

    const list = await alice.client.get('/api/organizations');
    expect(list.status).toBe(200);
    expect(list.body.map((organization: { id: string }) => organization.id).sort()).toEqual(
      [aliceFirst.body.id, aliceSecond.body.id].sort(),
    );
    expect(list.body).not.toContainEqual(expect.objectContaining({ id: bobs.body.id }));
    for (const organization of list.body) {
      expect(organization.role).toBe('admin');
      expect(organization.subscription).toMatchObject({ status: 'trial', planName: 'Tier 1', maxUsers: 50 });
    }
    expect(list.body).toContainEqual(aliceFirst.body);
  });

  it('answers an empty list for a user without organizations', async () => {
    const { client } = await signUp(testApp);
    const response = await client.get('/api/organizations');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    const response = await testApp.client().get('/api/organizations');
    expect(response.status).toBe(401);
    expect(response.body.message).toEqual(expect.any(String));
  });
});

describe('reading one organization', () => {
  it('answers 200 with the organization for a member', async () => {
    const { client } = await signUp(testApp);
    const created = await createOrganization(client);
    const response = await client.get(`/api/organizations/${created.body.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created.body);
  });

  it('answers a non-member exactly as it answers an organization that does not exist', async () => {
    const owner = await signUp(testApp);
    const outsider = await signUp(testApp);
    const created = await createOrganization(owner.client);

    const otherTenant = await outsider.client.get(`/api/organizations/${created.body.id}`);
    const randomId = await outsider.client.get(`/api/organizations/${randomUUID()}`);
    const notAUuid = await outsider.client.get('/api/organizations/not-a-uuid');
    expect(otherTenant.status).toBe(404);
    expect(randomId.status).toBe(404);
    expect(notAUuid.status).toBe(404);
    expect(otherTenant.body).toEqual({ message: expect.any(String) });
    expect(randomId.body).toEqual(otherTenant.body);
    expect(notAUuid.body).toEqual(otherTenant.body);
    expect(otherTenant.text).not.toContain(created.body.name);
  });

  it('answers 401 when signed out, whether or not the organization exists', async () => {
    const { client } = await signUpOnce();
    const created = await createOrganization(client);
    const signedOut = testApp.client();
    expect((await signedOut.get(`/api/organizations/${created.body.id}`)).status).toBe(401);
    expect((await signedOut.get(`/api/organizations/${randomUUID()}`)).status).toBe(401);
  });

  it('answers an overlong or odd id with a 4xx, never a server error', async () => {
    const { client } = await signUpOnce();
    for (const id of ['x'.repeat(500), '%00', "1'%20OR%20'1'='1", '00000000-0000-0000-0000-000000000000']) {
      const response = await client.get(`/api/organizations/${id}`);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });
});
