import { and, eq, sql } from 'drizzle-orm';
import type { AnalyticsCounts, AnalyticsDayInput, AnalyticsDeskInput, AnalyticsFloorInput } from '#domain/analytics.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { memberships, organizations } from '#server/db/schema.ts';

/** What to count at one site: its desks chosen (those of a floor, or all), on its own calendar. */
export interface AnalyticsSelection {
  organizationId: string;
  /** The site's zone: bookings made and cancelled, and desks deleted, on its dates. */
  timeZone: string;
  /** The desks counted, with the site's date each deleted one was deleted on (listAnalyticsPlaces). */
  desks: readonly { id: string; until: string | null }[];
}

/**
 * The floors and desks the organization has, and had, each with its site: those deleted come from migration 0018's
 * tables, and the periods each spent out of service from migration 0021's. A desk's dates are its site's; a deleted
 * floor keeps the site it was on (migration 0030), else (deleted before, or its site deleted since) the first site. Raw SQL (decision 025):
 * UNION ALL of the live and retired tables, and the periods aggregated as JSON.
 */
export async function listAnalyticsPlaces(
  db: Database,
  organizationId: string,
): Promise<{ floors: AnalyticsFloorInput[]; desks: AnalyticsDeskInput[] }> {
  const firstSite = sql`(SELECT id FROM sites WHERE organization_id = ${organizationId} ORDER BY created_at, id LIMIT 1)`;
  const [floors, desks] = await Promise.all([
    rowsOf<AnalyticsFloorInput>(
      db,
      sql`SELECT id, name, site_id AS "siteId", false AS "isDeleted" FROM floors WHERE organization_id = ${organizationId}
          UNION ALL
          SELECT rf.id, rf.name, coalesce(s.id, ${firstSite}), true
          FROM retired_floors rf LEFT JOIN sites s ON s.id = rf.site_id AND s.organization_id = rf.organization_id
          WHERE rf.organization_id = ${organizationId}
          ORDER BY "isDeleted", name, id`,
    ),
    rowsOf<Omit<AnalyticsDeskInput, 'outOfService'> & { outOfService: string | null }>(
      db,
      sql`WITH places AS (
            SELECT d.id, d.name, d.floor_id AS "floorId", f.name AS "floorName", s.id AS "siteId",
              to_char((d.created_at AT TIME ZONE s.time_zone)::date, 'YYYY-MM-DD') AS "from", NULL AS "until"
            FROM desks d JOIN floors f ON f.id = d.floor_id JOIN sites s ON s.id = f.site_id
            WHERE d.organization_id = ${organizationId}
            UNION ALL
            SELECT r.id, r.name, r.floor_id, coalesce(f.name, rf.name, 'Deleted floor'), s.id,
              to_char((r.created_at AT TIME ZONE s.time_zone)::date, 'YYYY-MM-DD'),
              to_char((r.retired_at AT TIME ZONE s.time_zone)::date, 'YYYY-MM-DD')
            FROM retired_desks r
              LEFT JOIN floors f ON f.id = r.floor_id AND f.organization_id = r.organization_id
              LEFT JOIN retired_floors rf ON rf.id = r.floor_id AND rf.organization_id = r.organization_id
              LEFT JOIN sites kept ON kept.id = rf.site_id AND kept.organization_id = r.organization_id
              JOIN sites s ON s.id = coalesce(f.site_id, kept.id, ${firstSite})
            WHERE r.organization_id = ${organizationId}
          ),
          periods AS (
            SELECT desk_id, json_agg(json_build_object('from', to_char(starts_on, 'YYYY-MM-DD'),
                'until', to_char(ends_on, 'YYYY-MM-DD')) ORDER BY starts_on) AS periods
            FROM desk_service_periods WHERE organization_id = ${organizationId}
            GROUP BY desk_id
          )
          SELECT places.*, periods.periods::text AS "outOfService"
          FROM places LEFT JOIN periods ON periods.desk_id = places.id`,
    ),
  ]);
  return {
    floors,
    desks: desks.map((desk) => ({ ...desk, outOfService: desk.outOfService ? JSON.parse(desk.outOfService) : [] })),
  };
}

