import { type SQL, sql } from 'drizzle-orm';
import type { TeamBookingPermanentFilter, TeamBookingSort, TeamBookingStatusFilter } from '#domain/team-bookings.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { type BookingRow, bookingRealityColumns, isoInstant, siteColumns } from '../bookings/repo.ts';

/** What to list: one organization's bookings, narrowed by the filters, in the chosen order. */
export interface TeamBookingsSelection {
  organizationId: string;
  /** Each must be found in the person's name or e-mail, or in the desk's name (case and accents ignored). */
  words: string[];
  floorId: string | undefined;
  from: string | undefined;
  to: string | undefined;
  status: TeamBookingStatusFilter;
  permanent: TeamBookingPermanentFilter;
  sort: TeamBookingSort;
}

/** A booking as Team Bookings shows it, with its place in the order (what the export's next chunk starts after). */
export interface TeamBookingRow extends BookingRow {
  createdAt: string;
  cancelledAt: string | null;
  /** Person order: the folded display name; desk order: the folded desk name. */
  sortKey: string | null;
  /** Desk order: the folded floor name. */
  sortKey2: string | null;
}

/** Where the previous chunk of an export ended: the last row's place in the order. */
export type TeamBookingsCursor = Pick<
  TeamBookingRow,
  'id' | 'bookingDate' | 'userId' | 'deskId' | 'sortKey' | 'sortKey2'
>;

// Names as the list shows them and as search compares them: perch_search_fold (migration 0015) lowers case and
// removes accents. The person expression is the one users_search_idx indexes, so `LIKE '%…%'` is a trigram lookup.
const personSearchText = sql`perch_search_fold(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email)`;
// The display name (src/domain/account.ts displayName): first and last name, else the e-mail before its at-sign.
const personSortKey = sql`perch_search_fold(coalesce(nullif(concat_ws(' ', nullif(trim(u.first_name), ''),
  nullif(trim(u.last_name), '')), ''), split_part(u.email, '@', 1)))`;
const deskSortKey = sql`perch_search_fold(d.name)`;
const floorSortKey = sql`perch_search_fold(f.name)`;

/** `%word%` for LIKE, the word's own %, _ and \ taken literally. */
function containsPattern(word: string): SQL {
  const escaped = word.replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql`'%' || perch_search_fold(${escaped}) || '%'`;
}

/** What every part of the list shares: organization, status, kind, floor and search words. */
function commonConditions(selection: TeamBookingsSelection): SQL[] {
  const { organizationId } = selection;
  const conditions = [sql`b.organization_id = ${organizationId}`];
  if (selection.status !== 'all') conditions.push(sql`b.status = ${selection.status}`);
  if (selection.permanent === 'only') conditions.push(sql`b.is_permanent`);
  if (selection.permanent === 'exclude') conditions.push(sql`NOT b.is_permanent`);
  if (selection.floorId) {
    conditions.push(
      sql`b.desk_id = ANY (ARRAY(SELECT id FROM desks WHERE organization_id = ${organizationId} AND floor_id = ${selection.floorId}))`,
    );
  }
  // The people and desks a word names are found first (trigram indexes), then their bookings through the person and
  // desk indexes: `= ANY (ARRAY(...))` is an index condition, where `IN (...)` under an OR would test every booking.
  for (const word of selection.words) {
    const pattern = containsPattern(word);
    conditions.push(sql`(b.user_id = ANY (ARRAY(SELECT id FROM users WHERE ${personSearchText} LIKE ${pattern}))
      OR b.desk_id = ANY (ARRAY(SELECT id FROM desks
        WHERE organization_id = ${organizationId} AND perch_search_fold(name) LIKE ${pattern})))`);
  }
  return conditions;
}

/**
 * The date range as separate parts, each a plain range of the (organization, date) indexes: the range itself, and
 * the permanent bookings that began before it (a permanent booking holds its desk from its date on). One OR would
 * cost the ordered index scan a page relies on.
 */
