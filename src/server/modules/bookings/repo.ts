import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { BookingLimits, HeldBooking } from '#domain/booking-rules.ts';
import type { BookingStatus, TimeSlot } from '#domain/bookings.ts';
import type { BookingEndReason, CheckInSettings } from '#domain/check-in.ts';
import type { NeighbourhoodRestriction } from '#domain/neighbourhoods.ts';
import type { Role } from '#domain/organization.ts';
import type { ReleaseView } from '#domain/releases.ts';
import type { TeamLimits } from '#domain/teams.ts';
import type { Database } from '#server/db/client.ts';
import { namedStatement, param } from '#server/db/named-statement.ts';
import { rowsOf } from '#server/db/rows.ts';
import { deskBookingRevisions, memberships, organizations } from '#server/db/schema.ts';

/** A booking with the names its view shows (desk, floor, owner), as one joined row. */
export interface BookingRow {
  id: string;
  organizationId: string;
  deskId: string;
  deskName: string;
  floorName: string;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  bookingDate: string;
  timeSlot: TimeSlot;
  status: BookingStatus;
  notes: string | null;
  isPermanent: boolean;
  /** ISO instant, or null. */
  checkedInAt: string | null;
  endReason: BookingEndReason | null;
  isWalkIn: boolean;
  /** A permanent booking made for a person: their assigned desk (issue 29); absent in rows that do not read it. */
  isAssigned?: boolean;
  /** A permanent booking's released days (issue 29), each with the dates of it someone else booked. */
  releases?: ReleaseView[];
  /** The desk's site (issue 28): its zone and office hours ('HH:MM') give the booking its real times. */
  siteId: string;
  timeZone: string;
  dayStart: string;
  midday: string;
  dayEnd: string;
}

/** The desk's site as a BookingRow carries it, over sites `s`. */
export function siteColumns(s: SQL): SQL {
  return sql`${s}.id AS "siteId", ${s}.time_zone AS "timeZone", to_char(${s}.day_start, 'HH24:MI') AS "dayStart",
  to_char(${s}.midday, 'HH24:MI') AS "midday", to_char(${s}.day_end, 'HH24:MI') AS "dayEnd"`;
}

/** An instant as ISO text in UTC: both drivers would otherwise make Date objects of it. */
export const isoInstant = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Check-in, why the booking ended, and whether it was a walk-in (migration 0017), over the bookings `b`. */
export function bookingRealityColumns(b: SQL): SQL {
  return sql`${isoInstant(sql`${b}.checked_in_at`)} AS "checkedInAt",
  CASE WHEN ${b}.released_at IS NOT NULL THEN 'no-show' WHEN ${b}.status = 'cancelled' THEN 'cancelled' END AS "endReason",
  ${b}.is_walk_in AS "isWalkIn"`;
}

/**
 * Whether the booking `b` is an assigned desk, and its releases (issue 29, migration 0027) ending on or after `from`
 * and starting on or before `to` (all without them), each with the dates of it that another active booking of the desk holds: read only for permanent
 * bookings, the releases by booking_releases' key and the bookings in them from the exclusion constraint's index.
 */
export function releaseColumns(b: SQL, from?: SQL, to?: SQL): SQL {
  const since = from ? sql`AND r.end_date >= ${from}::date` : sql``;
  const until = to ? sql`AND r.start_date <= ${to}::date` : sql``;
  return sql`${b}.is_assigned AS "isAssigned", CASE WHEN ${b}.is_permanent THEN (
    SELECT coalesce(json_agg(json_build_object('id', r.id, 'startDate', r.start_date::text, 'endDate', r.end_date::text,
        'takenDates', to_json(ARRAY(SELECT DISTINCT o.booking_date::text FROM bookings o
          WHERE o.desk_id = ${b}.desk_id AND o.status = 'active' AND o.id <> ${b}.id
            AND o.occupied && tsrange(r.start_date::timestamp, (r.end_date + 1)::timestamp, '[)')
          ORDER BY 1)))
      ORDER BY r.start_date), '[]'::json)
    FROM booking_releases r WHERE r.booking_id = ${b}.id ${since} ${until}) ELSE '[]'::json END AS releases`;
}