/** A day's figures (of any set: only a day's row reads them all), with what the other sets add. */
interface CountRow extends Omit<AnalyticsDayInput, 'date'> {
  /** 1: a day's row; 2: a desk's row in a week; 3: a lead time's row in a week. */
  kind: number;
  /** The Monday of the row's week. */
  week: string;
  date: string | null;
  deskId: string | null;
  leadDays: number | null;
  bookings: number;
  bookedDates: string[] | null;
  /** 4: a day's released days of assigned desks (issue 29), and how many of them someone else booked. */
  releasedDays: number;
  releasedTaken: number;
}

/**
 * Every figure of a site's dates in one statement over the bookings of the organization and of its deleted desks, on
 * the desks chosen (one site's, so one zone):
 * - a one-off booking counts on its date, a permanent one on every date it was held (from its date until the day
 *   before it was cancelled, if it was);
 * - booked half days and people count what was held (active one-offs, and permanents); check-ins, no-shows (released),
 *   walk-ins and cancellations count one-offs of the day; lead times count every one-off of the range;
 * - the rows are grouped three ways at once (GROUPING SETS): by day, by week and desk, by week and days of notice,
 *   so that the counts of each week stand apart (the service keeps closed weeks'). A desk's row lists the dates it
 *   held bookings only when it was ever out of service (Today's Statistics counts such a desk on those days).
 * Read from bookings_analytics_idx (one-offs of the range, index only) and bookings_permanent_by_date_idx.
 */