function dateParts(selection: TeamBookingsSelection): Array<SQL | undefined> {
  const { from, to } = selection;
  if (!from && !to) return [undefined];
  if (!from) return [sql`b.booking_date <= ${to}`];
  const range = to ? sql`b.booking_date BETWEEN ${from} AND ${to}` : sql`b.booking_date >= ${from}`;
  if (selection.permanent === 'exclude') return [range];
  return [sql`b.is_permanent AND b.booking_date < ${from}`, range];
}

function whereOf(conditions: SQL[], part: SQL | undefined, extra?: SQL): SQL {
  return sql.join([...conditions, ...(part ? [part] : []), ...(extra ? [extra] : [])], sql` AND `);
}

const bookingFields = sql`b.id, b.organization_id, b.desk_id, b.user_id, b.booking_date, b.time_slot, b.status,
  b.notes, b.is_permanent, b.is_assigned, b.created_at, b.cancelled_at, b.checked_in_at, b.released_at, b.is_walk_in`;

// A TeamBookingRow's columns over the booking `b`, desk `d`, floor `f`, site `s` and person `u`. Dates and instants leave the
// database as text: both drivers would otherwise make Date objects of them.
const rowColumns = sql`b.id, b.organization_id AS "organizationId", b.desk_id AS "deskId", d.name AS "deskName",
  f.name AS "floorName", b.user_id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email,
  b.booking_date::text AS "bookingDate", b.time_slot AS "timeSlot", b.status, b.notes, b.is_permanent AS "isPermanent",
  b.is_assigned AS "isAssigned", ${isoInstant(sql`b.created_at`)} AS "createdAt", ${isoInstant(sql`b.cancelled_at`)} AS "cancelledAt",
  ${bookingRealityColumns(sql`b`)}, ${siteColumns(sql`s`)}`;

// A page's few rows look up their names by primary key; OFFSET 0 keeps each lookup a per-row index probe rather
// than the hash join of whole desk and user tables the planner would otherwise pick.
const rowLookups = sql`CROSS JOIN LATERAL (SELECT name, floor_id FROM desks WHERE id = b.desk_id OFFSET 0) AS d
  CROSS JOIN LATERAL (SELECT name, site_id FROM floors WHERE id = d.floor_id OFFSET 0) AS f
  CROSS JOIN LATERAL (SELECT id, time_zone, day_start, midday, day_end FROM sites WHERE id = f.site_id OFFSET 0) AS s
  CROSS JOIN LATERAL (SELECT first_name, last_name, email FROM users WHERE id = b.user_id OFFSET 0) AS u`;
const rowJoins = sql`JOIN desks d ON d.id = b.desk_id JOIN floors f ON f.id = d.floor_id JOIN sites s ON s.id = f.site_id
  JOIN users u ON u.id = b.user_id`;

/** The order's columns, and the same values of a row the list already has (for the export's next chunk). */
function sortKeysOf(sort: TeamBookingSort): SQL[] {
  switch (sort) {
    case 'person':
      return [sql`${personSortKey} COLLATE "C"`, sql`b.user_id`, sql`b.booking_date`, sql`b.id`];
    case 'desk':
      return [
        sql`${deskSortKey} COLLATE "C"`,
        sql`${floorSortKey} COLLATE "C"`,
        sql`b.desk_id`,
        sql`b.booking_date`,
        sql`b.id`,
      ];
    default:
      return [sql`b.booking_date`, sql`b.id`];
  }
}

function cursorValues(sort: TeamBookingSort, after: TeamBookingsCursor): SQL[] {
  const date = sql`${after.bookingDate}::date`;
  const id = sql`${after.id}::uuid`;
  switch (sort) {
    case 'person':
      return [sql`${after.sortKey ?? ''}`, sql`${after.userId}::uuid`, date, id];
    case 'desk':
      return [sql`${after.sortKey ?? ''}`, sql`${after.sortKey2 ?? ''}`, sql`${after.deskId}::uuid`, date, id];
    default:
      return [date, id];
  }
}

