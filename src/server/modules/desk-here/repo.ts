import { sql } from 'drizzle-orm';
import type { CheckInSettings } from '#domain/check-in.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';

// The desk's own page (issue 16): the desk with its organization for a member, and its floor's neighbours with the
// half days they are taken. The desk's bookings are the bookings module's reads.

export interface DeskHereRow extends CheckInSettings {
  id: string;
  name: string;
  floorId: string;
  floorName: string;
  bookable: boolean;
  unavailableReason: string | null;
  positionX: string;
  positionY: string;
  width: string;
  height: string;
  rotation: number;
  organizationId: string;
  organizationName: string;
  timeZone: string;
}

/** The desk, its floor and its organization with the check-in settings; undefined unless the user is a member. */
export async function findDeskHere(db: Database, deskId: string, userId: string): Promise<DeskHereRow | undefined> {
  const [row] = await rowsOf<DeskHereRow>(
    db,
    sql`SELECT d.id, d.name, d.floor_id AS "floorId", f.name AS "floorName", d.bookable,
        d.unavailable_reason AS "unavailableReason", d.position_x::text AS "positionX",
        d.position_y::text AS "positionY", d.width::text AS width, d.height::text AS height, d.rotation,
        o.id AS "organizationId", o.name AS "organizationName", o.time_zone AS "timeZone",
        o.check_in_required AS "checkInRequired", o.check_in_grace_minutes AS "checkInGraceMinutes",
        o.auto_release AS "autoRelease"
      FROM desks d
        JOIN floors f ON f.id = d.floor_id AND f.organization_id = d.organization_id
        JOIN organizations o ON o.id = d.organization_id
        JOIN memberships m ON m.organization_id = d.organization_id AND m.user_id = ${userId}
      WHERE d.id = ${deskId}`,
  );
  return row;
}

export interface NeighbourRow {
  id: string;
  name: string;
  positionX: string;
  positionY: string;
  width: string;
  height: string;
  bookable: boolean;
  /** An active booking of the desk holds part of the morning / the afternoon of the day asked for. */
  morningTaken: boolean;
  afternoonTaken: boolean;
}

/**
 * The other desks of a floor with whether their morning and afternoon are held: two probes per desk of the exclusion
 * constraint's index (desk_id, occupied) over active rows, permanent blocks included.
 */
export function listNeighbours(
  db: Database,
  scope: { organizationId: string; floorId: string; exceptDeskId: string; morning: string; afternoon: string },
): Promise<NeighbourRow[]> {
  const takenIn = (range: string) =>
    sql`EXISTS (SELECT FROM bookings b WHERE b.desk_id = d.id AND b.status = 'active' AND b.occupied && ${range}::tsrange)`;
  return rowsOf<NeighbourRow>(
    db,
    sql`SELECT d.id, d.name, d.position_x::text AS "positionX", d.position_y::text AS "positionY",
        d.width::text AS width, d.height::text AS height, d.bookable,
        ${takenIn(scope.morning)} AS "morningTaken", ${takenIn(scope.afternoon)} AS "afternoonTaken"
      FROM desks d
      WHERE d.organization_id = ${scope.organizationId} AND d.floor_id = ${scope.floorId}
        AND d.id <> ${scope.exceptDeskId}`,
  );
}
