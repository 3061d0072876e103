import {
  type Analytics,
  type AnalyticsCsvQuery,
  type AnalyticsQuery,
  analyticsCsv,
  analyticsSearchParams,
  buildAnalytics,
} from '#domain/analytics.ts';
import { isUuid } from '#domain/ids.ts';
import { ByteBoundedCache } from '#server/byte-bounded-cache.ts';
import { CachedJsonBody } from '#server/cached-body.ts';
import { type AppContext, perApp } from '#server/context.ts';
import { badRequest, forbidden, notFound } from '#server/errors.ts';
import { requireReadableDates } from '../bookings/horizon.ts';
import { isFloorOfOrganization } from '../team-bookings/repo.ts';
import * as repo from './repo.ts';

/**
 * Answers already built, by organization and query, each valid while the organization's analytics state is the same
 * (repo.findAnalyticsState): an admin switching between presets and floors, or a second admin opening the screen,
 * gets the same bytes without counting again. 8 MiB: a year of days with 500 desks is about 90 KB of JSON.
 */
const analyticsCache = perApp(() => new ByteBoundedCache<{ state: string; body: CachedJsonBody }>(8 * 1024 * 1024));

/** The caller must be an admin of the organization: 404 for anyone else who is not a member, 403 for a member. */
async function requireAnalyticsReader(context: AppContext, organizationId: string, userId: string) {
  const found = isUuid(organizationId) ? await repo.findAnalyticsState(context.db, organizationId, userId) : undefined;
  if (!found) throw notFound('Organization not found.');
  if (found.role !== 'admin') throw forbidden('Only administrators of this organization can see its analytics.');
  return found;
}

async function countFigures(
  context: AppContext,
  organizationId: string,
  state: repo.AnalyticsState,
  query: AnalyticsQuery,
): Promise<Analytics> {
  requireReadableDates({ startDate: query.startDate, endDate: query.endDate });
  if (query.floorId && !(await isFloorOfOrganization(context.db, organizationId, query.floorId))) {
    throw badRequest('floorId is not a floor of this organization');
  }
  const selection: repo.AnalyticsSelection = {
    organizationId,
    timeZone: state.timeZone,
    startDate: query.startDate,
    endDate: query.endDate,
    floorId: query.floorId ?? null,
    includeWeekends: query.includeWeekends ?? false,
  };
  const [places, counts] = await Promise.all([
    repo.listAnalyticsPlaces(context.db, selection),
    repo.countAnalytics(context.db, selection),
  ]);
  return buildAnalytics({
    ...selection,
    checkInRequired: state.checkInRequired,
    floors: places.floors,
    desks: places.desks,
    days: counts.days,
    deskUse: counts.desks,
    leadDays: counts.leadDays,
  });
}

/** GET /api/organizations/{id}/analytics as JSON, served again as it was while nothing it counts has changed. */
export async function readAnalytics(
  context: AppContext,
  userId: string,
  organizationId: string,
  query: AnalyticsQuery,
): Promise<CachedJsonBody> {
  const state = await requireAnalyticsReader(context, organizationId, userId);
  const cache = analyticsCache(context);
  const key = `${organizationId}?${analyticsSearchParams(query)}`;
  const cached = cache.get(key, (entry) => entry.state === state.state);
  if (cached) return cached.body;
  const analytics = await countFigures(context, organizationId, state, query);
  const body = new CachedJsonBody(Buffer.from(JSON.stringify(analytics)));
  cache.set(key, { state: state.state, body });
  return body;
}

/** GET /api/organizations/{id}/analytics.csv: the same figures, a row per day or per desk. */
export async function exportAnalytics(
  context: AppContext,
  userId: string,
  organizationId: string,
  query: AnalyticsCsvQuery,
): Promise<{ filename: string; csv: string }> {
  const state = await requireAnalyticsReader(context, organizationId, userId);
  const analytics = await countFigures(context, organizationId, state, query);
  const slug = state.slug.replace(/[^a-z0-9-]/g, '-');
  const by = query.by === 'desk' ? '-by-desk' : '';
  return {
    filename: `${slug}-analytics-${query.startDate}-to-${query.endDate}${by}.csv`,
    csv: `\uFEFF${analyticsCsv(analytics, query.by)}`,
  };
}
