import { randomUUID } from 'node:crypto';
import { localClock, walkInSlots } from '#domain/check-in.ts';
import { defaultOfficeHours } from '#domain/sites.ts';
import type { TestClient } from '#test-support/harness.ts';
import { insertMembership } from '#test-support/harness.ts';
import { addPasskeyThroughApi, SoftwareAuthenticator } from '#test-support/passkey-authenticator.ts';
import { zoneWhereHourIs } from '#test-support/time-zones.ts';
import {
  createTenant,
  futureDate,
  futureWeekday,
  insertBooking,
  insertDesk,
  inviteSomeone,
  newClient,
  signUpPerson,
  type Tenant,
  type World,
} from './tenant-world.ts';

/**
 * Who may call a route:
 * - public: anyone, signed in or not (a token in the path or body is the authorization);
 * - self: any signed-in user, about their own account and nothing of a tenant's;
 * - member / admin: a member / an admin of the organization the route names (its floor, desk, booking, member...);
 * - platform: administrators of the platform organization.
 */
export type Access = 'public' | 'self' | 'member' | 'admin' | 'platform';

export interface RequestPlan {
  url: string;
  body?: unknown;
  /** The rightful caller, when it is not the tenant's member or admin (or for public and self routes). */
  caller?: TestClient;
}

export interface RouteCase {
  access: Access;
  /** The status the rightful caller gets: proof that the refusals below are about who calls, not bad input. */
  success: number;
  /** A stream that stays open (Server-Sent Events): the rightful caller's answer is checked by its head only. */
  stream?: boolean;
  /** The request about tenant A. Routes that change or delete something get fresh objects of their own. */
  plan(world: World): Promise<RequestPlan> | RequestPlan;
}

const fakeToken = 'A'.repeat(43);
const q = (values: Record<string, string>) => new URLSearchParams(values).toString();
const freshMember = async (world: World) => {
  const person = await signUpPerson(world.testApp, 'fresh-member-');
  await insertMembership(world.testApp, world.a.id, person.id, 'member');
  return person;
};
const freshDesk = (world: World) => insertDesk(world.testApp, world.a);
const location = (tenant: Tenant) => `/api/objects/${tenant.uploadId}`;
/** Sit here books what is left of today: an organization of A's admin and member whose clock is within office hours. */
const officeHoursTenants = new WeakMap<World, Promise<{ tenant: Tenant; zone: string }>>();
const officeHoursTenant = (world: World) => {
  let found = officeHoursTenants.get(world);
  if (!found) {
    found = (async () => {
      const tenant = await createTenant(world.testApp, 'A3', world.a.admin, world.a.member);
      const zone = zoneWhereHourIs([10, 11, 14, 15]);
      // Its only site's zone (the desk's clock; the organization's follows it).
      await world.testApp.database.sql.query('UPDATE sites SET time_zone = $2 WHERE organization_id = $1', [
        tenant.id,
        zone,
      ]);
      return { tenant, zone };
    })();
    officeHoursTenants.set(world, found);
  }
  return found;
};

/** A series of A's member on a fresh desk: one day, each series its own (one desk per person holds across them). */
let seriesDay = 60;
const seriesBody = async (world: World) => {
  seriesDay += 1;
  return {
    organizationId: world.a.id,
    deskId: await freshDesk(world),
    timeSlot: 'afternoon',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    interval: 1,
    startDate: futureDate(seriesDay),
    untilDate: futureDate(seriesDay),
  };
};
const memberSeries = async (world: World) => {
  const made = await world.a.member.client.post('/api/bookings/series', await seriesBody(world));
  if (made.status !== 201) throw new Error(`series: ${made.status} ${made.text}`);
  return made.body.series.id as string;
};

/** Tenant A's first site (made with the organization, migration 0024). */
const firstSiteOf = async (world: World) => {
  const [site] = await world.testApp.database.sql.query<{ id: string }>(
    'SELECT id FROM sites WHERE organization_id = $1 ORDER BY created_at, id LIMIT 1',
    [world.a.id],
  );
  return site!.id;
};

/** A new team of tenant A's, with nobody in it (issue 29). */
const freshTeam = async (world: World) => {
  const [team] = await world.testApp.database.sql.query<{ id: string }>(
    "INSERT INTO teams (organization_id, name, colour) VALUES ($1, $2, '#2563eb') RETURNING id",
    [world.a.id, `Team ${randomUUID().slice(0, 8)}`],
  );
  return team!.id;
};

