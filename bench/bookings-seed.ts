// Seed data for bench/bookings-load.ts: one large organization (500 desks on 5 floors, 2,000 members,
// 250,000 bookings over about four years of weekdays) and 99 small ones, written with INSERT ... SELECT
// so that PostgreSQL generates the rows itself.
import { randomBytes } from 'node:crypto';
import { addDays, todayIn } from '#domain/dates.ts';
import { openDatabase, type SqlRunner } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { digestToken } from '#server/tokens.ts';

export const bigOrganization = {
  id: '00000000-0000-4000-8000-000000000001',
  timeZone: 'Europe/London',
  members: 2000,
  floors: 5,
  desksPerFloor: 100,
  bookings: 250_000,
  /** Desks 1-5 are permanently assigned; the rest take day-to-day bookings. */
  permanentDesks: 5,
} as const;

export interface SeededData {
  organizationId: string;
  /** Session cookies (perch_session=...) of the members, in member order; the first is the admin. */
  cookies: string[];
  /** Desks that take day-to-day bookings, in name order. */
  bookableDeskIds: string[];
  /** The weekday the day-read measures: fully seeded, a week from today. */
  readDate: string;
  /** The first date after every seeded booking: creation runs from here on. */
  firstFreeDate: string;
  counts: { bookings: number; bookingsOnReadDate: number; organizations: number; users: number };
}

