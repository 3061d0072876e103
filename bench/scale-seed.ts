// The seatsurfing scale tier's data (issue 34): 100 organizations × 1,000 people × 500 desks × 200,000 bookings each,
// 20 million bookings, written by PostgreSQL itself (INSERT ... SELECT generate_series) with every trigger and
// constraint of the schema in force: the rows, the desks' booking revisions, the analytics revisions and the exclusion
// constraint's index are what the app would have produced booking by booking. Each organization's bookings are one
// statement, in date order as time would have written them, two organizations at a time.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { addDays, todayIn } from '#domain/dates.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { digestToken } from '#server/tokens.ts';

export const scale = {
  /** BENCH_SCALE_ORGANIZATIONS (fewer, to check the harness: the figures are then not the tier's). */
  organizations: Number(process.env.BENCH_SCALE_ORGANIZATIONS ?? 100),
  peoplePerOrganization: 1000,
  floorsPerOrganization: 5,
  desksPerFloor: 100,
  bookingsPerOrganization: 200_000,
  /** Bookings from this many days back to `daysAhead` ahead, on weekdays: ~541 weekdays × 500 desks, 74 % taken. */
  daysBack: 730,
  daysAhead: 27,
} as const;
export const scaleBookings = scale.organizations * scale.bookingsPerOrganization;

/** The organization the loads measure (the first of the hundred); its people have sessions. */
export const measuredOrganization = {
  id: '00000000-0000-4000-8000-00000000005c',
  timeZone: 'Europe/London',
} as const;

const zones = ['Europe/London', 'Europe/Paris', 'America/New_York', 'Asia/Singapore', 'Australia/Sydney'];

export interface ScaleSeed {
  organizationId: string;
  adminId: string;
  /** perch_session cookies of the measured organization's people, the admin first. */
  cookies: string[];
  /** The measured organization's desks in name order. */
  deskIds: string[];
  /** A weekday a week ahead: about 370 of its 500 desks are booked. */
  readDate: string;
  /** The first date after every seeded booking. */
  firstFreeDate: string;
  /** A person of the measured organization found by search (their last name). */
  searchedName: string;
  counts: { bookings: number; users: number; organizations: number; onReadDate: number };
  /** Seconds: the whole seed, and the bookings alone. */
  seconds: number;
  bookingSeconds: number;
  /** When the seed was made, and false when an existing seed was reused (BENCH_SCALE_REUSE=1). */
  seededAt: string;
  how?: string;
  fresh: boolean;
}

/** Everything but the bookings, for every organization at once. */
async function seedOrganizations(client: pg.ClientBase): Promise<void> {
  const { organizations, peoplePerOrganization, floorsPerOrganization, desksPerFloor } = scale;
  // Organization 1 is the measured one, with its fixed id; its office works every day so that creation may book
  // consecutive dates (the seeded bookings are on weekdays, valid under either rule).
  await client.query(
    `INSERT INTO organizations (id, name, slug, time_zone, created_at)
     SELECT CASE WHEN o = 1 THEN $1::uuid ELSE gen_random_uuid() END, 'Scale ' || o, 'scale-' || lpad(o::text, 3, '0'),
       CASE WHEN o = 1 THEN $2 ELSE ($3::text[])[1 + o % 5] END, now() - interval '800 days'
     FROM generate_series(1, $4::int) AS o`,
    [measuredOrganization.id, measuredOrganization.timeZone, zones, organizations],
  );
  await client.query(`UPDATE sites SET working_days = '{1,2,3,4,5,6,7}'::smallint[] WHERE organization_id = $1`, [
    measuredOrganization.id,
  ]);
  await client.query(
    `INSERT INTO subscriptions (organization_id, plan_id, plan_name, max_users, status)
     SELECT id, 'tier-3', 'Tier 3', 2000, 'active' FROM organizations WHERE slug LIKE 'scale-%'`,
  );
  // Unique names across the platform: Last000001 … Last100000 (search finds exactly one person).
  await client.query(
    `INSERT INTO users (email, first_name, last_name, created_at)
     SELECT 'scale-' || o || '-' || n || '@example.com', 'First' || n,
       'Last' || lpad(((o - 1) * $2::int + n)::text, 6, '0'), now() - interval '800 days'
     FROM generate_series(1, $1::int) AS o, generate_series(1, $2::int) AS n`,
    [organizations, peoplePerOrganization],
  );
  await client.query(
    `INSERT INTO memberships (organization_id, user_id, role)
     SELECT org.id, u.id, CASE WHEN split_part(u.email, '-', 3) = '1@example.com' THEN 'admin' ELSE 'member' END
     FROM users u JOIN organizations org ON org.slug = 'scale-' || lpad(split_part(u.email, '-', 2), 3, '0')
     WHERE u.email LIKE 'scale-%'`,
  );
  await client.query(
    `INSERT INTO floors (organization_id, name, created_at)
     SELECT org.id, 'Floor ' || n, now() - interval '800 days' + n * interval '1 second'
     FROM organizations org, generate_series(1, $1::int) AS n WHERE org.slug LIKE 'scale-%'`,
    [floorsPerOrganization],
  );
  await client.query(
    `INSERT INTO desks (organization_id, floor_id, name, position_x, position_y, width, height, created_at)
     SELECT f.organization_id, f.id, 'F' || substr(f.name, 7) || '-' || lpad(n::text, 3, '0'),
       ((n - 1) % 10) * 150, ((n - 1) / 10) * 90, 120, 80, now() - interval '790 days'
     FROM floors f JOIN organizations org ON org.id = f.organization_id AND org.slug LIKE 'scale-%',
       generate_series(1, $1::int) AS n`,
    [desksPerFloor],
  );
}