/** A new neighbourhood of tenant A's first floor, with no desks (issue 29). */
const freshNeighbourhood = async (world: World) => {
  const [neighbourhood] = await world.testApp.database.sql.query<{ id: string }>(
    "INSERT INTO neighbourhoods (organization_id, floor_id, name, colour) VALUES ($1, $2, $3, '#2563eb') RETURNING id",
    [world.a.id, world.a.floorId, `Area ${randomUUID().slice(0, 8)}`],
  );
  return neighbourhood!.id;
};

/** How each registered route is exercised. A route missing here fails the isolation suite with its name. */
export const routeCases: Record<string, RouteCase> = {
  // Documentation and health: nothing of anyone's.
  'GET /api/openapi.json': { access: 'public', success: 200, plan: () => ({ url: '/api/openapi.json' }) },
  'GET /api/docs': { access: 'public', success: 200, plan: () => ({ url: '/api/docs' }) },
  'GET /api/docs/reference.css': { access: 'public', success: 200, plan: () => ({ url: '/api/docs/reference.css' }) },
  'GET /api/health': { access: 'public', success: 200, plan: () => ({ url: '/api/health' }) },

  // Accounts: the caller's own.
  'POST /api/register': {
    access: 'public',
    success: 201,
    plan: () => ({
      url: '/api/register',
      body: { email: `${randomUUID()}@example.com`, password: 'correct horse battery', firstName: 'N', lastName: 'U' },
    }),
  },
  'POST /api/login': {
    access: 'public',
    success: 200,
    plan: (world) => ({ url: '/api/login', body: { email: world.outsider.email, password: world.outsider.password } }),
  },
  'GET /api/login': { access: 'public', success: 302, plan: (w) => ({ url: `/api/login?organization=${w.a.id}` }) },
  'POST /api/sso/start': {
    access: 'public',
    success: 404,
    plan: () => ({ url: '/api/sso/start', body: { email: 'someone@no-sso.example.com' } }),
  },
  'GET /api/sso/callback': { access: 'public', success: 302, plan: () => ({ url: '/api/sso/callback?state=x' }) },
  // Nothing waits to be linked in this world's browsers: the rightful answer is 404 with its sentence.
  'GET /api/sso/pending-link': { access: 'public', success: 404, plan: () => ({ url: '/api/sso/pending-link' }) },
  'POST /api/sso/pending-link': { access: 'self', success: 404, plan: () => ({ url: '/api/sso/pending-link' }) },
  'GET /api/logout': { access: 'public', success: 302, plan: () => ({ url: '/api/logout' }) },
  'POST /api/logout': { access: 'public', success: 200, plan: () => ({ url: '/api/logout', body: {} }) },
  'POST /api/forgot-password': {
    access: 'public',
    success: 200,
    plan: (world) => ({ url: '/api/forgot-password', body: { email: world.a.member.email } }),
  },
  'GET /api/reset-password/:token': {
    access: 'public',
    success: 400,
    plan: () => ({ url: `/api/reset-password/${fakeToken}` }),
  },
  'POST /api/reset-password': {
    access: 'public',
    success: 400,
    plan: () => ({ url: '/api/reset-password', body: { token: fakeToken, newPassword: 'a new password' } }),
  },
  'GET /api/verify-email/:token': {
    access: 'public',
    success: 302,
    plan: () => ({ url: `/api/verify-email/${fakeToken}` }),
  },
  'GET /api/user': { access: 'self', success: 200, plan: () => ({ url: '/api/user' }) },
  'GET /api/user/export': { access: 'self', success: 200, plan: () => ({ url: '/api/user/export' }) },
  'DELETE /api/user': {
    access: 'self',
    success: 200,
    plan: async (world) => {
      const person = await signUpPerson(world.testApp, 'leaving-');
      return { url: '/api/user', body: { password: person.password }, caller: person.client };
    },
  },
  // Issue 27: the account settings. Each changes the caller's own account only (a fresh person, so the world's people
  // keep their names, addresses and passwords); a confirmation link is its own authorization.
  'PATCH /api/user': {
    access: 'self',
    success: 200,
    plan: async (world) => {
      const person = await signUpPerson(world.testApp, 'renamed-');
      return { url: '/api/user', body: { firstName: 'Renamed', lastName: 'Person' }, caller: person.client };
    },
  },
  'POST /api/user/email': {
    access: 'self',
    success: 202,
    plan: async (world) => {
      const person = await signUpPerson(world.testApp, 'moving-');
      const body = { newEmail: `new-${person.email}`, password: person.password };
      return { url: '/api/user/email', body, caller: person.client };
    },
  },
  'POST /api/user/email/confirm': {
    access: 'public',
    success: 400,
    plan: () => ({ url: '/api/user/email/confirm', body: { token: fakeToken } }),
  },
  'POST /api/user/password': {
    access: 'self',
    success: 200,
    plan: async (world) => {
      const person = await signUpPerson(world.testApp, 'new-password-');
      const body = { currentPassword: person.password, newPassword: 'a new password' };
      return { url: '/api/user/password', body, caller: person.client };
    },
  },

  // Organizations.
  'POST /api/organizations': {
    access: 'self',
    success: 201,
    plan: () => ({ url: '/api/organizations', body: { name: 'Another Org', slug: `another-${randomUUID()}` } }),
  },
  'GET /api/organizations': { access: 'self', success: 200, plan: () => ({ url: '/api/organizations' }) },
  'GET /api/organizations/:id': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}` }),
  },
  'PUT /api/organizations/:id': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}`, body: { defaultZoomLevel: 1 } }),
  },

  // Booking rules (issue 15).
  'GET /api/organizations/:id/booking-rules': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/booking-rules` }),
  },
  'PUT /api/organizations/:id/booking-rules': {
    access: 'admin',
    success: 200,
    plan: (w) => ({
      url: `/api/organizations/${w.a.id}/booking-rules`,
      body: { onePerPersonPerSlot: true, maxDaysAhead: 90, maxBookingsPerWeek: null, adminsExempt: true },
    }),
  },
  // Single sign-on. This world's app has no SSO_SECRET_KEY on a public address, so saving answers 503 (SSO off).
  'GET /api/organizations/:id/sso': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/sso` }),
  },
  'PUT /api/organizations/:id/sso': {
    access: 'admin',
    success: 503,
    plan: (w) => ({
      url: `/api/organizations/${w.a.id}/sso`,
      body: { issuer: 'https://idp.example.com', clientId: 'perch', clientSecret: 's', domains: ['a.example.com'] },
    }),
  },
  'DELETE /api/organizations/:id/sso': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/sso` }),
  },
  // No connection here, so no claimed domain: the admin is told so (404); others are refused before that.
  'POST /api/organizations/:id/sso/domains/:domain/verify': {
    access: 'admin',
    success: 404,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/sso/domains/a.example.com/verify` }),
  },

  // Members and invitations.
  'GET /api/organizations/:id/members': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/members` }),
  },
  'GET /api/organizations/:id/members/me': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/members/me` }),
  },
  'PATCH /api/organizations/:id/members/:userId/role': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({
      url: `/api/organizations/${w.a.id}/members/${(await freshMember(w)).id}/role`,
      body: { role: 'admin' },
    }),
  },
  'DELETE /api/organizations/:id/members/:userId': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({ url: `/api/organizations/${w.a.id}/members/${(await freshMember(w)).id}` }),
  },
  'POST /api/organizations/:id/invite': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/invite`, body: { emails: [`${randomUUID()}@example.com`] } }),
  },
  'GET /api/organizations/:id/invitations': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/invitations` }),
  },
  'DELETE /api/organizations/:id/invitations/:invitationId': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({ url: `/api/organizations/${w.a.id}/invitations/${(await inviteSomeone(w.a)).id}` }),
  },
  'POST /api/organizations/:id/invitations/:invitationId/resend': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/invitations/${w.a.invitationId}/resend`, body: {} }),
  },
  'GET /api/invitations/:token': {
    access: 'public',
    success: 404,
    plan: () => ({ url: `/api/invitations/${fakeToken}` }),
  },
  'POST /api/signup-with-invitation': {
    access: 'public',
    success: 404,
    plan: () => ({ url: '/api/signup-with-invitation', body: { token: fakeToken, password: 'correct horse battery' } }),
  },

  // Sites (issue 28).
  'GET /api/organizations/:id/sites': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/sites` }),
  },
  'POST /api/organizations/:id/sites': {
    access: 'admin',
    success: 201,
    plan: (w) => ({
      url: `/api/organizations/${w.a.id}/sites`,
      body: { name: `Site ${randomUUID().slice(0, 8)}`, timeZone: 'Asia/Tokyo' },
    }),
  },
  'PUT /api/sites/:siteId': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({
      url: `/api/sites/${await firstSiteOf(w)}`,
      body: { name: `Office ${randomUUID().slice(0, 8)}` },
    }),
  },
  'GET /api/sites/:siteId/change-consequences': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({ url: `/api/sites/${await firstSiteOf(w)}/change-consequences` }),
  },
  'DELETE /api/sites/:siteId': {
    access: 'admin',
    success: 200,
    // Deletes a fresh site of tenant A's, with no floors, so that A keeps its own.
    plan: async (w) => {
      const [site] = await w.testApp.database.sql.query<{ id: string }>(
        "INSERT INTO sites (organization_id, name, time_zone) VALUES ($1, $2, 'Europe/Paris') RETURNING id",
        [w.a.id, `Spare ${randomUUID().slice(0, 8)}`],
      );
      return { url: `/api/sites/${site!.id}` };
    },
  },
  // Teams (issue 29): each change gets a fresh team of A's, with nobody in it.
  'GET /api/organizations/:id/teams': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/teams` }),
  },
  'POST /api/organizations/:id/teams': {
    access: 'admin',
    success: 201,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/teams`, body: { name: `Team ${randomUUID().slice(0, 8)}` } }),
  },
  'PUT /api/teams/:teamId': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({
      url: `/api/teams/${await freshTeam(w)}`,
      body: { name: `Team ${randomUUID().slice(0, 8)}` },
    }),
  },
  'DELETE /api/teams/:teamId': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({ url: `/api/teams/${await freshTeam(w)}` }),
  },
  // Admins and the team's own people; A's member is not in this one.
  'GET /api/teams/:teamId/members': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({ url: `/api/teams/${await freshTeam(w)}/members` }),
  },
  'PUT /api/teams/:teamId/members': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({ url: `/api/teams/${await freshTeam(w)}/members`, body: { userIds: [w.a.member.id] } }),
  },
  'POST /api/teams/:teamId/members': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({ url: `/api/teams/${await freshTeam(w)}/members`, body: { userIds: [w.a.member.id] } }),
  },
  'PUT /api/organizations/:id/home-site': {
    access: 'member',
    success: 200,
    plan: async (w) => ({ url: `/api/organizations/${w.a.id}/home-site`, body: { siteId: await firstSiteOf(w) } }),
  },

  // Floors and desks.
  'GET /api/organizations/:id/floors': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/floors` }),
  },
  'POST /api/organizations/:id/floors': {
    access: 'admin',
    success: 201,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/floors`, body: { name: `Floor ${randomUUID().slice(0, 8)}` } }),
  },
  'PUT /api/floors/:floorId': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/floors/${w.a.floorId}`, body: { defaultZoomLevel: 1 } }),
  },
  'GET /api/floors/:floorId/deletion-consequences': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/floors/${w.a.floorId}/deletion-consequences` }),
  },
  'DELETE /api/floors/:floorId': {
    access: 'admin',
    success: 200,
    // Deletes the floor: a fresh one of tenant A's, with a desk, so that A keeps its own floor.
    plan: async (w) => {
      const [floor] = await w.testApp.database.sql.query<{ id: string }>(
        'INSERT INTO floors (organization_id, name) VALUES ($1, $2) RETURNING id',
        [w.a.id, `Spare ${randomUUID().slice(0, 8)}`],
      );
      await insertDesk(w.testApp, { id: w.a.id, floorId: floor!.id });
      return { url: `/api/floors/${floor!.id}` };
    },
  },
  'POST /api/floors/:floorId/desks/batch': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({
      url: `/api/floors/${w.a.floorId}/desks/batch`,
      body: {
        update: [{ id: await freshDesk(w), rotation: 90, amenities: ['monitor'], bookable: false }],
        delete: [await freshDesk(w)],
      },
    }),
  },
  'GET /api/organizations/:id/amenities': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/amenities` }),
  },
  'PUT /api/organizations/:id/amenities': {
    access: 'admin',
    success: 200,
    plan: (w) => ({
      url: `/api/organizations/${w.a.id}/amenities`,
      body: { amenities: ['monitor', 'standing desk', 'docking station', 'window', 'quiet'] },
    }),
  },
  'GET /api/organizations/:id/desks': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/desks` }),
  },
  'GET /api/floors/:floorId/desks': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/floors/${w.a.floorId}/desks` }),
  },
  // Neighbourhoods (issue 29): each change gets a fresh neighbourhood of A's first floor.
  'GET /api/floors/:floorId/neighbourhoods': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/floors/${w.a.floorId}/neighbourhoods` }),
  },
  'POST /api/floors/:floorId/neighbourhoods': {
    access: 'admin',
    success: 201,
    plan: (w) => ({
      url: `/api/floors/${w.a.floorId}/neighbourhoods`,
      body: { name: `Area ${randomUUID().slice(0, 8)}` },
    }),
  },
  'PUT /api/neighbourhoods/:neighbourhoodId': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({
      url: `/api/neighbourhoods/${await freshNeighbourhood(w)}`,
      body: { name: `Area ${randomUUID().slice(0, 8)}` },
    }),
  },
  'DELETE /api/neighbourhoods/:neighbourhoodId': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({ url: `/api/neighbourhoods/${await freshNeighbourhood(w)}` }),
  },
  'POST /api/organizations/:id/desks': {
    access: 'admin',
    success: 201,
    plan: (w) => ({
      url: `/api/organizations/${w.a.id}/desks`,
      body: { name: `Desk ${randomUUID().slice(0, 8)}`, floorId: w.a.floorId, positionX: 300, positionY: 300 },
    }),
  },
  'PUT /api/desks/:deskId': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/desks/${w.a.deskIds[1]}`, body: { rotation: 90 } }),
  },
  'DELETE /api/desks/:deskId': {
    access: 'admin',
    success: 200,
    plan: async (w) => ({ url: `/api/desks/${await freshDesk(w)}` }),
  },
  'DELETE /api/organizations/:id/desks': {
    access: 'admin',
    success: 200,
    // Deletes every desk: an organization of its own, with the same admin and member as tenant A.
    plan: async (w) => {
      const spare = await createTenant(w.testApp, 'A2', w.a.admin, w.a.member);
      return { url: `/api/organizations/${spare.id}/desks` };
    },
  },

  // Bookings.
  'POST /api/bookings': {
    access: 'member',
    success: 201,
    plan: async (w) => ({
      url: '/api/bookings',
      body: { organizationId: w.a.id, deskId: await freshDesk(w), bookingDate: futureDate(60), timeSlot: 'morning' },
    }),
  },
  'POST /api/bookings/bulk': {
    access: 'member',
    success: 201,
    plan: async (w) => ({
      url: '/api/bookings/bulk',
      body: {
        organizationId: w.a.id,
        bookings: [{ deskId: await freshDesk(w), bookingDate: futureDate(61), timeSlot: 'afternoon' }],
      },
    }),
  },
  'POST /api/desks/weekly-availability': {
    access: 'member',
    success: 200,
    plan: (w) => ({
      url: '/api/desks/weekly-availability',
      body: { organizationId: w.a.id, deskId: w.a.deskIds[1], startDate: futureWeekday(70), timeSlot: 'full-day' },
    }),
  },
  'GET /api/users/bookings': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/users/bookings?${q({ organizationId: w.a.id })}` }),
  },
  'GET /api/organizations/:id/bookings': {
    access: 'member',
    success: 200,
    plan: (w) => ({
      url: `/api/organizations/${w.a.id}/bookings?${q({ startDate: futureDate(0), endDate: futureDate(200) })}`,
    }),
  },
  // Issue 29: following colleagues and the week.
  'GET /api/organizations/:id/following': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/following` }),
  },
  'PUT /api/organizations/:id/following': {
    access: 'member',
    success: 200,
    plan: async (w) => ({
      url: `/api/organizations/${w.a.id}/following`,
      body: { userIds: [(await freshMember(w)).id], dailyMail: true },
    }),
  },
  'GET /api/organizations/:id/week': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/week?${q({ start: futureDate(0) })}` }),
  },
  'GET /api/desks/:deskId/availability': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/desks/${w.a.deskIds[0]}/availability?${q({ date: futureDate(21) })}` }),
  },
  // The desk's own page (issue 16): what it offers now, and Sit here on a fresh desk.
  'GET /api/desks/:deskId/here': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/desks/${w.a.deskIds[0]}/here` }),
  },
  'POST /api/desks/:deskId/walk-in': {
    access: 'member',
    success: 201,
    plan: async (w) => {
      const { tenant, zone } = await officeHoursTenant(w);
      // The tenant's only site keeps the default office hours.
      const [timeSlot] = walkInSlots(localClock(new Date(), zone).time, defaultOfficeHours);
      return { url: `/api/desks/${await insertDesk(w.testApp, tenant)}/walk-in`, body: { timeSlot } };
    },
  },
  // Move my booking here (issue 27): the member's booking of today on one fresh desk moves to another.
  'POST /api/desks/:deskId/move-here': {
    access: 'member',
    success: 200,
    plan: async (w) => {
      const { tenant, zone } = await officeHoursTenant(w);
      const { date, time } = localClock(new Date(), zone);
      const [timeSlot] = walkInSlots(time, defaultOfficeHours);
      // Other cases book the member into this tenant today (Sit here): one desk per person would refuse the move.
      await w.testApp.database.sql.query(
        `UPDATE bookings SET status = 'cancelled', cancelled_at = now()
         WHERE organization_id = $1 AND user_id = $2 AND booking_date = $3`,
        [tenant.id, w.a.member.id, date],
      );
      const [row] = await w.testApp.database.sql.query<{ id: string }>(
        `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [tenant.id, await insertDesk(w.testApp, tenant), w.a.member.id, date, timeSlot],
      );
      return {
        url: `/api/desks/${await insertDesk(w.testApp, tenant)}/move-here`,
        body: { bookingId: row?.id, timeSlot },
      };
    },
  },
  'DELETE /api/bookings/:id': {
    access: 'member',
    success: 200,
    plan: async (w) => ({
      url: `/api/bookings/${await insertBooking(w.testApp, w.a.id, await freshDesk(w), w.a.member.id)}`,
    }),
  },
  // Office days that repeat (issue 29): A's member's own series, on a fresh desk.
  'POST /api/bookings/series': {
    access: 'member',
    success: 201,
    plan: async (w) => ({ url: '/api/bookings/series', body: await seriesBody(w) }),
  },
  'GET /api/bookings/series/:seriesId': {
    access: 'member',
    success: 200,
    plan: async (w) => ({ url: `/api/bookings/series/${await memberSeries(w)}` }),
  },
  'DELETE /api/bookings/series/:seriesId': {
    access: 'member',
    success: 200,
    plan: async (w) => ({ url: `/api/bookings/series/${await memberSeries(w)}?${q({ from: futureDate(1) })}` }),
  },
  'GET /api/users/booking-series': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/users/booking-series?${q({ organizationId: w.a.id })}` }),
  },
  'POST /api/bookings/:bookingId/check-in': {
    access: 'member',
    success: 200,
    // Already checked in (a day ahead, by SQL): the rightful owner's check-in answers that, whatever the hour now.
    plan: async (w) => {
      const bookingId = await insertBooking(w.testApp, w.a.id, await freshDesk(w), w.a.member.id);
      await w.testApp.database.sql.query('UPDATE bookings SET checked_in_at = now() WHERE id = $1', [bookingId]);
      return { url: `/api/bookings/${bookingId}/check-in`, body: {} };
    },
  },
  // Assigned desks that free up (issue 29): A's member's own assigned desk (a permanent booking made for them).
  'GET /api/bookings/:id/releases': {
    access: 'member',
    success: 200,
    plan: async (w) => ({ url: `/api/bookings/${await insertAssignedDesk(w)}/releases` }),
  },
  'POST /api/bookings/:id/releases': {
    access: 'member',
    success: 201,
    plan: async (w) => ({
      url: `/api/bookings/${await insertAssignedDesk(w)}/releases`,
      body: { startDate: futureDate(5), endDate: futureDate(6) },
    }),
  },
  'DELETE /api/bookings/:id/releases/:releaseId': {
    access: 'member',
    success: 200,
    plan: async (w) => {
      const bookingId = await insertAssignedDesk(w);
      const [row] = await w.testApp.database.sql.query<{ id: string }>(
        `INSERT INTO booking_releases (booking_id, start_date, end_date) VALUES ($1, $2, $3) RETURNING id`,
        [bookingId, futureDate(5), futureDate(6)],
      );
      return { url: `/api/bookings/${bookingId}/releases/${row?.id}` };
    },
  },
  'DELETE /api/organizations/:id/users/:userId/bookings': {
    access: 'admin',
    success: 200,
    plan: async (w) => {
      const member = await freshMember(w);
      await insertBooking(w.testApp, w.a.id, await freshDesk(w), member.id);
      return { url: `/api/organizations/${w.a.id}/users/${member.id}/bookings` };
    },
  },

  // The calendar feed and the person's settings (issue 16): one's own. A feed is read with its token alone: a fresh
  // person's, with no booking of anyone's in it.
  'POST /api/user/calendar-feed': { access: 'self', success: 201, plan: () => ({ url: '/api/user/calendar-feed' }) },
  'GET /api/user/calendar-feed': { access: 'self', success: 200, plan: () => ({ url: '/api/user/calendar-feed' }) },
  'DELETE /api/user/calendar-feed': { access: 'self', success: 204, plan: () => ({ url: '/api/user/calendar-feed' }) },
  'GET /api/calendar-feed/:token': {
    access: 'public',
    success: 200,
    plan: async (w) => {
      const person = await signUpPerson(w.testApp, 'feed-');
      const feed = await person.client.post('/api/user/calendar-feed');
      return { url: new URL(feed.body.url).pathname };
    },
  },
  'GET /api/user/preferences': { access: 'self', success: 200, plan: () => ({ url: '/api/user/preferences' }) },
  'PUT /api/user/preferences': {
    access: 'self',
    success: 200,
    plan: () => ({ url: '/api/user/preferences', body: { checkInReminders: true } }),
  },

  // Passkeys (issue 19): one's own. Adding one answers the caller's own pending challenge, so a fresh person asks for
  // it first. A passkey named in the path is A's member's: as on member routes, everyone else (B's admin included)
  // gets 404. Signing in needs no session: a fresh person's passkey, answered by a signed-out browser.
  'POST /api/user/passkeys/registration-options': {
    access: 'self',
    success: 200,
    plan: () => ({ url: '/api/user/passkeys/registration-options', body: {} }),
  },
  'POST /api/user/passkeys': {
    access: 'self',
    success: 201,
    plan: async (w) => {
      const person = await signUpPerson(w.testApp, 'passkey-');
      const options = await person.client.post('/api/user/passkeys/registration-options');
      const authenticator = new SoftwareAuthenticator(w.testApp.config.publicUrl);
      return {
        url: '/api/user/passkeys',
        body: { response: authenticator.register(options.body) },
        caller: person.client,
      };
    },
  },
  'GET /api/user/passkeys': { access: 'self', success: 200, plan: () => ({ url: '/api/user/passkeys' }) },
  'DELETE /api/user/passkeys/:id': {
    access: 'member',
    success: 204,
    plan: async (w) => {
      const authenticator = new SoftwareAuthenticator(w.testApp.config.publicUrl);
      const added = await addPasskeyThroughApi(w.a.member.client, authenticator);
      return { url: `/api/user/passkeys/${added.body.id}` };
    },
  },
  'POST /api/passkeys/authentication-options': {
    access: 'public',
    success: 200,
    plan: () => ({ url: '/api/passkeys/authentication-options', body: {} }),
  },
  'POST /api/passkeys/authenticate': {
    access: 'public',
    success: 200,
    plan: async (w) => {
      const person = await signUpPerson(w.testApp, 'passkey-');
      const authenticator = new SoftwareAuthenticator(w.testApp.config.publicUrl);
      await addPasskeyThroughApi(person.client, authenticator);
      const browser = newClient(w.testApp);
      const options = await browser.post('/api/passkeys/authentication-options');
      return {
        url: '/api/passkeys/authenticate',
        body: { response: authenticator.authenticate(options.body) },
        caller: browser,
      };
    },
  },

  // Team Bookings (issue 15): the paged, searchable list and its CSV export.
  'GET /api/organizations/:id/team-bookings': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/team-bookings?${q({ status: 'all', sort: 'person' })}` }),
  },
  'GET /api/organizations/:id/bookings.csv': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/bookings.csv?${q({ status: 'all' })}` }),
  },

  // Workplace analytics (issue 17): a range's figures and the same as CSV; of one site (issue 28).
  'GET /api/organizations/:id/analytics': {
    access: 'admin',
    success: 200,
    plan: async (w) => {
      const [site] = await w.testApp.database.sql.query<{ id: string }>(
        'SELECT site_id AS id FROM floors WHERE id = $1',
        [w.a.floorId],
      );
      const range = {
        startDate: futureDate(-27),
        endDate: futureDate(0),
        siteId: site?.id ?? '',
        floorId: w.a.floorId,
      };
      return { url: `/api/organizations/${w.a.id}/analytics?${q(range)}` };
    },
  },
  'GET /api/organizations/:id/analytics.csv': {
    access: 'admin',
    success: 200,
    plan: (w) => ({
      url: `/api/organizations/${w.a.id}/analytics.csv?${q({ startDate: futureDate(-27), endDate: futureDate(0), by: 'desk' })}`,
    }),
  },

  // Floor-plan images.
  'POST /api/objects/upload': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: '/api/objects/upload', body: { organizationId: w.a.id } }),
  },
  'PUT /api/objects/upload/:token': {
    access: 'public',
    success: 403,
    plan: () => ({ url: `/api/objects/upload/${fakeToken}`, body: {} }),
  },
  'PUT /api/floors/:floorId/floor-plan': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/floors/${w.a.floorId}/floor-plan`, body: { floorPlanURL: location(w.a) } }),
  },
  'PUT /api/organizations/:orgId/floor-plan': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/floor-plan`, body: { floorPlanURL: location(w.a) } }),
  },
  'GET /api/objects/:uploadId': { access: 'member', success: 200, plan: (w) => ({ url: location(w.a) }) },

  // Live updates.
  'GET /api/organizations/:id/events': {
    access: 'member',
    success: 200,
    stream: true,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/events` }),
  },

  // Audit log.
  'GET /api/organizations/:id/audit-log': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/audit-log` }),
  },
  'GET /api/organizations/:id/audit-log.csv': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/audit-log.csv?${q({ action: 'desk.created' })}` }),
  },
  'GET /api/admin/audit-log': { access: 'platform', success: 200, plan: () => ({ url: '/api/admin/audit-log' }) },

  // Subscriptions (issue 6). A's trial has nothing to cancel (409 for its admin); reactivating it starts a checkout.
  'GET /api/organizations/:id/subscription': {
    access: 'member',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/subscription` }),
  },
  'POST /api/organizations/:id/subscription/cancel': {
    access: 'admin',
    success: 409,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/subscription/cancel`, body: {} }),
  },
  'POST /api/organizations/:id/subscription/reactivate': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: `/api/organizations/${w.a.id}/subscription/reactivate`, body: { planId: 'tier-1' } }),
  },

  // The payment provider's side. Without PayPal credentials (the local checkout) no webhook can be verified: 400.
  'GET /paypal/setup': { access: 'self', success: 200, plan: () => ({ url: '/paypal/setup' }) },
  'POST /paypal/subscription': {
    access: 'admin',
    success: 200,
    plan: (w) => ({ url: '/paypal/subscription', body: { planId: 'tier-2', organizationId: w.a.id } }),
  },
  'GET /paypal/return': { access: 'public', success: 303, plan: () => ({ url: '/paypal/return' }) },
  'GET /paypal/cancel': { access: 'public', success: 303, plan: () => ({ url: '/paypal/cancel' }) },
  'POST /paypal/webhook': {
    access: 'public',
    success: 400,
    plan: () => ({ url: '/paypal/webhook', body: { id: 'WH-1', event_type: 'BILLING.SUBSCRIPTION.ACTIVATED' } }),
  },

  // Platform administration: the same limit A's trial already has, so A's rights do not change.
  'GET /api/admin/organizations': {
    access: 'platform',
    success: 200,
    plan: () => ({ url: '/api/admin/organizations' }),
  },
  'POST /api/admin/organizations/:id/subscription/override': {
    access: 'platform',
    success: 200,
    plan: (w) => ({
      url: `/api/admin/organizations/${w.a.id}/subscription/override`,
      body: { planName: 'Tier 1', maxUsers: 50 },
    }),
  },
  'DELETE /api/admin/organizations/:id/subscription/override': {
    access: 'platform',
    success: 200,
    plan: async (w) => {
      await w.testApp.database.sql.query('UPDATE subscriptions SET is_overridden = true WHERE organization_id = $1', [
        w.a.id,
      ]);
      return { url: `/api/admin/organizations/${w.a.id}/subscription/override` };
    },
  },
};

/** A's member's assigned desk: a permanent booking made for them, on a fresh desk, from tomorrow on (issue 29). */
async function insertAssignedDesk(w: World): Promise<string> {
  const [row] = await w.testApp.database.sql.query<{ id: string }>(
    `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot, is_permanent, is_assigned)
     VALUES ($1, $2, $3, $4, 'full-day', true, true) RETURNING id`,
    [w.a.id, await freshDesk(w), w.a.member.id, futureDate(1)],
  );
  return row!.id;
}
