import { LRUCache } from 'lru-cache';
import {
  type Analytics,
  type AnalyticsCounts,
  type AnalyticsCsvQuery,
  type AnalyticsQuery,
  analyticsCsv,
  analyticsSearchParams,
} from '#domain/analytics.ts';
import { buildAnalytics, mergeAnalyticsCounts } from '#domain/analytics-build.ts';
import { analyticsDates, closedWeeks, weekStartOf } from '#domain/analytics-dates.ts';
import { todayIn } from '#domain/dates.ts';
import { isUuid } from '#domain/ids.ts';
import { ByteBoundedCache } from '#server/byte-bounded-cache.ts';
import { CachedJsonBody } from '#server/cached-body.ts';
import { type AppContext, perApp } from '#server/context.ts';
import { badRequest, forbidden, notFound } from '#server/errors.ts';
import { requireReadableDates } from '../bookings/horizon.ts';
import * as repo from './repo.ts';

/**
 * Answers already built, by organization and query, each valid while the organization's analytics state is the same
 * (repo.findAnalyticsState): an admin switching between presets and floors, or a second admin opening the screen,
 * gets the same bytes without counting again. 8 MiB: a year of days with 500 desks is about 90 KB of JSON.
 */
const analyticsCache = perApp(() => new ByteBoundedCache<{ state: string; body: CachedJsonBody }>(8 * 1024 * 1024));

/**
 * The counts of closed weeks (wholly past, ended before yesterday), by organization, floor, weekends and Monday, each
 * valid while the organization's history is unchanged (repo.AnalyticsState.history). A range is then counted only
 * on its dates outside kept weeks: the weeks at its ends and the current ones. 32 MiB: a week of a 500-desk office
 * is about 40 KB here, so some 800 office-weeks.
 */
const closedWeeksCache = perApp(
  () =>
    new LRUCache<string, { history: string; counts: AnalyticsCounts }>({
      maxSize: 32 * 1024 * 1024,
      sizeCalculation: ({ counts }) =>
        200 + counts.days.length * 120 + counts.deskUse.length * 80 + counts.leadDays.length * 40,
    }),
);

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
  const selection: repo.AnalyticsSelection = {
    organizationId,
    timeZone: state.timeZone,
    startDate: query.startDate,
    endDate: query.endDate,
    floorId: query.floorId ?? null,
    includeWeekends: query.includeWeekends ?? false,
  };
  const places = await placesOf(context, state, selection);
  if (selection.floorId && !places.floors.some((floor) => floor.id === selection.floorId && !floor.isDeleted)) {
    throw badRequest('floorId is not a floor of this organization');
  }
  const counts = await countKeepingClosedWeeks(context, state, selection);
  return buildAnalytics({
    ...selection,
    checkInRequired: state.checkInRequired,
    floors: places.floors,
    desks: places.desks,
    ...counts,
  });
}

/**
 * The floors and desks, kept while the organization's state is the same (a desk or floor added, changed, renamed or
 * deleted changes it): every range of an admin's session reads the same list.
 */
const placesCache = perApp(
  () =>
    new LRUCache<string, { state: string; places: Awaited<ReturnType<typeof repo.listAnalyticsPlaces>> }>({
      maxSize: 16 * 1024 * 1024,
      sizeCalculation: ({ places }) => 200 + places.desks.length * 200 + places.floors.length * 100,
    }),
);

async function placesOf(context: AppContext, state: repo.AnalyticsState, selection: repo.AnalyticsSelection) {
  const cache = placesCache(context);
  const key = `${selection.organizationId}|${selection.floorId ?? 'all'}`;
  const entry = cache.get(key);
  if (entry?.state === state.state) return entry.places;
  const places = await repo.listAnalyticsPlaces(context.db, selection);
  cache.set(key, { state: state.state, places });
  return places;
}

/** The range's counts: those of closed weeks from memory where kept, the other dates counted and closed weeks kept. */
async function countKeepingClosedWeeks(
  context: AppContext,
  state: repo.AnalyticsState,
  selection: repo.AnalyticsSelection,
): Promise<AnalyticsCounts> {
  const cache = closedWeeksCache(context);
  const keyOf = (monday: string) =>
    `${selection.organizationId}|${selection.floorId ?? 'all'}|${selection.includeWeekends}|${monday}`;
  const closed = closedWeeks(selection.startDate, selection.endDate, todayIn(state.timeZone));
  const kept = new Map<string, AnalyticsCounts>();
  for (const monday of closed) {
    const entry = cache.get(keyOf(monday));
    if (entry?.history === state.history) kept.set(monday, entry.counts);
  }
  const dates = analyticsDates(selection.startDate, selection.endDate, selection.includeWeekends).filter(
    (date) => !kept.has(weekStartOf(date)),
  );
  const counted = await repo.countAnalytics(context.db, selection, dates);
  const parts = [...kept.values(), ...counted.values()];
  // A closed week not kept was counted whole (none at all for a week without bookings).
  const empty: AnalyticsCounts = { days: [], deskUse: [], leadDays: [] };
  for (const monday of closed) {
    if (kept.has(monday)) continue;
    const counts = counted.get(monday) ?? empty;
    cache.set(keyOf(monday), { history: state.history, counts });
  }
  return mergeAnalyticsCounts(parts);
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
