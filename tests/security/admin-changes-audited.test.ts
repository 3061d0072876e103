import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '#domain/audit.ts';
import { listApiRoutes } from '#server/openapi/route-catalog.ts';
import { startTestApp, type TestClient } from '#test-support/harness.ts';
import { routeCases } from './isolation-table.ts';
import { createWorld, type Person, signUpPlatformAdmin, type World, worldEnvironment } from './tenant-world.ts';

// Every change an administrator can make through the API leaves a record in the audit log (issue 27). The routes
// come from the app itself and their requests from the isolation table (isolation-table.ts): a new admin route that
// is not in the table below fails here with its name, and one that records nothing fails its row.

/**
 * - records: driven here as its rightful caller, it must add these events, naming that caller (`body`, when the
 *   isolation table's request changes nothing: saving what is already saved records nothing);
 * - recordedIn: this world cannot make the change (no identity provider, DNS or active subscription here): the file
 *   named drives it and checks its event;
 * - notAChange: it changes nothing an administrator would look for in the log (why).
 */
type Recording = { records: AuditAction[]; body?: unknown } | { recordedIn: string } | { notAChange: string };

const recordings: Record<string, Recording> = {
  'PUT /api/organizations/:id': { records: ['organization.zoom_changed'] },
  'PUT /api/organizations/:id/booking-rules': {
    records: ['organization.booking_rules_changed'],
    body: { onePerPersonPerSlot: true, maxDaysAhead: 30, maxBookingsPerWeek: 3, adminsExempt: false },
  },
  'PUT /api/organizations/:id/sso': { recordedIn: 'src/server/modules/sso/sso.test.ts' },
  'DELETE /api/organizations/:id/sso': { recordedIn: 'src/server/modules/sso/sso.test.ts' },
  'POST /api/organizations/:id/sso/domains/:domain/verify': { recordedIn: 'src/server/modules/sso/sso.test.ts' },
  'PATCH /api/organizations/:id/members/:userId/role': { records: ['member.role_changed'] },
  'DELETE /api/organizations/:id/members/:userId': { records: ['member.removed'] },
  'POST /api/organizations/:id/invite': { records: ['invitation.sent'] },
  'DELETE /api/organizations/:id/invitations/:invitationId': { records: ['invitation.revoked'] },
  'POST /api/organizations/:id/invitations/:invitationId/resend': { records: ['invitation.resent'] },
  'POST /api/organizations/:id/sites': { records: ['site.created'] },
  'PUT /api/sites/:siteId': { records: ['site.updated'] },
  'DELETE /api/sites/:siteId': { records: ['site.deleted'] },
  'POST /api/organizations/:id/teams': { records: ['team.created'] },
  'PUT /api/teams/:teamId': { records: ['team.updated'] },
  'DELETE /api/teams/:teamId': { records: ['team.deleted'] },
  'PUT /api/teams/:teamId/members': { records: ['team.members_changed'] },
  'POST /api/teams/:teamId/members': { records: ['team.members_changed'] },
  'POST /api/organizations/:id/floors': { records: ['floor.created'] },
  'PUT /api/floors/:floorId': { records: ['floor.zoom_changed'] },
  'DELETE /api/floors/:floorId': { records: ['floor.deleted'] },
  'POST /api/floors/:floorId/desks/batch': { records: ['desks.updated', 'desks.moved', 'desks.deleted'] },
  'PUT /api/organizations/:id/amenities': { records: ['amenities.changed'], body: { amenities: ['monitor', 'sofa'] } },
  'POST /api/organizations/:id/desks': { records: ['desk.created'] },
  'PUT /api/desks/:deskId': { records: ['desk.moved'] },
  'DELETE /api/desks/:deskId': { records: ['desk.deleted'] },
  'POST /api/floors/:floorId/neighbourhoods': { records: ['neighbourhood.created'] },
  'PUT /api/neighbourhoods/:neighbourhoodId': { records: ['neighbourhood.updated'] },
  'DELETE /api/neighbourhoods/:neighbourhoodId': { records: ['neighbourhood.deleted'] },
  'DELETE /api/organizations/:id/desks': { records: ['desks.deleted_all'] },
  'DELETE /api/organizations/:id/users/:userId/bookings': { records: ['member.bookings_cancelled'] },
  'POST /api/objects/upload': {
    notAChange: 'it hands out a single-use upload address; pointing a floor at the image is floor.plan_uploaded',
  },
  'PUT /api/floors/:floorId/floor-plan': { records: ['floor.plan_uploaded'] },
  'PUT /api/organizations/:orgId/floor-plan': { records: ['organization.plan_uploaded'] },
  'POST /api/organizations/:id/subscription/cancel': {
    recordedIn: 'src/server/modules/subscriptions/local-checkout.test.ts',
  },
  'POST /api/organizations/:id/subscription/reactivate': { records: ['subscription.created'] },
  'POST /paypal/subscription': { records: ['subscription.created'] },
  'POST /api/admin/organizations/:id/subscription/override': { records: ['subscription.override_applied'] },
  'DELETE /api/admin/organizations/:id/subscription/override': { records: ['subscription.override_removed'] },
};