export async function seedBookings(sql: SqlRunner, sessionDays: number): Promise<SeededData> {
  const { id, timeZone } = bigOrganization;
  const today = todayIn(timeZone);
  const lastDate = addDays(today, 60);
  const firstDate = addDays(lastDate, -1460);

  // Booking rules out of the way (the cluster's race books many desks per person, far ahead): bookings-load.ts sets the
  // rules whose cost it measures.
  await sql.query(
    `INSERT INTO organizations (id, name, slug, time_zone, one_desk_per_person, max_days_ahead)
     VALUES ($1, 'Big Corp', 'big-corp', $2, false, 730)`,
    [id, timeZone],
  );
  await sql.query(
    `INSERT INTO subscriptions (organization_id, plan_id, plan_name, max_users, status)
     VALUES ($1, 'tier-4', 'Tier 4', 5000, 'active')`,
    [id],
  );
  await sql.query(
    `INSERT INTO users (email, first_name, last_name)
     SELECT 'bench-' || lpad(n::text, 4, '0') || '@example.com', 'First' || n, 'Last' || n
     FROM generate_series(1, $1::int) AS n`,
    [bigOrganization.members],
  );
  await sql.query(
    `INSERT INTO memberships (organization_id, user_id, role)
     SELECT $1, id, CASE WHEN email = 'bench-0001@example.com' THEN 'admin' ELSE 'member' END
     FROM users WHERE email LIKE 'bench-%'`,
    [id],
  );
  await sql.query(
    `INSERT INTO floors (organization_id, name, created_at)
     SELECT $1, 'Floor ' || n, now() + n * interval '1 second' FROM generate_series(1, $2::int) AS n`,
    [id, bigOrganization.floors],
  );
  // Its office works every day (issue 28): the load books consecutive dates as members, weekends included, and
  // measures what judging and placing a booking costs, not a refusal for a closed day.
  await sql.query(`UPDATE sites SET working_days = '{1,2,3,4,5,6,7}'::smallint[] WHERE organization_id = $1`, [id]);
  await sql.query(
    // The desks were placed before the first booking (analytics counts a desk from the day it was made).
    `INSERT INTO desks (organization_id, floor_id, name, position_x, position_y, width, height, created_at)
     SELECT $1, f.id, 'F' || f.number || '-' || lpad(n::text, 3, '0'), (n % 10) * 150, (n / 10) * 90, 120, 80,
       now() - interval '1500 days'
     FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS number FROM floors WHERE organization_id = $1) AS f,
       generate_series(1, $2::int) AS n`,
    [id, bigOrganization.desksPerFloor],
  );
  await seedTeamsAndNeighbourhoods(sql, id);
  await sql.query(
    `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot, is_permanent)
     SELECT $1, d.id, (SELECT id FROM users WHERE email = 'bench-0001@example.com'), $2::date - 700, 'full-day', true
     FROM (SELECT id FROM desks WHERE organization_id = $1 ORDER BY name LIMIT $3) AS d`,
    [id, today, bigOrganization.permanentDesks],
  );
  // Issue 29 (migration 0027): the permanent desks are assigned, and their owner is out three days of every week
  // around today, the read date's week among them (skipped on a database from before the migration).
  const [releases] = await sql.query<{ has: boolean }>(`SELECT to_regclass('booking_releases') IS NOT NULL AS has`);
  if (releases?.has) {
    await sql.query('UPDATE bookings SET is_assigned = true WHERE organization_id = $1 AND is_permanent', [id]);
    await sql.query(
      `INSERT INTO booking_releases (booking_id, start_date, end_date)
       SELECT b.id, $2::date + 7 * k, $2::date + 7 * k + 2
       FROM bookings b, generate_series(-20, 20) AS k WHERE b.organization_id = $1 AND b.is_permanent`,
      [id, today],
    );
  }
  // About half the bookable desks on each weekday, a mix of slots, one in eight cancelled; newest days first.
  await sql.query(
    `WITH days AS (
       SELECT day::date AS day, row_number() OVER (ORDER BY day) AS k
       FROM generate_series($2::date, $3::date, interval '1 day') AS day WHERE extract(isodow FROM day) < 6
     ), numbered_desks AS (
       SELECT id, row_number() OVER (ORDER BY name) AS i FROM desks WHERE organization_id = $1
     ), numbered_users AS (
       SELECT id, row_number() OVER (ORDER BY email) - 1 AS u FROM users WHERE email LIKE 'bench-%'
     ), wanted AS (
       SELECT days.day, days.k, numbered_desks.id AS desk_id, numbered_desks.i
       FROM days JOIN numbered_desks ON (numbered_desks.i + days.k) % 2 = 0 AND numbered_desks.i > $4
       ORDER BY days.day DESC LIMIT $5
     )
     INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot, status, cancelled_at)
     SELECT $1, wanted.desk_id, numbered_users.id, wanted.day,
       CASE (wanted.i * 7 + wanted.k) % 5 WHEN 3 THEN 'morning' WHEN 4 THEN 'afternoon' ELSE 'full-day' END,
       CASE WHEN (wanted.i * 13 + wanted.k * 7) % 8 = 0 THEN 'cancelled' ELSE 'active' END,
       CASE WHEN (wanted.i * 13 + wanted.k * 7) % 8 = 0 THEN now() END
     FROM wanted JOIN numbered_users ON numbered_users.u = (wanted.i * 31 + wanted.k * 17) % $6`,
    [id, firstDate, lastDate, bigOrganization.permanentDesks, bigOrganization.bookings - 5, bigOrganization.members],
  );
  await seedSmallOrganizations(sql, today);

  const members = await sql.query<{ id: string }>(
    `SELECT u.id FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organization_id = $1 ORDER BY u.email`,
    [id],
  );
  const tokens = members.map(() => randomBytes(32).toString('base64url'));
  await sql.query(
    `INSERT INTO sessions (id, user_id, expires_at)
     SELECT digest, user_id, now() + make_interval(days => $3::int) FROM unnest($1::text[], $2::uuid[]) AS s(digest, user_id)`,
    [tokens.map(digestToken), members.map((member) => member.id), sessionDays],
  );
  await sql.exec('VACUUM ANALYZE');
  // Write the seeded pages out now rather than in a checkpoint during the measurement (needs superuser).
  await sql.exec('CHECKPOINT').catch(() => {});
  const desks = await sql.query<{ id: string }>(
    `SELECT id FROM desks WHERE organization_id = $1 ORDER BY name OFFSET $2`,
    [id, bigOrganization.permanentDesks],
  );
  let readDate = addDays(today, 7);
  while ([0, 6].includes(new Date(`${readDate}T00:00:00Z`).getUTCDay())) readDate = addDays(readDate, 1);
  const [counts] = await sql.query<{ bookings: string; on_read_date: string; organizations: string; users: string }>(
    `SELECT (SELECT count(*) FROM bookings) AS bookings,
       (SELECT count(*) FROM bookings WHERE organization_id = $1 AND status = 'active'
          AND (booking_date = $2 OR (is_permanent AND booking_date <= $2))) AS on_read_date,
       (SELECT count(*) FROM organizations) AS organizations, (SELECT count(*) FROM users) AS users`,
    [id, readDate],
  );
  return {
    organizationId: id,
    cookies: tokens.map((token) => `perch_session=${token}`),
    bookableDeskIds: desks.map((desk) => desk.id),
    readDate,
    firstFreeDate: addDays(lastDate, 1),
    counts: {
      bookings: Number(counts?.bookings),
      bookingsOnReadDate: Number(counts?.on_read_date),
      organizations: Number(counts?.organizations),
      users: Number(counts?.users),
    },
  };
}

