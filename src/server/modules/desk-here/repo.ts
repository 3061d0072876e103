import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CheckInSettings, SiteHours } from '#domain/check-in.ts';
import type { Role } from '#domain/organization.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { desks, floors, memberships, organizations, sites } from '#server/db/schema.ts';
import { type DeskWithFloorRow, floorOfDesk, withFloorColumns } from '../desks/repo.ts';

// The desk's own page (issue 16): the desk with its organization for a member, and its floor's neighbours with the
// half days they are taken. The desk's bookings are the bookings module's reads.

/**
 * A desk as its page shows it: the desk with its floor (as the desks module reads it), its floor's site, whose zone
 * and office hours are the page's clock (issue 28), and its organization.
 */
export interface DeskHereRow extends DeskWithFloorRow, CheckInSettings, SiteHours {
  organizationName: string;
  /** The organization's own zone (its first site's), as the spec's clients know it. */
  organizationTimeZone: string;
  siteId: string;
  siteName: string;
  /** The caller's role and whether the organization hides names from members (issue 29). */
  role: Role;
  hideNames: boolean;
}

/** 'HH:MM' of a PostgreSQL time column. */
const clockOf = (column: AnyPgColumn) => sql<string>`to_char(${column}, 'HH24:MI')`;

/**
 * The desk, its floor, its site and its organization with the check-in settings; undefined unless the user is a
 * member.
 */
export async function findDeskHere(db: Database, deskId: string, userId: string): Promise<DeskHereRow | undefined> {
  const [row] = await db
    .select({
      ...withFloorColumns,
      organizationName: organizations.name,
      organizationTimeZone: organizations.timeZone,
      siteId: sites.id,
      siteName: sites.name,
      timeZone: sites.timeZone,
      dayStart: clockOf(sites.dayStart),
      midday: clockOf(sites.midday),
      dayEnd: clockOf(sites.dayEnd),
      checkInRequired: organizations.checkInRequired,
      checkInGraceMinutes: organizations.checkInGraceMinutes,
      autoRelease: organizations.autoRelease,
      role: memberships.role,
      hideNames: organizations.hideNames,
    })
    .from(desks)
    .innerJoin(floors, floorOfDesk)
    .innerJoin(sites, eq(sites.id, floors.siteId))
    .innerJoin(organizations, eq(organizations.id, desks.organizationId))
    .innerJoin(memberships, and(eq(memberships.organizationId, desks.organizationId), eq(memberships.userId, userId)))
    .where(eq(desks.id, deskId));
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
 * constraint's index (desk_id, occupied) over active rows, permanent blocks included. Raw SQL: `occupied` lives only
 * in SQL (decision 025).
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