// A BookingRow's columns over bookings `b`, and the joins they read (writes-repo.ts answers its rows with them too).
// Dates leave the database as text: both drivers would otherwise turn them into midnight-UTC Date objects.
export const bookingColumns = sql`b.id, b.organization_id AS "organizationId", b.desk_id AS "deskId", d.name AS "deskName",
  f.name AS "floorName", b.user_id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email,
  b.booking_date::text AS "bookingDate", b.time_slot AS "timeSlot", b.status, b.notes, b.is_permanent AS "isPermanent",
  ${bookingRealityColumns(sql`b`)}, ${siteColumns(sql`s`)},
  ${releaseColumns(sql`b`, sql`(now() AT TIME ZONE s.time_zone)::date`)}`;
export const bookingJoins = sql`JOIN desks d ON d.id = b.desk_id JOIN floors f ON f.id = d.floor_id
  JOIN sites s ON s.id = f.site_id JOIN users u ON u.id = b.user_id`;
// The same names, looked up by primary key for each booking. For a day's few hundred bookings that is
// cheaper than the hash joins the planner picks over whole desk and user tables; OFFSET 0 keeps each
// lookup a per-row index probe.
const bookingLookups = sql`CROSS JOIN LATERAL (SELECT name, floor_id FROM desks WHERE id = b.desk_id OFFSET 0) AS d
  CROSS JOIN LATERAL (SELECT name, site_id FROM floors WHERE id = d.floor_id OFFSET 0) AS f
  CROSS JOIN LATERAL (SELECT first_name, last_name, email FROM users WHERE id = b.user_id OFFSET 0) AS u`;
// The day read's columns: its rows name their site only; the site's clock is per site, not per row (issue 28); a
// permanent booking's releases that touch the range (issue 29): the desk dialog reads the rest when it needs them.
const dayReadColumns = (
  from: string,
  to: string,
) => sql`b.id, b.organization_id AS "organizationId", b.desk_id AS "deskId", d.name AS "deskName",
  f.name AS "floorName", b.user_id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email,
  b.booking_date::text AS "bookingDate", b.time_slot AS "timeSlot", b.status, b.notes, b.is_permanent AS "isPermanent",
  ${bookingRealityColumns(sql`b`)}, f.site_id AS "siteId", ${releaseColumns(sql`b`, sql`${from}`, sql`${to}`)}`;

/** A day read's row: a booking whose site's clock the caller adds (findSiteClocks). */
export type DayBookingRow = Omit<BookingRow, keyof SiteClockRow>;

/** '[2026-11-23 09:00,2026-11-23 13:00)', or open-ended when end is null: the same shape as bookings.occupied. */
export function localRange(start: string, end: string | null): string {
  return `[${start},${end ?? ''})`;
}

const bookingsRevisionStatement = namedStatement<
  { organizationId: string; userId: string },
  { role: Role; revision: string; hideNames: boolean }
>('perch_bookings_revision', (db) =>
  db
    .select({
      role: memberships.role,
      hideNames: organizations.hideNames,
      revision: sql<string>`(SELECT coalesce(sum(${deskBookingRevisions.revision}), 0)::text FROM ${deskBookingRevisions}
        WHERE ${deskBookingRevisions.organizationId} = ${param('organizationId')})`,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.organizationId, param('organizationId')), eq(memberships.userId, param('userId')))),
);

/**
 * The caller's role (undefined for a non-member) and the organization's bookings revision: the sum of its desks'
 * revisions (migration 0010), which every committed change to what a bookings read shows raises, a change of a
 * site's clock or a floor's site included (migration 0025). With it, whether the organization hides names from members
 * (migration 0029). A named prepared statement (decision 009).
 */