/**
 * One organization's 200,000 bookings in one statement, in date order. Each desk and weekday of the window is taken or
 * not by a fixed hash (exactly 200,000 of the ~270,000 pairs), one booking a desk a day, so the exclusion constraint
 * never refuses; on a date each desk goes to a different person (desk i to person (i + 37k) mod 1,000), as the
 * one-desk-per-person rule wants. A mix of slots; one in eight cancelled by its booker; each made up to 20 days before
 * its date (never in the future).
 */
const bookingsOfOneOrganization = `
WITH days AS (
  SELECT day::date AS day, (row_number() OVER (ORDER BY day))::int AS k
  FROM generate_series($2::date, $3::date, interval '1 day') AS day WHERE extract(isodow FROM day) < 6
), numbered_desks AS (
  SELECT id, (row_number() OVER (ORDER BY name))::int AS i FROM desks WHERE organization_id = $1
), numbered_people AS (
  SELECT user_id AS id, (row_number() OVER (ORDER BY user_id))::int - 1 AS u FROM memberships WHERE organization_id = $1
), chosen AS (
  SELECT days.day, days.k, numbered_desks.id AS desk_id, numbered_desks.i
  FROM days CROSS JOIN numbered_desks
  ORDER BY hashint4(numbered_desks.i * 100003 + days.k * 7 + $5::int) LIMIT $4
), made AS (
  SELECT chosen.*, numbered_people.id AS user_id,
    least(now() - interval '1 minute',
      (chosen.day - (chosen.i * 7 + chosen.k) % 21)::timestamp + time '08:00' + (chosen.i % 600) * interval '1 minute')
      AS created_at,
    (chosen.i * 13 + chosen.k * 7) % 8 = 0 AS cancelled
  FROM chosen JOIN numbered_people ON numbered_people.u = (chosen.i + chosen.k * 37) % $6
)
INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot, status, created_at, cancelled_at,
  cancelled_by)
SELECT $1, made.desk_id, made.user_id, made.day,
  CASE (made.i * 7 + made.k) % 6 WHEN 4 THEN 'morning' WHEN 5 THEN 'afternoon' ELSE 'full-day' END,
  CASE WHEN made.cancelled THEN 'cancelled' ELSE 'active' END, made.created_at,
  CASE WHEN made.cancelled THEN least(now(), made.created_at + interval '3 hours') END,
  CASE WHEN made.cancelled THEN made.user_id END
FROM made ORDER BY made.day, made.i`;