const testApp = await startTestApp({ environment: worldEnvironment });
/** Routes that change something, open to an organization's or the platform's administrators only. */
const adminChanges = listApiRoutes(testApp.app)
  .map((route) => `${route.method} ${route.url}`)
  .filter((route) => !route.startsWith('GET ') && ['admin', 'platform'].includes(routeCases[route]?.access ?? ''));
let world: World;
let platformAdmin: Person;

beforeAll(async () => {
  world = await createWorld(testApp);
  platformAdmin = await signUpPlatformAdmin(testApp);
}, 120_000);
afterAll(async () => {
  await testApp.close();
});

interface Recorded {
  action: string;
  actor_user_id: string | null;
}

const lastEventId = async () =>
  Number(
    (await testApp.database.sql.query<{ id: string }>('SELECT coalesce(max(id), 0) AS id FROM audit_events'))[0]?.id,
  );
const eventsAfter = (id: number) =>
  testApp.database.sql.query<Recorded>('SELECT action, actor_user_id FROM audit_events WHERE id > $1 ORDER BY id', [
    id,
  ]);

describe('the audit log records every admin change', () => {
  it('knows how every admin route that changes something is recorded, so a new one cannot escape the log', () => {
    expect(adminChanges.length).toBeGreaterThan(20);
    expect(adminChanges.filter((route) => !recordings[route])).toEqual([]);
    expect(Object.keys(recordings).filter((route) => !adminChanges.includes(route))).toEqual([]);
  });

  const driven = Object.entries(recordings).flatMap(([route, recording]) =>
    'records' in recording ? [[route, recording.records, recording.body] as const] : [],
  );
  it.each(driven)('%s records %j, naming the admin, and nothing when it is refused', async (route, actions, body) => {
    const routeCase = routeCases[route]!;
    const [method] = route.split(' ');
    const rightful: Person = routeCase.access === 'platform' ? platformAdmin : world.a.admin;
    // A member of the organization (or, for the platform's routes, the organization's own admin) is refused.
    const refused: TestClient = routeCase.access === 'platform' ? world.a.admin.client : world.a.member.client;
    const planned = await routeCase.plan(world);
    const plan = body === undefined ? planned : { ...planned, body };

    const start = await lastEventId();
    expect((await refused.request(method!, plan.url, plan.body)).status).toBe(403);
    expect(await eventsAfter(start)).toEqual([]);

    const response = await (plan.caller ?? rightful.client).request(method!, plan.url, plan.body);
    expect(response.status, response.text).toBe(routeCase.success);
    const events = await eventsAfter(start);
    expect(events.map((event) => event.action)).toEqual(actions);
    expect(events.every((event) => event.actor_user_id === rightful.id)).toBe(true);
  });
});
