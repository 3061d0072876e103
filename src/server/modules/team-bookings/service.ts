import { todayIn } from '#domain/dates.ts';
import {
  searchWords,
  type TeamBookingsFilter,
  type TeamBookingsPage,
  type TeamBookingsQuery,
  type TeamBookingView,
  teamBookingCsvLine,
  teamBookingsCsvHeader,
} from '#domain/team-bookings.ts';
import type { AppContext } from '#server/context.ts';
import { badRequest } from '#server/errors.ts';
import { requireReadableDates } from '../bookings/horizon.ts';
import { toBookingView } from '../bookings/views.ts';
import { requireAdmin } from '../organizations/service.ts';
import * as repo from './repo.ts';

/** Rows per query of an export: memory stays at one chunk whatever the size of the organization. */
export const exportChunkSize = 2000;

export function toTeamBookingView(row: repo.TeamBookingRow): TeamBookingView {
  return { ...toBookingView(row), createdAt: row.createdAt, cancelledAt: row.cancelledAt };
}

/**
 * Admins only (requireAdmin: 404 for a non-member, 403 for a member). Dates lie within the read horizon, and a floor
 * must be one of the organization's: otherwise 400 with a sentence.
 */
async function selectionFor(
  context: AppContext,
  userId: string,
  organizationId: string,
  filter: TeamBookingsFilter,
): Promise<{ selection: repo.TeamBookingsSelection; organization: { slug: string; timeZone: string } }> {
  const { organization } = await requireAdmin(context, organizationId, userId);
  requireReadableDates({
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
  });
  if (filter.floorId && !(await repo.isFloorOfOrganization(context.db, organization.id, filter.floorId))) {
    throw badRequest('floorId is not a floor of this organization');
  }
  const selection = {
    organizationId: organization.id,
    words: searchWords(filter.q),
    floorId: filter.floorId,
    from: filter.from,
    to: filter.to,
    status: filter.status,
    permanent: filter.permanent,
    sort: filter.sort,
  };
  return { selection, organization };
}

/** One page of the organization's bookings and how many match in all (admins only, checked by selectionFor). */
export async function listTeamBookings(
  context: AppContext,
  userId: string,
  organizationId: string,
  query: TeamBookingsQuery,
): Promise<TeamBookingsPage> {
  const { selection } = await selectionFor(context, userId, organizationId, query);
  const [rows, total] = await Promise.all([
    repo.listTeamBookings(context.db, selection, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    repo.countTeamBookings(context.db, selection),
  ]);
  return { items: rows.map(toTeamBookingView), total, page: query.page, pageSize: query.pageSize };
}

/**
 * Every booking that matches, as CSV lines (header first), read in chunks that each start after the previous one's
 * last row (keyset, not OFFSET): a 250,000-booking organization is never held in memory. Admins only, checked before
 * the first line, so that a refusal is still an HTTP answer and not a broken download. Chunks are separate
 * statements: a booking changed during a long export may appear as it was or as it became.
 */
export async function exportTeamBookings(
  context: AppContext,
  userId: string,
  organizationId: string,
  filter: TeamBookingsFilter,
): Promise<{ filename: string; lines: AsyncIterable<string> }> {
  const { selection, organization } = await selectionFor(context, userId, organizationId, filter);
  const first = await repo.listTeamBookings(context.db, selection, { limit: exportChunkSize });
  return {
    filename: `${organization.slug.replace(/[^a-z0-9-]/g, '-')}-bookings-${todayIn(organization.timeZone)}.csv`,
    lines: csvLines(context, selection, first),
  };
}

async function* csvLines(
  context: AppContext,
  selection: repo.TeamBookingsSelection,
  first: repo.TeamBookingRow[],
): AsyncGenerator<string> {
  yield `\uFEFF${teamBookingsCsvHeader}`;
  let chunk = first;
  while (chunk.length > 0) {
    yield chunk.map((row) => teamBookingCsvLine(toTeamBookingView(row))).join('');
    const last = chunk.at(-1);
    if (!last || chunk.length < exportChunkSize) return;
    chunk = await repo.listTeamBookings(context.db, selection, { limit: exportChunkSize, after: last });
  }
}