function databaseName(databaseUrl: string): string {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unusable database name: ${name}`);
  return name;
}

async function countBookings(client: pg.ClientBase): Promise<number> {
  // Counting 20 million rows exactly takes a while; the planner's estimate after ANALYZE is enough to know a seed.
  const { rows } = await client.query<{ n: string }>(
    `SELECT CASE WHEN reltuples > 0 THEN reltuples::bigint ELSE 0 END AS n FROM pg_class WHERE relname = 'bookings'`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Seeds the scale tier into the (existing, empty or migrated) database at `databaseUrl`; with `reuse`, keeps a complete
 * seed already there (its sessions renewed) and only reads what the loads need.
 */
export async function seedScale(
  databaseUrl: string,
  options: { reuse: boolean; sessionDays: number },
): Promise<ScaleSeed> {
  const started = performance.now();
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    await migrate(database.sql);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let bookingSeconds = 0;
  let fresh = false;
  try {
    const [existing] = (
      await client.query<{ n: string }>(`SELECT count(*) AS n FROM organizations WHERE slug LIKE 'scale-%'`)
    ).rows;
    const complete =
      Number(existing?.n) === scale.organizations && (await countBookings(client)) >= scaleBookings * 0.99;
    if (options.reuse && complete) {
      // What an earlier run of the loads changed goes back as seeded: bookings made after the seeded dates, releases
      // of no-shows and the requirement of check-in.
      await client.query('DELETE FROM bookings WHERE booking_date > $1', [
        addDays(todayIn(measuredOrganization.timeZone), scale.daysAhead),
      ]);
      await client.query(
        `UPDATE bookings SET status = 'active', cancelled_at = NULL, released_at = NULL WHERE released_at IS NOT NULL`,
      );
      await client.query(
        `UPDATE organizations SET check_in_required = false, check_in_required_since = NULL WHERE check_in_required`,
      );
    } else {
      // An interrupted seed is resumed with BENCH_SCALE_REUSE=1: the organizations without bookings get theirs.
      const resuming = options.reuse && Number(existing?.n) === scale.organizations;
      if (Number(existing?.n) > 0 && !resuming) {
        throw new Error('the scale database holds a partial or stale seed: drop it first');
      }
      fresh = true;
      const today = todayIn(measuredOrganization.timeZone);
      if (!resuming) await seedOrganizations(client);
      const ids = (
        await client.query<{ id: string; slug: string }>(
          `SELECT id, slug FROM organizations o WHERE slug LIKE 'scale-%'
             AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.organization_id = o.id)
           ORDER BY slug`,
        )
      ).rows.map((row) => ({ id: row.id, number: Number(row.slug.slice('scale-'.length)) }));
      if (resuming) console.log(`  resuming: ${ids.length} organizations without bookings`);
      const bookingsStarted = performance.now();
      let next = 0;
      const seedOne = async (worker: pg.Client) => {
        while (next < ids.length) {
          const index = next++;
          await worker.query(bookingsOfOneOrganization, [
            ids[index]?.id,
            addDays(today, -scale.daysBack),
            addDays(today, scale.daysAhead),
            scale.bookingsPerOrganization,
            (ids[index]?.number ?? 1) - 1,
            scale.peoplePerOrganization,
          ]);
          if ((index + 1) % 10 === 0) {
            const seconds = (performance.now() - bookingsStarted) / 1000;
            console.log(
              `  ${((index + 1) * scale.bookingsPerOrganization).toLocaleString('en')} bookings in ${seconds.toFixed(0)} s`,
            );
          }
        }
      };
      // Two organizations at a time (the machine has two cores), or BENCH_SCALE_SEED_CONNECTIONS.
      const workers = await Promise.all(
        Array.from({ length: Number(process.env.BENCH_SCALE_SEED_CONNECTIONS ?? 2) }, async () => {
          const worker = new pg.Client({ connectionString: databaseUrl });
          await worker.connect();
          await worker.query("SET work_mem = '64MB'; SET synchronous_commit = off");
          return worker;
        }),
      );
      try {
        await Promise.all(workers.map(seedOne));
      } finally {
        await Promise.all(workers.map((worker) => worker.end()));
      }
      bookingSeconds = (performance.now() - bookingsStarted) / 1000;
      await client.query('VACUUM (ANALYZE) bookings');
      await client.query('ANALYZE');
      await client.query('CHECKPOINT').catch(() => {});
      const [exact] = (await client.query<{ n: string }>('SELECT count(*) AS n FROM bookings')).rows;
      // The seed's own figures stay with it, for a run that reuses it (BENCH_SCALE_REUSE=1).
      const note = JSON.stringify({
        seconds: Math.round((performance.now() - started) / 100) / 10,
        bookingSeconds: Math.round(bookingSeconds * 10) / 10,
        bookings: Number(exact?.n),
        at: new Date().toISOString(),
      });
      await client.query(`COMMENT ON DATABASE ${databaseName(databaseUrl)} IS '${note}'`);
    }
    const [noteRow] = (
      await client.query<{ note: string | null }>(
        'SELECT shobj_description(oid, $1) AS note FROM pg_database WHERE datname = current_database()',
        ['pg_database'],
      )
    ).rows;
    const seedNote = JSON.parse(noteRow?.note ?? '{}') as {
      seconds?: number;
      bookingSeconds?: number;
      bookings?: number;
      at?: string;
      /** How the seed went when it was not in one go (an interrupted seed resumed). */
      how?: string;
    };

    const people = (
      await client.query<{ id: string; role: string }>(
        `SELECT m.user_id AS id, m.role FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE m.organization_id = $1 ORDER BY m.role = 'admin' DESC, u.email`,
        [measuredOrganization.id],
      )
    ).rows;
    await client.query(
      'DELETE FROM sessions WHERE user_id IN (SELECT user_id FROM memberships WHERE organization_id = $1)',
      [measuredOrganization.id],
    );
    const tokens = people.map(() => randomBytes(32).toString('base64url'));
    await client.query(
      `INSERT INTO sessions (id, user_id, expires_at)
       SELECT digest, user_id, now() + make_interval(days => $3::int) FROM unnest($1::text[], $2::uuid[]) AS s(digest, user_id)`,
      [tokens.map(digestToken), people.map((person) => person.id), options.sessionDays],
    );
    const deskIds = (
      await client.query<{ id: string }>('SELECT id FROM desks WHERE organization_id = $1 ORDER BY name', [
        measuredOrganization.id,
      ])
    ).rows.map((row) => row.id);
    const today = todayIn(measuredOrganization.timeZone);
    let readDate = addDays(today, 7);
    while ([0, 6].includes(new Date(`${readDate}T00:00:00Z`).getUTCDay())) readDate = addDays(readDate, 1);
    const [searched] = (
      await client.query<{ last_name: string }>(
        `SELECT u.last_name FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE m.organization_id = $1 AND u.email LIKE '%-899@example.com'`,
        [measuredOrganization.id],
      )
    ).rows;
    const [counts] = (
      await client.query<{ on_read_date: string; organizations: string; users: string }>(
        `SELECT (SELECT count(*) FROM bookings WHERE organization_id = $1 AND status = 'active' AND booking_date = $2)
           AS on_read_date,
           (SELECT count(*) FROM organizations) AS organizations, (SELECT count(*) FROM users) AS users`,
        [measuredOrganization.id, readDate],
      )
    ).rows;
    const admin = people.find((person) => person.role === 'admin');
    if (!admin) throw new Error('the measured organization has no admin');
    return {
      organizationId: measuredOrganization.id,
      adminId: admin.id,
      cookies: tokens.map((token) => `perch_session=${token}`),
      deskIds,
      readDate,
      firstFreeDate: addDays(today, scale.daysAhead + 1),
      searchedName: searched?.last_name ?? 'Last000899',
      counts: {
        bookings: seedNote.bookings ?? (await countBookings(client)),
        users: Number(counts?.users),
        organizations: Number(counts?.organizations),
        onReadDate: Number(counts?.on_read_date),
      },
      seconds: seedNote.seconds ?? (performance.now() - started) / 1000,
      bookingSeconds: seedNote.bookingSeconds ?? bookingSeconds,
      seededAt: seedNote.at ?? new Date().toISOString(),
      ...(seedNote.how ? { how: seedNote.how } : {}),
      fresh,
    };
  } finally {
    await client.end();
  }
}