export async function countAnalytics(
  db: Database,
  selection: AnalyticsSelection,
  /** The dates to count (the range's, less those of kept weeks and of weekends when left out), in order. */
  dates: readonly string[],
): Promise<Map<string, AnalyticsCounts>> {
  const { organizationId, timeZone } = selection;
  const weeks = new Map<string, AnalyticsCounts>();
  const endDate = dates.at(-1);
  if (endDate === undefined || selection.desks.length === 0) return weeks;
  // ISO dates checked by the service, and ids and dates read from the database, as array literals: drizzle would
  // spread a JavaScript array into a list.
  const dateArray = `{${dates.join(',')}}`;
  const deskArray = `{${selection.desks.map((desk) => desk.id).join(',')}}`;
  const untilArray = `{${selection.desks.map((desk) => desk.until ?? 'NULL').join(',')}}`;
  const rows = await rowsOf<CountRow>(
    db,
    sql`WITH days AS (
          SELECT unnest(${dateArray}::date[]) AS day
        ),
        places AS (
          -- The desks counted, a deleted one up to the site's date it was deleted on.
          SELECT * FROM unnest(${deskArray}::uuid[], ${untilArray}::date[]) AS p(id, until)
        ),
        tracked AS (
          -- A desk that was ever out of service (migration 0021) lists the dates it held bookings.
          SELECT DISTINCT desk_id FROM desk_service_periods WHERE organization_id = ${organizationId}
        ),
        held AS (
          -- One-offs on their date (bookings_analytics_idx: an index-only scan), with their days of notice; one made
          -- after its day began (a walk-in, an admin's) counts as made on the day.
          SELECT desk_id, user_id, booking_date AS day, time_slot, status, false AS is_permanent, checked_in_at,
            released_at, is_walk_in, greatest(booking_date - (created_at AT TIME ZONE ${timeZone})::date, 0) AS lead
          FROM bookings
          WHERE organization_id = ${organizationId} AND NOT is_permanent
            AND booking_date = ANY (${dateArray}::date[])
          UNION ALL
          SELECT desk_id, user_id, booking_date, time_slot, status, false, checked_in_at, released_at, is_walk_in,
            greatest(booking_date - (created_at AT TIME ZONE ${timeZone})::date, 0)
          FROM retired_bookings
          WHERE organization_id = ${organizationId} AND NOT is_permanent
            AND booking_date = ANY (${dateArray}::date[])
          UNION ALL
          -- Permanents on every date they were held: from their date, and until the day before their cancellation.
          -- An assigned desk's released days (issue 29, migration 0027) are not its owner's: left out here, counted
          -- apart below. (A deleted desk's bookings kept no releases.)
          SELECT s.desk_id, s.user_id, days.day, s.time_slot, 'active', true, NULL, NULL, false, NULL
          FROM (
            SELECT desk_id, user_id, booking_date, time_slot, status, cancelled_at, released FROM bookings
            WHERE organization_id = ${organizationId} AND is_permanent AND booking_date <= ${endDate}::date
            UNION ALL
            SELECT desk_id, user_id, booking_date, time_slot, status, cancelled_at, '{}'::tsmultirange
            FROM retired_bookings
            WHERE organization_id = ${organizationId} AND is_permanent AND booking_date <= ${endDate}::date
          ) AS s
          JOIN days ON days.day >= s.booking_date
            AND (s.status = 'active' OR days.day < (s.cancelled_at AT TIME ZONE ${timeZone})::date)
            AND NOT s.released @> (days.day + time '12:00')
        ),
        released AS (
          -- Each released day of an assigned desk counted, and whether someone else booked the desk that day.
          SELECT days.day, count(*)::int AS "releasedDays",
            count(*) FILTER (WHERE EXISTS (SELECT FROM bookings o
              WHERE o.organization_id = ${organizationId} AND o.desk_id = p.desk_id AND o.status = 'active'
                AND NOT o.is_permanent AND o.booking_date = days.day))::int AS "releasedTaken"
          FROM bookings p
            JOIN days ON days.day >= p.booking_date AND p.released @> (days.day + time '12:00')
              AND (p.status = 'active' OR days.day < (p.cancelled_at AT TIME ZONE ${timeZone})::date)
            JOIN places pl ON pl.id = p.desk_id AND (pl.until IS NULL OR days.day <= pl.until)
          WHERE p.organization_id = ${organizationId} AND p.is_permanent AND p.released <> '{}'::tsmultirange
            AND p.booking_date <= ${endDate}::date
          GROUP BY days.day
        ),
        placed AS (
          -- On the desks counted (the site's or floor's, deleted ones up to their last day), on the dates; a
          -- person's first held booking of a day marks them present (a window, so that every set below hashes).
          SELECT h.*, h.status = 'active' AS counted, t.desk_id IS NOT NULL AS tracked,
            row_number() OVER (PARTITION BY h.day, h.user_id, h.status = 'active') = 1 AS first_of_person
          FROM held h JOIN places p ON p.id = h.desk_id AND (p.until IS NULL OR h.day <= p.until)
            LEFT JOIN tracked t ON t.desk_id = h.desk_id
          WHERE h.day IN (SELECT day FROM days)
        )
        SELECT
          CASE WHEN GROUPING(day) = 0 THEN 1 WHEN GROUPING(desk_id) = 0 THEN 2 ELSE 3 END AS kind,
          to_char(coalesce(week, date_trunc('week', day)), 'YYYY-MM-DD') AS week,
          to_char(day, 'YYYY-MM-DD') AS date,
          desk_id AS "deskId",
          lead AS "leadDays",
          coalesce(sum(CASE WHEN time_slot = 'full-day' THEN 2 ELSE 1 END) FILTER (WHERE counted), 0)::int
            AS "bookedSlots",
          count(*) FILTER (WHERE counted AND first_of_person)::int AS people,
          count(*) FILTER (WHERE checked_in_at IS NOT NULL)::int AS "checkedIn",
          count(*) FILTER (WHERE released_at IS NOT NULL)::int AS "noShows",
          count(*) FILTER (WHERE is_walk_in AND counted)::int AS "walkIns",
          count(*) FILTER (WHERE NOT is_permanent AND status = 'cancelled' AND released_at IS NULL)::int
            AS cancellations,
          count(*)::int AS bookings,
          array_agg(to_char(day, 'YYYY-MM-DD')) FILTER (WHERE counted AND tracked) AS "bookedDates",
          0 AS "releasedDays", 0 AS "releasedTaken"
        FROM (SELECT *, date_trunc('week', day) AS week FROM placed) AS weeks
        GROUP BY GROUPING SETS ((day), (week, desk_id), (week, lead))
        UNION ALL
        SELECT 4, to_char(date_trunc('week', day), 'YYYY-MM-DD'), to_char(day, 'YYYY-MM-DD'), NULL, NULL, 0, 0, 0, 0, 0,
          0, 0, NULL, "releasedDays", "releasedTaken"
        FROM released`,
  );
  const weekOf = (row: CountRow) => {
    let counts = weeks.get(row.week);
    if (!counts) {
      counts = { days: [], deskUse: [], leadDays: [] };
      weeks.set(row.week, counts);
    }
    return counts;
  };
  const releasedOn = new Map<string, CountRow>();
  for (const row of rows) {
    if (row.kind === 4 && row.date) {
      releasedOn.set(row.date, row);
    } else if (row.kind === 1 && row.date) {
      const { bookedSlots, people, checkedIn, noShows, walkIns, cancellations } = row;
      weekOf(row).days.push({ date: row.date, bookedSlots, people, checkedIn, noShows, walkIns, cancellations });
    } else if (row.kind === 2 && row.deskId) {
      weekOf(row).deskUse.push({
        deskId: row.deskId,
        bookedSlots: row.bookedSlots,
        bookedDates: row.bookedDates ?? [],
      });
    } else if (row.kind === 3 && row.leadDays !== null) {
      weekOf(row).leadDays.push({ days: row.leadDays, bookings: row.bookings });
    }
  }
  for (const [date, row] of releasedOn) {
    const days = weekOf(row).days;
    const day = days.find((candidate) => candidate.date === date);
    const released = { releasedDays: row.releasedDays, releasedTaken: row.releasedTaken };
    if (day) Object.assign(day, released);
    else {
      const empty = { bookedSlots: 0, people: 0, checkedIn: 0, noShows: 0, walkIns: 0, cancellations: 0 };
      days.push({ date, ...empty, ...released });
    }
  }
  return weeks;
}

