import type { TestApp } from './harness.ts';

// Team Bookings (issue 15): bookings written straight into the database, any date, status or kind, and the CSV
// export read back into rows.

export interface TeamBookingSeed {
  organizationId: string;
  deskId: string;
  userId: string;
  date: string;
  timeSlot?: 'full-day' | 'morning' | 'afternoon';
  status?: 'active' | 'cancelled';
  isPermanent?: boolean;
  notes?: string | null;
  /** When it was made (default now). */
  createdAt?: string;
  /** When it was cancelled (default now for a cancelled booking). */
  cancelledAt?: string;
  /** Issue 16: checked in, released as a no-show (which cancels it), made on the spot. */
  checkedInAt?: string;
  releasedAt?: string;
  isWalkIn?: boolean;
}

/** One booking row inserted by SQL (past dates, cancelled, released and walk-in rows included); answers its id. */
export async function insertTeamBooking(testApp: TestApp, seed: TeamBookingSeed): Promise<string> {
  const isCancelled = seed.status === 'cancelled' || seed.releasedAt !== undefined;
  const [row] = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot, status, is_permanent, notes,
       cancelled_at, created_at, checked_in_at, released_at, is_walk_in)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::boolean THEN coalesce($10::timestamptz, now()) END,
       coalesce($11::timestamptz, now()), $12, $13, $14) RETURNING id`,
    [
      seed.organizationId,
      seed.deskId,
      seed.userId,
      seed.date,
      seed.timeSlot ?? 'full-day',
      isCancelled ? 'cancelled' : 'active',
      seed.isPermanent ?? false,
      seed.notes ?? null,
      isCancelled,
      seed.cancelledAt ?? seed.releasedAt ?? null,
      seed.createdAt ?? null,
      seed.checkedInAt ?? null,
      seed.releasedAt ?? null,
      seed.isWalkIn ?? false,
    ],
  );
  if (!row) throw new Error('booking not inserted');
  return row.id;
}

/**
 * `count` bookings of the organization in one statement: desk after desk, day after day back from `lastDate`, one
 * full day each, the people taking turns. Answers nothing: read them back through the API.
 */
export async function insertManyTeamBookings(
  testApp: TestApp,
  values: { organizationId: string; deskIds: string[]; userIds: string[]; lastDate: string; count: number },
): Promise<void> {
  await testApp.database.sql.query(
    `INSERT INTO bookings (organization_id, desk_id, user_id, booking_date, time_slot)
     SELECT $1, ($2::uuid[])[1 + n % cardinality($2::uuid[])], ($3::uuid[])[1 + n % cardinality($3::uuid[])],
       $4::date - (n / cardinality($2::uuid[])), 'full-day'
     FROM generate_series(0, $5::int - 1) AS n`,
    [values.organizationId, values.deskIds, values.userIds, values.lastDate, values.count],
  );
}

/** RFC 4180 text as rows of fields: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (isQuoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') isQuoted = false;
      else field += character;
    } else if (character === '"') isQuoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += character;
  }
  if (field !== '' || row.length > 0) throw new Error(`the CSV does not end with CRLF: ${JSON.stringify(row)}`);
  return rows;
}

/** The export's rows as objects keyed by its header, the byte order mark removed. */
export function csvRecords(text: string): Array<Record<string, string>> {
  if (!text.startsWith('\uFEFF')) throw new Error('the CSV does not start with a byte order mark');
  const [header, ...rows] = parseCsv(text.slice(1));
  if (!header) throw new Error('the CSV has no header row');
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}
