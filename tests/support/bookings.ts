import { beforeAll, expect } from 'vitest';
import { type BookingRules, defaultBookingRules } from '#domain/booking-rules.ts';
import type { TimeSlot } from '#domain/bookings.ts';
import { addDays, todayIn } from '#domain/dates.ts';
import { insertMembership, signUp, type TestApp, type TestClient } from './harness.ts';
import { zoneWhereHourIs } from './time-zones.ts';

let slugCounter = 0;

export interface TestOrganization {
  id: string;
  timeZone: string;
  admin: Awaited<ReturnType<typeof signUp>>;
  floorId: string;
  desks: string[];
  /** A date `days` after today in the organization's zone. */
  day(days: number): string;
}

/**
 * An organization made through the API by a new admin, with one floor and `deskCount` desks inserted by SQL. Its zone
 * is `timeZone`, or with `hours` one whose clock shows one of them now (tests of check-in and walk-ins).
 */
export async function createOrganization(
  testApp: TestApp,
  options: {
    timeZone?: string;
    hours?: readonly number[];
    deskCount?: number;
    admin?: Awaited<ReturnType<typeof signUp>>;
    /**
     * The working days of its site (issue 28): every day by default, so that tests booking "tomorrow" or "in a week"
     * as members pass whatever weekday they run on; tests of working days name theirs.
     */
    workingDays?: readonly number[];
  } = {},
): Promise<TestOrganization> {
  const admin = options.admin ?? (await signUp(testApp, { firstName: 'Ada', lastName: 'Admin' }));
  slugCounter += 1;
  const timeZone = options.timeZone ?? (options.hours ? zoneWhereHourIs(options.hours) : 'Europe/London');
  const response = await admin.client.post('/api/organizations', {
    name: 'Acme Corp',
    slug: `bookings-${Date.now().toString(36)}-${slugCounter}`,
    timeZone,
  });
  if (response.status !== 201) throw new Error(`organization: ${response.status} ${response.text}`);
  const id = response.body.id as string;
  await testApp.database.sql.query('UPDATE sites SET working_days = $2::smallint[] WHERE organization_id = $1', [
    id,
    `{${(options.workingDays ?? [1, 2, 3, 4, 5, 6, 7]).join(',')}}`,
  ]);
  const floorId = await addFloor(testApp, id, 'Floor 1');
  const desks = await addDesks(testApp, id, floorId, options.deskCount ?? 3);
  return { id, timeZone, admin, floorId, desks, day: (days) => addDays(todayIn(timeZone), days) };
}

type OrganizationOptions = NonNullable<Parameters<typeof createOrganization>[1]> & {
  /** Booking rules over the defaults, put by the admin once the organization is made. */
  rules?: Partial<BookingRules>;
};

/**
 * An organization made before the tests of the file, or of the describe block, that calls this (read it inside tests
 * and hooks only); its zone, with `hours`, is picked as the hook runs.
 */
export function organizationForTests(testApp: TestApp, options: OrganizationOptions = {}): TestOrganization {
  const organization = {} as TestOrganization;
  beforeAll(async () => {
    const { rules, ...creation } = options;
    Object.assign(organization, await createOrganization(testApp, creation));
    if (rules) await setBookingRules(organization, rules);
  });
  return organization;
}

export type Member = Awaited<ReturnType<typeof addMember>>;

/** A new member of `organization` (one of organizationForTests, declared before), added before the same tests. */
export function memberForTests(
  testApp: TestApp,
  organization: TestOrganization,
  role: 'admin' | 'member' = 'member',
  names?: { firstName?: string; lastName?: string },
): Member {
  const member = {} as Member;
  beforeAll(async () => {
    Object.assign(member, await addMember(testApp, organization.id, role, names));
  });
  return member;
}

/** The organization's booking rules, put by its admin: the defaults with `rules` over them. */
export async function setBookingRules(organization: TestOrganization, rules: Partial<BookingRules>): Promise<void> {
  const response = await organization.admin.client.request(
    'PUT',
    `/api/organizations/${organization.id}/booking-rules`,
    { ...defaultBookingRules, ...rules },
  );
  expect(response.status, response.text).toBe(200);
}

export async function addFloor(testApp: TestApp, organizationId: string, name: string): Promise<string> {
  const [floor] = await testApp.database.sql.query<{ id: string }>(
    'INSERT INTO floors (organization_id, name) VALUES ($1, $2) RETURNING id',
    [organizationId, name],
  );
  if (!floor) throw new Error('floor not inserted');
  return floor.id;
}

/** Desks D01, D02, ... (or prefix + number) on a floor. */
export async function addDesks(
  testApp: TestApp,
  organizationId: string,
  floorId: string,
  count: number,
  prefix = 'D',
): Promise<string[]> {
  const rows = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO desks (organization_id, floor_id, name, position_x, position_y, width, height)
     SELECT $1, $2, $3 || lpad(n::text, greatest(2, length(n::text)), '0'), 10 * n, 10, 120, 80 FROM generate_series(1, $4::int) AS n
     RETURNING id`,
    [organizationId, floorId, prefix, count],
  );
  return rows.map((row) => row.id);
}

/** A new user, added to the organization with a membership row. */
export async function addMember(
  testApp: TestApp,
  organizationId: string,
  role: 'admin' | 'member' = 'member',
  names: { firstName?: string; lastName?: string } = { firstName: 'Mia', lastName: 'Member' },
) {
  const member = await signUp(testApp, names);
  await insertMembership(testApp, organizationId, member.user.id, role);
  return member;
}

/** Booking rules that stand aside: bookings open up to the two-year horizon (and with `onePerPersonPerSlot` false, one person may hold several desks at once). */
export async function relaxBookingRules(organization: TestOrganization, rules: { onePerPersonPerSlot?: boolean } = {}) {
  const response = await organization.admin.client.request(
    'PUT',
    `/api/organizations/${organization.id}/booking-rules`,
    {
      onePerPersonPerSlot: rules.onePerPersonPerSlot ?? true,
      maxDaysAhead: 730,
      maxBookingsPerWeek: null,
      adminsExempt: true,
    },
  );
  if (response.status !== 200) throw new Error(`booking rules: ${response.status} ${response.text}`);
}

export function book(client: TestClient, organization: TestOrganization, body: Record<string, unknown>) {
  return client.post('/api/bookings', {
    organizationId: organization.id,
    deskId: organization.desks[0],
    bookingDate: organization.day(7),
    timeSlot: 'full-day',
    ...body,
  });
}

/** Books a slot of today, in the organization's zone, at its desk number `deskIndex` (from 0). */
export function bookToday(client: TestClient, organization: TestOrganization, deskIndex: number, timeSlot: TimeSlot) {
  return book(client, organization, {
    deskId: organization.desks[deskIndex],
    bookingDate: organization.day(0),
    timeSlot,
  });
}

export async function activeRows(testApp: TestApp, deskId: string) {
  return testApp.database.sql.query<{ booking_date: string; time_slot: string; user_id: string }>(
    `SELECT booking_date::text, time_slot, user_id FROM bookings WHERE desk_id = $1 AND status = 'active'
     ORDER BY booking_date, time_slot`,
    [deskId],
  );
}

/** The next Monday at least `minimumDays` after today in the organization's zone. */
export function nextMonday(organization: TestOrganization, minimumDays = 7): string {
  let date = organization.day(minimumDays);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 1) date = addDays(date, 1);
  return date;
}

/** Mail is sent after the answer: lets queued mail go out before a test checks that none was sent. */
export function afterPendingMail(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50));
}