/** A site as analytics reads it (issue 28): its calendar. */
export interface AnalyticsSite {
  id: string;
  timeZone: string;
  dayStart: string;
  midday: string;
  dayEnd: string;
  workingDays: number[];
}

export interface AnalyticsState {
  role: 'admin' | 'member';
  slug: string;
  /** The organization's zone: its first site's (migration 0024), which the history revision's trigger judges by. */
  timeZone: string;
  checkInRequired: boolean;
  /** The organization's sites, the first first. */
  sites: AnalyticsSite[];
  /**
   * Changes whenever a figure of a closed week could (service.ts keeps those): the history revision (migration 0018:
   * a write to a booking dated before yesterday), the floors' desk revisions and sites, deleted floors and desks, the
   * zone, and every site's zone, hours and working days.
   */
  history: string;
  /**
   * Changes whenever a figure of any range could: the bookings revision (migration 0010: every booking written), the
   * floors' desk revisions (migration 0003: desks added, moved, renamed, put out of service), how many floors and
   * desks were deleted (migration 0018), the floors' sites, the zone, every site's zone, hours and working days, and
   * the check-in setting.
   */
  state: string;
}

/** The caller's role (undefined for a non-member) and what the organization's analytics depend on, in one query. */
export async function findAnalyticsState(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<AnalyticsState | undefined> {
  const [row] = await db
    .select({
      role: memberships.role,
      slug: organizations.slug,
      timeZone: organizations.timeZone,
      checkInRequired: organizations.checkInRequired,
      bookings: sql<string>`(SELECT coalesce(sum(revision), 0)::text FROM desk_booking_revisions
        WHERE organization_id = ${organizations.id})`,
      history: sql<string>`${organizations.analyticsHistoryRevision}::text`,
      // The sites' calendars, as JSON: read by the service, and part of both keys as they are.
      sites: sql<string>`(SELECT json_agg(json_build_object('id', id, 'timeZone', time_zone,
          'dayStart', to_char(day_start, 'HH24:MI'), 'midday', to_char(midday, 'HH24:MI'),
          'dayEnd', to_char(day_end, 'HH24:MI'), 'workingDays', working_days) ORDER BY created_at, id)::text
        FROM sites WHERE organization_id = ${organizations.id})`,
      places: sql<string>`concat_ws('/',
        (SELECT coalesce(sum(desks_revision), 0) || '.' || count(*) || '.' ||
            coalesce(md5(string_agg(id::text || site_id::text, ',' ORDER BY id)), '')
          FROM floors WHERE organization_id = ${organizations.id}),
        (SELECT count(*) FROM retired_desks WHERE organization_id = ${organizations.id}),
        (SELECT count(*) FROM retired_floors WHERE organization_id = ${organizations.id}))`,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  if (!row) return undefined;
  const { bookings, history, places, sites, ...rest } = row;
  return {
    ...rest,
    sites: sites ? (JSON.parse(sites) as AnalyticsSite[]) : [],
    history: [history, places, rest.timeZone, sites].join('/'),
    state: [bookings, places, rest.timeZone, sites, rest.checkInRequired].join('/'),
  };
}