export async function findBookingsRevision(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<{ role: Role; revision: string; hideNames: boolean } | undefined> {
  const [row] = await bookingsRevisionStatement.rows(db, { organizationId, userId });
  return row;
}

/** A site's clock as the reads need it: zone and office hours ('HH:MM'). */
export type SiteClockRow = Pick<BookingRow, 'timeZone' | 'dayStart' | 'midday' | 'dayEnd'>;

/** The organization's sites' clocks, by site id: what a day read's times follow. */
export async function findSiteClocks(db: Database, organizationId: string): Promise<Map<string, SiteClockRow>> {
  const rows = await rowsOf<SiteClockRow & { id: string }>(
    db,
    sql`SELECT s.id, s.time_zone AS "timeZone", to_char(s.day_start, 'HH24:MI') AS "dayStart",
      to_char(s.midday, 'HH24:MI') AS "midday", to_char(s.day_end, 'HH24:MI') AS "dayEnd"
      FROM sites s WHERE s.organization_id = ${organizationId}::uuid`,
  );
  return new Map(rows.map(({ id, ...clock }) => [id, clock]));
}

/** The site of a booking's desk as the write paths read it (issue 28): its clock, hours ('HH:MM') and working days. */
export interface PlaceSite {
  id: string;
  name: string;
  timeZone: string;
  dayStart: string;
  midday: string;
  dayEnd: string;
  workingDays: number[];
}

export interface BookingPlace {
  /** The caller's role in the organization. */
  role: Role;
  organizationId: string;
  organizationName: string;
  /** The desk's site's zone (its today judges the date); the organization's (its first site's) without a desk. */
  timeZone: string;
  /** Null when the desk is not one of this organization's. */
  desk: { id: string; name: string; floorName: string; site: PlaceSite } | null;
}

/** The site `s` of a desk as JSON (PlaceSite), or null without one. */
export const placeSiteJson = (s: SQL) => sql`CASE WHEN ${s}.id IS NOT NULL THEN jsonb_build_object('id', ${s}.id,
  'name', ${s}.name, 'timeZone', ${s}.time_zone, 'dayStart', to_char(${s}.day_start, 'HH24:MI'),
  'midday', to_char(${s}.midday, 'HH24:MI'), 'dayEnd', to_char(${s}.day_end, 'HH24:MI'),
  'workingDays', to_jsonb(${s}.working_days)) END`;

/**
 * Where a booking would go, in one query: the caller's membership (undefined for a non-member) and,
 * when the desk is one of that organization's, the desk with its floor and site.
 */
export async function findBookingPlace(
  db: Database,
  organizationId: string,
  userId: string,
  deskId: string | null,
): Promise<BookingPlace | undefined> {
  const [row] = await rowsOf<
    Omit<BookingPlace, 'desk'> & { deskId: string | null; deskName: string; floorName: string; site: PlaceSite | null }
  >(
    db,
    sql`SELECT m.role, o.id AS "organizationId", o.name AS "organizationName",
        coalesce(s.time_zone, o.time_zone) AS "timeZone", d.id AS "deskId", d.name AS "deskName",
        f.name AS "floorName", ${placeSiteJson(sql`s`)} AS site
      FROM memberships m JOIN organizations o ON o.id = m.organization_id
        LEFT JOIN desks d ON d.id = ${deskId}::uuid AND d.organization_id = m.organization_id
        LEFT JOIN floors f ON f.id = d.floor_id
        LEFT JOIN sites s ON s.id = f.site_id
      WHERE m.organization_id = ${organizationId}::uuid AND m.user_id = ${userId}::uuid`,
  );
  if (!row) return undefined;
  const { deskId: foundDeskId, deskName, floorName, site, ...membership } = row;
  return {
    ...membership,
    desk: foundDeskId && site ? { id: foundDeskId, name: deskName, floorName, site } : null,
  };
}

/** The sites of the organization's desks among `deskIds`, by desk id, with each site's today (its zone's date now). */
export async function findDeskSites(
  db: Database,
  organizationId: string,
  deskIds: readonly string[],
): Promise<Map<string, PlaceSite & { today: string }>> {
  if (deskIds.length === 0) return new Map();
  const rows = await rowsOf<{ deskId: string; site: PlaceSite; today: string }>(
    db,
    sql`SELECT d.id AS "deskId", ${placeSiteJson(sql`s`)} AS site, ((now() AT TIME ZONE s.time_zone)::date)::text AS today
      FROM desks d JOIN floors f ON f.id = d.floor_id JOIN sites s ON s.id = f.site_id
      WHERE d.organization_id = ${organizationId}::uuid
        AND d.id = ANY (${`{${deskIds.join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.deskId, { ...row.site, today: row.today }]));
}

/**
 * Each person's zone as mails write their times (issue 28): their home site's, else the organization's first site's
 * (organizations.time_zone is kept equal to it). People no longer members get the organization's.
 */
export async function findRecipientZones(
  db: Database,
  organizationId: string,
  userIds: readonly string[],
): Promise<{ organizationZone: string; zones: Map<string, string> }> {
  const rows = await rowsOf<{ userId: string | null; zone: string }>(
    db,
    sql`SELECT NULL AS "userId", o.time_zone AS zone FROM organizations o WHERE o.id = ${organizationId}::uuid
      UNION ALL
      SELECT m.user_id, coalesce(hs.time_zone, o.time_zone) FROM memberships m
        JOIN organizations o ON o.id = m.organization_id LEFT JOIN sites hs ON hs.id = m.home_site_id
      WHERE m.organization_id = ${organizationId}::uuid AND m.user_id = ANY (${`{${userIds.join(',')}}`}::uuid[])`,
  );
  const organizationZone = rows.find((row) => row.userId === null)?.zone ?? 'UTC';
  return {
    organizationZone,
    zones: new Map(rows.flatMap((row) => (row.userId ? [[row.userId, row.zone] as const] : []))),
  };
}

/** What judging bookings by the organization's rules needs (migration 0016), and its check-in (migration 0017). */
export interface RulesContext {
  bookerRole: Role | null;
  personRole: Role | null;
  person: { firstName: string | null; lastName: string | null; email: string } | null;
  /** The organization's today (its first site's): the requests' desks' sites have their own in `sites`. */
  today: string;
  rules: BookingLimits;
  held: HeldBooking[];
  /** The organization's check-in, its first site's zone and hours, and the database's now (the clock of every today). */
  checkIn: Pick<CheckInSettings, 'checkInRequired' | 'checkInGraceMinutes'> & {
    timeZone: string;
    dayStart: string;
    midday: string;
    dayEnd: string;
    now: Date;
  };
  /** The sites of the requested desks that are the organization's, by desk id, each with its today (issue 28). */
  sites: Map<string, PlaceSite & { today: string }>;
  /** The person's teams with their own limits (issue 29). */
  teams: TeamLimits[];
  /** The requested desks in a neighbourhood kept for teams, by desk id (issue 29). */
  neighbourhoods: Map<string, KeptDesk>;
}

/** A requested desk in a neighbourhood kept for teams, with its name for the refusal's sentence. */
export type KeptDesk = NeighbourhoodRestriction & { deskName: string };

/**
 * Takes the person's booking lock until the end of the transaction `tx` (when a rule needs it) and reads, after it
 * was granted, what the rules judge: null for an unknown organization. The organization's check-in and the sites of
 * the requested desks are read by the same statement, beside migration 0016's function.
 */
type RulesContextRow = {
  context:
    | (Omit<RulesContext, 'rules' | 'checkIn' | 'sites' | 'neighbourhoods'> & {
        rules: Omit<BookingLimits, 'onePerPersonPerSlot'> & { oneDeskPerPerson: boolean };
      })
    | null;
  checkIn: (Omit<RulesContext['checkIn'], 'now'> & { now: string }) | null;
  sites: Record<string, PlaceSite & { today: string }> | null;
  neighbourhoods: Record<string, KeptDesk> | null;
};

// Run for every booking made: planned once per connection (decision 009). The desks' sites (issue 28) are looked up
// by primary key, so one plan fits every call.
const rulesContextStatement = namedStatement<
  { organizationId: string; personId: string; bookerId: string; from: string; to: string; deskIds: string },
  RulesContextRow
>(
  'perch_rules_context',
  sql`SELECT perch_booking_rules_context(${param('organizationId')}::uuid, ${param('personId')}::uuid,
      ${param('bookerId')}::uuid, ${param('from')}::date, ${param('to')}::date) AS context,
      (SELECT jsonb_build_object('checkInRequired', o.check_in_required, 'checkInGraceMinutes', o.check_in_grace_minutes,
          'timeZone', o.time_zone, 'dayStart', '09:00', 'midday', '13:00', 'dayEnd', '18:00',
          'now', ${isoInstant(sql`now()`)})
        FROM organizations o WHERE o.id = ${param('organizationId')}::uuid) AS "checkIn",
      (SELECT jsonb_object_agg(d.id, ${placeSiteJson(sql`s`)}
          || jsonb_build_object('today', ((now() AT TIME ZONE s.time_zone)::date)::text))
        FROM desks d JOIN floors f ON f.id = d.floor_id JOIN sites s ON s.id = f.site_id
        WHERE d.id = ANY (${param('deskIds')}::uuid[]) AND d.organization_id = ${param('organizationId')}::uuid) AS sites,
      (SELECT jsonb_object_agg(d.id, jsonb_build_object('deskName', d.name, 'name', n.name, 'weekdays', n.weekdays,
          'teams', (SELECT jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name) ORDER BY t.name, t.id)
            FROM neighbourhood_teams nt JOIN teams t ON t.id = nt.team_id WHERE nt.neighbourhood_id = n.id)))
        FROM desks d JOIN neighbourhoods n ON n.id = d.neighbourhood_id
        WHERE d.id = ANY (${param('deskIds')}::uuid[]) AND d.organization_id = ${param('organizationId')}::uuid
          AND EXISTS (SELECT FROM neighbourhood_teams nt WHERE nt.neighbourhood_id = n.id)) AS neighbourhoods`,
);

export async function findRulesContextUnderPersonLock(
  tx: Database,
  scope: {
    organizationId: string;
    personId: string;
    bookerId: string;
    from: string;
    to: string;
    deskIds: readonly string[];
  },
): Promise<RulesContext | null> {
  const [row] = await rulesContextStatement.rows(tx, { ...scope, deskIds: `{${scope.deskIds.join(',')}}` });
  if (!row?.context || !row.checkIn) return null;
  // Migration 0016 names the first rule by its column; the API's name is the server contract's.
  const { oneDeskPerPerson, ...limits } = row.context.rules;
  return {
    ...row.context,
    rules: { ...limits, onePerPersonPerSlot: oneDeskPerPerson },
    checkIn: { ...row.checkIn, now: new Date(row.checkIn.now) },
    sites: new Map(Object.entries(row.sites ?? {})),
    neighbourhoods: new Map(
      Object.entries(row.neighbourhoods ?? {}).map(([id, kept]) => [
        id,
        { ...kept, weekdays: kept.weekdays.map(Number) },
      ]),
    ),
  };
}

/**
 * The floor plan's hot read, in one statement: whether the user is a member of the organization
 * (no row at all when not) and, for a member, the active bookings in [startDate, endDate] plus the
 * active permanent ones that started before it. Each half of the UNION ALL reads one partial index on
 * (organization_id, booking_date) with an accurate row estimate, which an OR of the two would not give.
 */
export async function listActiveBookingsInRange(
  db: Database,
  organizationId: string,
  userId: string,
  startDate: string,
  endDate: string,
): Promise<{ isMember: boolean; bookings: DayBookingRow[] }> {
  const rows = await rowsOf<DayBookingRow & { role: Role }>(
    db,
    sql`SELECT m.role, r.* FROM memberships m
      LEFT JOIN LATERAL (
        SELECT ${dayReadColumns(startDate, endDate)}
        FROM (
          SELECT * FROM bookings
          WHERE organization_id = ${organizationId} AND status = 'active'
            AND booking_date BETWEEN ${startDate} AND ${endDate}
          UNION ALL
          SELECT * FROM bookings
          WHERE organization_id = ${organizationId} AND status = 'active' AND is_permanent
            AND booking_date < ${startDate}
        ) AS b ${bookingLookups}
      ) AS r ON true
      WHERE m.organization_id = ${organizationId} AND m.user_id = ${userId}
      ORDER BY r."bookingDate", r."deskName", r."timeSlot", r.id`,
  );
  return {
    isMember: rows.length > 0,
    // A member without bookings in the range gets one row of nulls from the LEFT JOIN.
    bookings: rows.filter((row) => row.id !== null),
  };
}

/** One user's bookings in one organization, newest date first. */
export function listBookingsOfUser(
  db: Database,
  organizationId: string,
  userId: string,
  limit: number,
): Promise<BookingRow[]> {
  return rowsOf<BookingRow>(
    db,
    sql`SELECT ${bookingColumns} FROM bookings b ${bookingJoins}
      WHERE b.user_id = ${userId} AND b.organization_id = ${organizationId}
      ORDER BY b.booking_date DESC, b.created_at DESC LIMIT ${limit}`,
  );
}

/**
 * Active bookings of one desk whose held time overlaps a local range; answered from the exclusion
 * constraint's own index (desk_id, occupied) over active rows.
 */
export function listActiveBookingsOfDeskOverlapping(
  db: Database,
  organizationId: string,
  deskId: string,
  range: string,
): Promise<BookingRow[]> {
  return rowsOf<BookingRow>(
    db,
    sql`SELECT ${bookingColumns} FROM bookings b ${bookingJoins}
      WHERE b.desk_id = ${deskId} AND b.organization_id = ${organizationId} AND b.status = 'active'
        AND b.occupied && ${range}::tsrange
      ORDER BY b.booking_date, b.occupied`,
  );
}

/** The ids of the organization's desks that hold an active booking overlapping any of the ranges. */
export async function listBusyDeskIds(
  db: Database,
  organizationId: string,
  firstDate: string,
  lastDate: string,
  ranges: string[],
): Promise<Set<string>> {
  const rows = await rowsOf<{ deskId: string }>(
    db,
    sql`SELECT DISTINCT b.desk_id AS "deskId" FROM bookings b
      WHERE b.organization_id = ${organizationId} AND b.status = 'active'
        AND (b.booking_date BETWEEN ${firstDate} AND ${lastDate} OR (b.is_permanent AND b.booking_date <= ${lastDate}))
        AND b.occupied && ANY (ARRAY[${sql.join(
          ranges.map((range) => sql`${range}`),
          sql`, `,
        )}]::tsrange[])`,
  );
  return new Set(rows.map((row) => row.deskId));
}

export interface BookingOfMember extends BookingRow {
  /** The caller's role in the booking's organization. */
  role: Role;
  /** The organization's own zone (its first site's); the booking's site's is `timeZone`. */
  organizationTimeZone: string;
  organizationName: string;
}

/** The booking as one member of its organization sees it; undefined for a non-member or unknown booking. */
export async function findBookingOfMember(
  db: Database,
  bookingId: string,
  userId: string,
): Promise<BookingOfMember | undefined> {
  const [row] = await rowsOf<BookingOfMember>(
    db,
    sql`SELECT ${bookingColumns}, m.role, o.time_zone AS "organizationTimeZone", o.name AS "organizationName"
      FROM bookings b ${bookingJoins}
        JOIN memberships m ON m.organization_id = b.organization_id AND m.user_id = ${userId}
        JOIN organizations o ON o.id = b.organization_id
      WHERE b.id = ${bookingId}`,
  );
  return row;
}
