import { todayIn } from '#domain/dates.ts';
import { isUuid } from '#domain/ids.ts';
import {
  searchWords,
  type TeamBookingsFilter,
  type TeamBookingsPage,
  type TeamBookingsQuery,
  type TeamBookingView,
  teamBookingCsvLine,
  teamBookingsCsvHeader,
  teamBookingsSearchParams,
} from '#domain/team-bookings.ts';
import { CachedJsonBody } from '#server/cached-body.ts';
import { type AppContext, perApp } from '#server/context.ts';
import { badRequest, forbidden, notFound } from '#server/errors.ts';
import { BookingsReadCache } from '../bookings/day-cache.ts';
import { requireReadableDates } from '../bookings/horizon.ts';
import { findBookingsRevision } from '../bookings/repo.ts';
import { toBookingView } from '../bookings/views.ts';
import { findFloorInOrganization } from '../floors/repo.ts';
import { requireAdmin } from '../organizations/service.ts';
import * as repo from './repo.ts';

/** Rows per query of an export: memory stays at one chunk whatever the size of the organization. */
export const exportChunkSize = 2000;

/**
 * Pages already answered, by organization and query, each valid for one revision of the organization's bookings
 * (migration 0010, decision 009: a booking made, changed or deleted, a desk, floor or member renamed raises it, on
 * any instance). Team Bookings opens on the same first page for every admin, and paging back and forth repeats
 * pages. 16 MiB: a page of 50 is about 30 KB of JSON. One change it does not see: a former member renaming
 * themselves (their cancelled bookings keep the old name here until the organization's next change).
 */
const teamBookingsCache = perApp(() => new BookingsReadCache(16 * 1024 * 1024));

export function toTeamBookingView(row: repo.TeamBookingRow): TeamBookingView {
  return { ...toBookingView(row), createdAt: row.createdAt, cancelledAt: row.cancelledAt };
}

const notAdmin = () => forbidden('Only administrators of this organization can do that.');

/** Dates within the read horizon and a floor of the organization's, or 400 with a sentence; then what to list. */
async function selectionFor(
  context: AppContext,
  organizationId: string,
  filter: TeamBookingsFilter,
): Promise<repo.TeamBookingsSelection> {
  requireReadableDates({
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
  });
  if (filter.floorId && !(await findFloorInOrganization(context.db, organizationId, filter.floorId))) {
    throw badRequest('floorId is not a floor of this organization');
  }
  return {
    organizationId,
    words: searchWords(filter.q),
    floorId: filter.floorId,
    from: filter.from,
    to: filter.to,
    status: filter.status,
    permanent: filter.permanent,
    sort: filter.sort,
  };
}

/**
 * One page of the organization's bookings and how many match in all, as JSON. Admins only: the role and the
 * bookings revision come in one query (404 for a non-member, 403 for a member); a page answered at this revision
 * is served again as it was, otherwise the page and the count are read at once.
 */
export async function listTeamBookings(
  context: AppContext,
  userId: string,
  organizationId: string,
  query: TeamBookingsQuery,
): Promise<CachedJsonBody> {
  const membership = isUuid(organizationId)
    ? await findBookingsRevision(context.db, organizationId, userId)
    : undefined;
  if (!membership) throw notFound('Organization not found.');
  if (membership.role !== 'admin') throw notAdmin();
  const selection = await selectionFor(context, organizationId, query);
  const cache = teamBookingsCache(context);
  // Valid for one revision of the bookings, which a change of the sites' clocks raises too (migration 0025).
  const key = `${organizationId}?${teamBookingsSearchParams(query)}`;
  const revision = BigInt(membership.revision);
  const cached = cache.get(key, revision);
  if (cached) return cached;
  const [rows, total] = await Promise.all([
    repo.listTeamBookings(context.db, selection, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    repo.countTeamBookings(context.db, selection),
  ]);
  const page: TeamBookingsPage = {
    items: rows.map(toTeamBookingView),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
  const body = new CachedJsonBody(Buffer.from(JSON.stringify(page)));
  cache.put(key, revision, body);
  return body;
}

/**
 * Every booking that matches, as CSV lines (header first), read in chunks that each start after the previous one's
 * last row (keyset, not OFFSET): a 250,000-booking organization is never held in memory. Admins only (requireAdmin),
 * checked with the filters and the first chunk before the first line, so that a refusal is still an HTTP answer and
 * not a broken download. Chunks are separate statements: a booking changed during a long export may appear as it
 * was or as it became.
 */
export async function exportTeamBookings(
  context: AppContext,
  userId: string,
  organizationId: string,
  filter: TeamBookingsFilter,
): Promise<{ filename: string; lines: AsyncIterable<string> }> {
  const { organization } = await requireAdmin(context, organizationId, userId);
  const selection = await selectionFor(context, organization.id, filter);
  const first = await repo.listTeamBookings(context.db, selection, { limit: exportChunkSize });
  return {
    filename: `${organization.slug.replace(/[^a-z0-9-]/g, '-')}-bookings-${todayIn(organization.timeZone)}.csv`,
    lines: csvLines(context, selection, first, organization.timeZone),
  };
}

async function* csvLines(
  context: AppContext,
  selection: repo.TeamBookingsSelection,
  first: repo.TeamBookingRow[],
  timeZone: string,
): AsyncGenerator<string> {
  yield `\uFEFF${teamBookingsCsvHeader}`;
  let chunk = first;
  while (chunk.length > 0) {
    yield chunk.map((row) => teamBookingCsvLine(toTeamBookingView(row), timeZone)).join('');
    const last = chunk.at(-1);
    if (!last || chunk.length < exportChunkSize) return;
    chunk = await repo.listTeamBookings(context.db, selection, { limit: exportChunkSize, after: last });
  }
}
