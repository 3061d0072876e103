import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '#domain/calendar.ts';
import { todayIn } from '#domain/dates.ts';
import { openTestDatabase } from '#test-support/harness.ts';
import type { DatabaseHandle } from './client.ts';

// Issue 28: a slot's instants are computed in two places, in TypeScript (check-in refusals, mails, .ics) and in SQL
// (`timestamp AT TIME ZONE` in the release job and the reads). They must agree to the second on every day, the days
// clocks change included, or the server would refuse a check-in the release job has not yet released.

let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

const zones = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Tokyo', 'Asia/Kathmandu', 'UTC'];
// The days either side of each zone's changes in 2026 and 2027, and ordinary days.
const dates = [
  '2026-03-08',
  '2026-03-29',
  '2026-04-05',
  '2026-10-04',
  '2026-10-25',
  '2026-11-01',
  '2026-11-30',
  '2027-03-14',
  '2027-03-28',
  '2027-04-04',
  '2027-07-01',
];
// Office hours, and the wall clocks that a change skips or repeats (01:30, 02:15 and 02:45).
const times = ['00:00', '01:30', '02:15', '02:45', '07:30', '09:00', '13:00', '18:00', '23:45'];

describe('the zone arithmetic of TypeScript and of the database', () => {
  it('gives every wall-clock time of every zone the same instant, on the days clocks change too', async () => {
    const cases = zones.flatMap((zone) => dates.flatMap((date) => times.map((time) => ({ zone, date, time }))));
    const rows = await database.sql.query<{ instant: string }>(
      `SELECT to_char((($1::text[])[n]::date + ($2::text[])[n]::time) AT TIME ZONE ($3::text[])[n] AT TIME ZONE 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS instant
        FROM generate_series(1, cardinality($1::text[])) AS n ORDER BY n`,
      [cases.map((item) => item.date), cases.map((item) => item.time), cases.map((item) => item.zone)],
    );
    const disagreements = cases
      .map((item, index) => ({
        ...item,
        typescript: zonedTimeToUtc(item.date, item.time, item.zone).toISOString(),
        database: rows[index]?.instant,
      }))
      .filter((item) => item.typescript !== item.database);
    expect(disagreements).toEqual([]);
  });

  it('sees the same today in every zone at the same instant, on both sides of the date line', async () => {
    const instants = ['2026-11-27T14:30:00.000Z', '2026-11-27T23:59:00.000Z', '2026-11-28T00:01:00.000Z'];
    const places = ['Pacific/Kiritimati', 'Asia/Tokyo', 'Europe/London', 'America/New_York', 'Pacific/Pago_Pago'];
    const cases = instants.flatMap((instant) => places.map((zone) => ({ instant, zone })));
    const rows = await database.sql.query<{ today: string }>(
      `SELECT to_char((($1::text[])[n]::timestamptz AT TIME ZONE ($2::text[])[n])::date, 'YYYY-MM-DD') AS today
        FROM generate_series(1, cardinality($1::text[])) AS n ORDER BY n`,
      [cases.map((item) => item.instant), cases.map((item) => item.zone)],
    );
    expect(rows.map((row) => row.today)).toEqual(cases.map((item) => todayIn(item.zone, new Date(item.instant))));
  });
});
