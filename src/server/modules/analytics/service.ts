import { LRUCache } from 'lru-cache';
import {
  type Analytics,
  type AnalyticsCounts,
  type AnalyticsCsvQuery,
  type AnalyticsQuery,
  analyticsCsv,
  analyticsSearchParams,
} from '#domain/analytics.ts';
import { buildAnalytics, mergeAnalyticsCounts, selectAnalyticsPlaces } from '#domain/analytics-build.ts';
import { analyticsDates, closedWeeks, weekStartOf } from '#domain/analytics-dates.ts';
import { todayIn } from '#domain/dates.ts';
import { isUuid } from '#domain/ids.ts';
import { siteMessages } from '#domain/sites.ts';
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
 * The counts of closed weeks (wholly past, ended before yesterday), by organization, site, floor, weekends and Monday,
 * each valid while the organization's history is unchanged (repo.AnalyticsState.history: the sites' calendars are
 * part of it). A range is then counted only on its dates outside kept weeks: the weeks at its ends and the current
 * ones. 32 MiB: a week of a 500-desk office
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

/**
 * The figures of a read: at one site on its own calendar, or at every site with desks each on its own calendar (zone
 * and working days), added up per date (issue 28).
 */
async function countFigures(
  context: AppContext,
  organizationId: string,
  state: repo.AnalyticsState,
  query: AnalyticsQuery,
): Promise<Analytics> {
  requireReadableDates({ startDate: query.startDate, endDate: query.endDate });
  const siteId = query.siteId ?? null;
  const floorId = query.floorId ?? null;
  if (siteId && !state.sites.some((site) => site.id === siteId)) throw notFound(siteMessages.notFound);
  const places = await placesOf(context, state, organizationId);
  if (floorId) {
    const floor = places.floors.find((item) => item.id === floorId && !item.isDeleted);
    if (!floor) throw badRequest('floorId is not a floor of this organization');
    if (siteId && floor.siteId !== siteId) throw badRequest('floorId is not a floor of this site');
  }
  const selected = selectAnalyticsPlaces(places, state.sites, { siteId, floorId });
  const range = {
    organizationId,
    startDate: query.startDate,
    endDate: query.endDate,
    floorId,
    includeWeekends: query.includeWeekends ?? false,
  };
  const counts = await Promise.all(
    selected.sites.map((site) =>
      countKeepingClosedWeeks(context, state, {
        ...range,
        site,
        desks: selected.desks.filter((desk) => desk.siteId === site.id),
      }),
    ),
  );
  return buildAnalytics({
    ...range,
    siteId,
    sites: selected.sites,
    checkInRequired: state.checkInRequired,
    floors: selected.floors,
    desks: selected.desks,
    ...mergeAnalyticsCounts(counts),
  });
}

/**
 * The floors and desks, kept while the organization's state is the same (a desk or floor added, changed, renamed,
 * moved to another site or deleted, or a site's zone changed, changes it): every range of an admin's session reads
 * the same list.
 */
const placesCache = perApp(
  () =>
    new LRUCache<string, { state: string; places: Awaited<ReturnType<typeof repo.listAnalyticsPlaces>> }>({
      maxSize: 16 * 1024 * 1024,
      sizeCalculation: ({ places }) => 200 + places.desks.length * 200 + places.floors.length * 100,
    }),
);

async function placesOf(context: AppContext, state: repo.AnalyticsState, organizationId: string) {
  const cache = placesCache(context);
  const entry = cache.get(organizationId);
  if (entry?.state === state.state) return entry.places;
  const places = await repo.listAnalyticsPlaces(context.db, organizationId);
  cache.set(organizationId, { state: state.state, places });
  return places;
}

/** One site's part of a read: its desks chosen, on its calendar. */
interface SiteRange {
  organizationId: string;
  startDate: string;
  endDate: string;
  floorId: string | null;
  includeWeekends: boolean;
  site: repo.AnalyticsSite;
  desks: readonly { id: string; until: string | null }[];
}

/**
 * A site's counts over the range: those of closed weeks from memory where kept, the other dates counted and closed
 * weeks kept. A week is closed by the earlier of the site's and the organization's "yesterday": the history revision
 * (migration 0018) is raised for writes dated before the organization's, which must cover every kept week.
 */
async function countKeepingClosedWeeks(
  context: AppContext,
  state: repo.AnalyticsState,
  range: SiteRange,
): Promise<AnalyticsCounts> {
  const cache = closedWeeksCache(context);
  const keyOf = (monday: string) =>
    `${range.organizationId}|${range.site.id}|${range.floorId ?? 'all'}|${range.includeWeekends}|${monday}`;
  const siteToday = todayIn(range.site.timeZone);
  const organizationToday = todayIn(state.timeZone);
  const today = siteToday < organizationToday ? siteToday : organizationToday;
  const closed = closedWeeks(range.startDate, range.endDate, today);
  const kept = new Map<string, AnalyticsCounts>();
  for (const monday of closed) {
    const entry = cache.get(keyOf(monday));
    if (entry?.history === state.history) kept.set(monday, entry.counts);
  }
  const dates = analyticsDates(range.startDate, range.endDate, range.includeWeekends, range.site.workingDays).filter(
    (date) => !kept.has(weekStartOf(date)),
  );
  const selection = { organizationId: range.organizationId, timeZone: range.site.timeZone, desks: range.desks };
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