function afterCondition(sort: TeamBookingSort, after: TeamBookingsCursor | undefined): SQL | undefined {
  if (!after) return undefined;
  const keys = sql.join(sortKeysOf(sort), sql`, `);
  const values = sql.join(cursorValues(sort, after), sql`, `);
  return sort === 'date-desc' ? sql`(${keys}) < (${values})` : sql`(${keys}) > (${values})`;
}

function orderBy(sort: TeamBookingSort): SQL {
  const direction = sort === 'date-desc' ? sql` DESC` : sql``;
  return sql.join(
    sortKeysOf(sort).map((key) => sql`${key}${direction}`),
    sql`, `,
  );
}

/** Rows of the list in its order: `offset` rows in (a page), or after `after` (the export's chunks). */
export function listTeamBookings(
  db: Database,
  selection: TeamBookingsSelection,
  window: { limit: number; offset?: number; after?: TeamBookingsCursor },
): Promise<TeamBookingRow[]> {
  const { sort } = selection;
  const { limit, offset = 0 } = window;
  const conditions = commonConditions(selection);
  const after = afterCondition(sort, window.after);
  const parts = dateParts(selection);

  if ((sort === 'date-asc' || sort === 'date-desc') && selection.words.length === 0) {
    // Each part is read in index order (bookings_team_by_date_idx) and stops after the rows the page can need; the
    // parts are merged in the same order, so a page costs its own rows, not the size of the organization.
    const order = orderBy(sort);
    const partQuery = (part: SQL | undefined) =>
      sql`(SELECT ${bookingFields} FROM bookings b WHERE ${whereOf(conditions, part, after)}
        ORDER BY ${order} LIMIT ${offset + limit})`;
    const merged = sql`SELECT * FROM (${sql.join(parts.map(partQuery), sql` UNION ALL `)}) AS b
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
    return rowsOf<TeamBookingRow>(
      db,
      sql`SELECT ${rowColumns}, NULL AS "sortKey", NULL AS "sortKey2" FROM (${merged}) AS b ${rowLookups}
        ORDER BY ${order}`,
    );
  }

  // A search, and the orders by name, start from the matching bookings found as a set: a search's few bookings come
  // through the person and desk indexes (MATERIALIZED keeps the planner from walking the date index instead, hoping
  // to meet them early), so that a page costs what the count of its matches costs.
  const matching = sql`WITH matching AS MATERIALIZED (${sql.join(
    parts.map((part) => sql`(SELECT ${bookingFields} FROM bookings b WHERE ${whereOf(conditions, part)})`),
    sql` UNION ALL `,
  )})`;
  if (sort === 'date-asc' || sort === 'date-desc') {
    const order = orderBy(sort);
    return rowsOf<TeamBookingRow>(
      db,
      sql`${matching} SELECT ${rowColumns}, NULL AS "sortKey", NULL AS "sortKey2"
        FROM (SELECT * FROM matching b ${after ? sql`WHERE ${after}` : sql``}
          ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) AS b ${rowLookups}
        ORDER BY ${order}`,
    );
  }
  // By person or desk: the names decide the order, so the matching bookings are joined to them and sorted.
  const keys =
    sort === 'person'
      ? sql`${personSortKey} AS "sortKey", NULL AS "sortKey2"`
      : sql`${deskSortKey} AS "sortKey", ${floorSortKey} AS "sortKey2"`;
  return rowsOf<TeamBookingRow>(
    db,
    sql`${matching} SELECT ${rowColumns}, ${keys} FROM matching AS b ${rowJoins}
      ${after ? sql`WHERE ${after}` : sql``}
      ORDER BY ${orderBy(sort)} LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** How many bookings match, on every page: each date part counted from the index alone where it can be. */
export async function countTeamBookings(db: Database, selection: TeamBookingsSelection): Promise<number> {
  const conditions = commonConditions(selection);
  const counts = dateParts(selection).map(
    (part) => sql`(SELECT count(*) FROM bookings b WHERE ${whereOf(conditions, part)})`,
  );
  const [row] = await rowsOf<{ total: number }>(db, sql`SELECT (${sql.join(counts, sql` + `)})::int AS total`);
  return row?.total ?? 0;
}
