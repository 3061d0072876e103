import { BarChart3 } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import type { PublicUser } from '#domain/account.ts';
import { describeDatesZone, describeUtilization, formatRange, hasReality } from '#domain/analytics-view.ts';
import { todayIn } from '#domain/dates.ts';
import { errorMessage } from '#web/app/api.ts';
import { BrandMark } from '#web/components/layout/brand.tsx';
import { Footer } from '#web/components/layout/footer.tsx';
import { BackToMap } from '#web/components/layout/problem-page.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { useFloors } from '../floors/index.ts';
import type { Organization } from '../organizations/index.ts';
import { LiveIndicator, useLiveUpdates } from '../realtime/index.ts';
import { useSites } from '../sites/index.ts';
import { AnalyticsControls } from './analytics-controls.tsx';
import { type AnalyticsRequest, analyticsCsvUrl, useAnalytics } from './api.ts';
import {
  CancellationsSection,
  PeopleSection,
  RealitySection,
  UtilizationSection,
  WeekdaySection,
} from './day-sections.tsx';
import { FloorsAndDesksSection } from './floors-and-desks.tsx';
import { HeatMapSection } from './heat-map.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { useAnalyticsFilters } from './use-analytics-filters.ts';

function Skeleton() {
  return (
    <div className="grid gap-4" aria-hidden="true">
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {[0, 1, 2, 3, 4].map((item) => (
          <div key={item} className="h-28 animate-pulse rounded-2xl bg-slate-200/70" />
        ))}
      </div>
      <div className="h-96 animate-pulse rounded-2xl bg-slate-200/70" />
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <BarChart3 className="size-6" aria-hidden="true" />
      </span>
      {children}
    </div>
  );
}

/** The Analytics screen of an organization, for one of its admins (issue 17), by site (issue 28). */
export function AnalyticsScreen({ organization, user }: { organization: Organization; user: PublicUser }) {
  const sites = useSites(organization.id);
  // The Site filter is offered when there is a choice: with one site, its figures are all sites'.
  const siteList = sites.data && sites.data.length > 1 ? sites.data : [];
  const siteOf = (siteId: string) => siteList.find((item) => item.id === siteId);
  // The presets end on the chosen site's today (the organization's first site's for all sites).
  const [filters, setFilters] = useAnalyticsFilters((siteId) =>
    todayIn(siteOf(siteId)?.timeZone ?? organization.timeZone),
  );
  // A site that is gone (or a link from another organization) reads as all sites.
  const site = siteOf(filters.siteId);
  const today = todayIn(site?.timeZone ?? organization.timeZone);
  const floors = useFloors(organization.id);
  const floorList = (floors.data ?? []).filter((floor) => !site || floor.siteId === site.id);
  // A floor that is gone, or of another site (or a link from another organization), reads as all floors.
  const floorId = floors.data && !floorList.some((floor) => floor.id === filters.floorId) ? '' : filters.floorId;
  const request: AnalyticsRequest = {
    startDate: filters.startDate,
    endDate: filters.endDate,
    siteId: site?.id,
    floorId: floorId || undefined,
    includeWeekends: filters.includeWeekends,
  };
  const analytics = useAnalytics(organization.id, request);
  const liveStatus = useLiveUpdates(organization.id, user.id);
  const data = analytics.data;

  useEffect(() => {
    const previous = document.title;
    document.title = `Analytics · ${organization.name}`;
    return () => {
      document.title = previous;
    };
  }, [organization.name]);

  const floorName = floorList.find((floor) => floor.id === floorId)?.name ?? 'All floors';
  const placeName = siteList.length > 0 ? `${site?.name ?? 'All sites'} · ${floorName}` : floorName;
  let body: ReactNode;
  if (analytics.isPending) {
    body = (
      <>
        <p role="status" className="text-sm text-slate-600">
          Loading analytics…
        </p>
        <Skeleton />
      </>
    );
  } else if (analytics.isError && !data) {
    body = (
      <RetryAlert
        className="grid justify-items-center gap-3 rounded-2xl bg-red-50 px-6 py-10 text-center text-red-900"
        messageClassName="font-medium"
        size="md"
        onRetry={() => void analytics.refetch()}
      >
        {errorMessage(analytics.error, 'The analytics could not be loaded.')}
      </RetryAlert>
    );
  } else if (data && data.desks.length === 0) {
    body = (
      <Notice>
        <p className="text-lg font-semibold text-slate-900">
          {`${floorId ? floorName : (site?.name ?? organization.name)} has no desks yet`}
        </p>
        <p className="max-w-md text-sm text-slate-600">
          Add desks in Edit Mode on the map. Once people book them, how the office is used shows here.
        </p>
        <BackToMap variant="primary" />
      </Notice>
    );
  } else if (data) {
    const description = describeUtilization(data.days, data.summary.utilization);
    body = (
      <>
        {analytics.isError && (
          <RetryAlert
            className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900"
            messageClassName="flex-1"
            size="sm"
            onRetry={() => void analytics.refetch()}
          >
            {errorMessage(analytics.error, 'The analytics could not be loaded.')}
          </RetryAlert>
        )}
        <SummaryCards analytics={data} />
        <UtilizationSection analytics={data} description={description} />
        <div className="grid gap-4 lg:grid-cols-2">
          <WeekdaySection analytics={data} />
          <PeopleSection analytics={data} />
        </div>
        {hasReality(data) && <RealitySection analytics={data} />}
        <HeatMapSection analytics={data} organization={organization} floors={floorList} floorId={floorId} />
        <FloorsAndDesksSection analytics={data} />
        <CancellationsSection analytics={data} />
      </>
    );
  }

  const days = data?.days.length ?? 0;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-x-4 px-4 py-4 sm:px-6">
          <BrandMark className="size-9 shrink-0" />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Analytics</h1>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <p className="min-w-0 truncate text-sm text-slate-600">{organization.name}</p>
              <span className="hidden sm:inline-flex">
                <LiveIndicator status={liveStatus} />
              </span>
            </div>
          </div>
          <BackToMap />
        </div>
      </header>
      <main className="mx-auto grid w-full max-w-7xl flex-1 content-start gap-4 px-4 py-5 sm:px-6">
        <AnalyticsControls
          filters={filters}
          today={today}
          sites={siteList}
          floors={floorList}
          csvUrl={(by) => analyticsCsvUrl(organization.id, request, by)}
          onChange={setFilters}
        />
        <p className="text-sm text-slate-700" aria-live="polite">
          <span className="font-semibold text-slate-900">{formatRange(filters.startDate, filters.endDate)}</span>
          {' · '}
          {placeName}
          {data && ` · ${days} ${days === 1 ? 'day' : 'days'}${filters.includeWeekends ? '' : ', working days only'}`}
          {data && ` · ${describeDatesZone(data.timeZone)}`}
          {analytics.isFetching && data && <span className="text-slate-600"> · Updating…</span>}
        </p>
        {body}
      </main>
      <Footer />
    </div>
  );
}