/** 99 organizations of 10 members, one floor of 5 desks and 50 bookings each. */
async function seedSmallOrganizations(sql: SqlRunner, today: string): Promise<void> {
  await sql.exec(`
    INSERT INTO organizations (name, slug, time_zone)
      SELECT 'Small ' || o, 'small-' || o, 'Europe/Paris' FROM generate_series(1, 99) AS o;
    INSERT INTO subscriptions (organization_id, plan_id, plan_name, max_users, status)
      SELECT id, 'tier-1', 'Tier 1', 50, 'trial' FROM organizations WHERE slug LIKE 'small-%';
    INSERT INTO users (email, first_name, last_name)
      SELECT 'small-' || o || '-' || n || '@example.com', 'Small', 'User ' || n
      FROM generate_series(1, 99) AS o, generate_series(1, 10) AS n;
    INSERT INTO memberships (organization_id, user_id, role)
      SELECT org.id, u.id, CASE WHEN u.email LIKE '%-1@example.com' THEN 'admin' ELSE 'member' END
      FROM organizations org JOIN users u ON u.email LIKE org.slug || '-%@example.com'
      WHERE org.slug LIKE 'small-%';
    INSERT INTO floors (organization_id, name) SELECT id, 'Floor 1' FROM organizations WHERE slug LIKE 'small-%';
    INSERT INTO desks (organization_id, floor_id, name, position_x, position_y, width, height)
      SELECT f.organization_id, f.id, 'D0' || n, n * 150, 100, 120, 80
      FROM floors f JOIN organizations org ON org.id = f.organization_id AND org.slug LIKE 'small-%',
        generate_series(1, 5) AS n;`);
  await sql.query(
    `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot)
     SELECT d.organization_id, d.id, m.user_id, $1::date + day, 'full-day'
     FROM desks d
       JOIN organizations org ON org.id = d.organization_id AND org.slug LIKE 'small-%'
       CROSS JOIN generate_series(1, 10) AS day
       JOIN LATERAL (SELECT user_id FROM memberships WHERE organization_id = d.organization_id
                     ORDER BY user_id OFFSET (day % 10) LIMIT 1) AS m ON true`,
    [today],
  );
}

/** A migrated database at `databaseUrl` seeded by seedBookings, with the big organization's admin and the time taken. */
export async function seedBigOrganization(
  databaseUrl: string,
  sessionDays: number,
): Promise<{ seeded: SeededData; adminId: string; seconds: number }> {
  const started = performance.now();
  const seeder = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    await migrate(seeder.sql);
    const seeded = await seedBookings(seeder.sql, sessionDays);
    const [admin] = await seeder.sql.query<{ id: string }>(
      `SELECT user_id AS id FROM memberships WHERE organization_id = $1 AND role = 'admin'`,
      [seeded.organizationId],
    );
    if (!admin) throw new Error('the seeded organization has no admin');
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Seeded ${seeded.counts.bookings.toLocaleString('en')} bookings, ${seeded.counts.users} users in ${seconds.toFixed(1)} s.`,
    );
    return { seeded, adminId: admin.id, seconds };
  } finally {
    await seeder.close();
  }
}

/**
 * Teams and neighbourhoods (issue 29) as a company has them: ten teams, every member in "Everyone" and in one of nine
 * others; on each floor, the even-numbered desks in a neighbourhood kept for Everyone and Team 1 on weekdays, the odd
 * ones in a neighbourhood open to all. Every member may book every desk: the loads measure what judging the rule
 * costs, not refusals.
 */
async function seedTeamsAndNeighbourhoods(sql: SqlRunner, organizationId: string): Promise<void> {
  await sql.query(
    `INSERT INTO teams (organization_id, name, colour)
     SELECT $1::uuid, 'Team ' || n, '#2563eb' FROM generate_series(1, 9) AS n
     UNION ALL SELECT $1::uuid, 'Everyone', '#059669'`,
    [organizationId],
  );
  await sql.query(
    `INSERT INTO team_members (organization_id, team_id, user_id)
     SELECT $1, t.id, m.user_id
     FROM (SELECT user_id, row_number() OVER (ORDER BY user_id) AS r FROM memberships WHERE organization_id = $1) AS m
       JOIN teams t ON t.organization_id = $1 AND (t.name = 'Everyone' OR t.name = 'Team ' || (1 + m.r % 9))`,
    [organizationId],
  );
  await sql.query(
    `INSERT INTO neighbourhoods (organization_id, floor_id, name, colour, weekdays)
     SELECT $1, f.id, kind || ' ' || f.name, '#2563eb', CASE kind WHEN 'Kept' THEN '{1,2,3,4,5}'::smallint[] ELSE '{}' END
     FROM floors f, unnest(ARRAY['Kept', 'Open']) AS kind WHERE f.organization_id = $1`,
    [organizationId],
  );
  await sql.query(
    `INSERT INTO neighbourhood_teams (organization_id, neighbourhood_id, team_id)
     SELECT $1, n.id, t.id FROM neighbourhoods n JOIN teams t ON t.organization_id = $1 AND t.name IN ('Everyone', 'Team 1')
     WHERE n.organization_id = $1 AND n.name LIKE 'Kept %'`,
    [organizationId],
  );
  await sql.query(
    `UPDATE desks d SET neighbourhood_id = n.id
     FROM floors f, neighbourhoods n
     WHERE d.organization_id = $1 AND f.id = d.floor_id AND n.floor_id = d.floor_id
       AND n.name = CASE WHEN right(d.name, 1)::int % 2 = 0 THEN 'Kept ' ELSE 'Open ' END || f.name`,
    [organizationId],
  );
}
