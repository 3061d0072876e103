import {
  type Analytics,
  type AnalyticsCounts,
  type AnalyticsDay,
  type AnalyticsDayInput,
  type AnalyticsDeskInput,
  type AnalyticsFloorInput,
  type AnalyticsInput,
  type AnalyticsSiteInput,
  type LeadTimeBucket,
  leadTimeBuckets,
  weekdayNames,
} from './analytics.ts';
import { analyticsDatesBySite, isoWeekday } from './analytics-dates.ts';

// The figures of an analytics read (issue 17), assembled from what the server counted: see analytics.ts for the rule.
// Each site counts on its own dates (issue 28); a date's figures are the sum over the sites of that site's date.

/** The bucket of a booking made `days` before its date (a negative lead, made after the day began, is 'same-day'). */
export function leadTimeBucket(days: number): LeadTimeBucket {
  for (const bucket of leadTimeBuckets) if (days <= bucket.to) return bucket.key;
  return 'months';
}

const dayFigures = ['bookedSlots', 'people', 'checkedIn', 'noShows', 'walkIns', 'cancellations'] as const;
const releaseFigures = ['releasedDays', 'releasedTaken'] as const;

/**
 * The counts of disjoint sets of dates, or of sites, as one: each date's figures summed over the parts (a Tokyo site's
 * and a New York site's Monday are one Monday), each desk's and each notice's counts summed.
 */
export function mergeAnalyticsCounts(parts: readonly AnalyticsCounts[]): AnalyticsCounts {
  const days = new Map<string, AnalyticsDayInput>();
  const desks = new Map<string, { bookedSlots: number; bookedDates: string[] }>();
  const leads = new Map<number, number>();
  for (const part of parts) {
    for (const day of part.days) {
      const sum = days.get(day.date);
      if (!sum) days.set(day.date, { ...day });
      else {
        for (const figure of dayFigures) sum[figure] += day[figure];
        for (const figure of releaseFigures) {
          if (day[figure] !== undefined) sum[figure] = (sum[figure] ?? 0) + day[figure];
        }
      }
    }
    for (const use of part.deskUse) {
      const sum = desks.get(use.deskId) ?? { bookedSlots: 0, bookedDates: [] };
      sum.bookedSlots += use.bookedSlots;
      sum.bookedDates.push(...use.bookedDates);
      desks.set(use.deskId, sum);
    }
    for (const lead of part.leadDays) leads.set(lead.days, (leads.get(lead.days) ?? 0) + lead.bookings);
  }
  return {
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
    deskUse: [...desks].map(([deskId, sum]) => ({ deskId, ...sum })),
    leadDays: [...leads].map(([days, bookings]) => ({ days, bookings })),
  };
}

// One collator: localeCompare with options builds one per call, which took most of a 500-desk answer's time.
const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.min(1, part / whole));

function median(counts: readonly { days: number; bookings: number }[]): number | null {
  const sorted = [...counts].filter((item) => item.bookings > 0).sort((a, b) => a.days - b.days);
  const total = sorted.reduce((sum, item) => sum + item.bookings, 0);
  if (total === 0) return null;
  // The middle booking, or the mean of the two middle ones.
  const at = (index: number) => {
    let seen = 0;
    for (const item of sorted) {
      seen += item.bookings;
      if (index < seen) return item.days;
    }
    return sorted.at(-1)?.days ?? 0;
  };
  return total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
}

/** Whether a desk existed on a date. */
const existsOn = (desk: AnalyticsDeskInput, date: string) =>
  desk.from <= date && (desk.until === null || date <= desk.until);

/** Whether a desk was out of service on a date. */
const outOfServiceOn = (desk: AnalyticsDeskInput, date: string) =>
  desk.outOfService.some((period) => period.from <= date && (period.until === null || date < period.until));

/** The zone the dates of the sites are in: theirs when they share one, else null (each site's own dates). */
export function analyticsZone(sites: readonly Pick<AnalyticsSiteInput, 'timeZone'>[]): string | null {
  const zones = new Set(sites.map((site) => site.timeZone));
  return zones.size === 1 ? (sites[0]?.timeZone ?? null) : null;
}

/**
 * What a read counts: the floors and desks of one site or floor (or all), and the sites they are on. Without a site
 * or floor, the sites that have (or had) desks: a site without any adds no dates of its own; when none has, all.
 */
export function selectAnalyticsPlaces<Site extends { id: string }>(
  places: { floors: readonly AnalyticsFloorInput[]; desks: readonly AnalyticsDeskInput[] },
  sites: readonly Site[],
  selection: { siteId: string | null; floorId: string | null },
): { floors: AnalyticsFloorInput[]; desks: AnalyticsDeskInput[]; sites: Site[] } {
  const { siteId, floorId } = selection;
  const chosen = (place: { siteId: string }, placeFloorId: string) =>
    (siteId === null || place.siteId === siteId) && (floorId === null || placeFloorId === floorId);
  const floors = places.floors.filter((floor) => chosen(floor, floor.id));
  const desks = places.desks.filter((desk) => chosen(desk, desk.floorId));
  const siteIds = new Set<string>(desks.map((desk) => desk.siteId));
  if (siteId !== null) return { floors, desks, sites: sites.filter((site) => site.id === siteId) };
  if (floorId !== null) {
    for (const floor of floors) siteIds.add(floor.siteId);
    return { floors, desks, sites: sites.filter((site) => siteIds.has(site.id)) };
  }
  const withDesks = sites.filter((site) => siteIds.has(site.id));
  return { floors, desks, sites: withDesks.length > 0 ? withDesks : [...sites] };
}

/** The figures the Analytics screen and its CSV show, from what the server counted. */
export function buildAnalytics(input: AnalyticsInput): Analytics {
  const calendars = analyticsDatesBySite(input.startDate, input.endDate, input.sites, input.includeWeekends);
  const dates = calendars.all;
  const useByDesk = new Map(input.deskUse.map((use) => [use.deskId, use]));
  const dayInput = new Map(input.days.map((day) => [day.date, day]));

  // Desks per day and days per desk: a desk counts on a date of its site's it existed on, when in service or holding
  // a booking. A desk always in service that existed all along (most of them) counts on every date of its site,
  // which is added up once per site.
  const desksOn = new Map(dates.map((date) => [date, 0]));
  const everyDay = new Map<string, number>();
  const desks = input.desks.map((desk) => {
    const use = useByDesk.get(desk.id);
    const siteDates = calendars.bySite.get(desk.siteId) ?? [];
    const first = siteDates[0];
    const last = siteDates.at(-1);
    let days = 0;
    if (
      first !== undefined &&
      last !== undefined &&
      desk.outOfService.length === 0 &&
      desk.from <= first &&
      (desk.until ?? last) >= last
    ) {
      everyDay.set(desk.siteId, (everyDay.get(desk.siteId) ?? 0) + 1);
      days = siteDates.length;
    } else {
      const booked = new Set(use?.bookedDates ?? []);
      for (const date of siteDates) {
        if (!existsOn(desk, date) || (outOfServiceOn(desk, date) && !booked.has(date))) continue;
        days += 1;
        desksOn.set(date, (desksOn.get(date) ?? 0) + 1);
      }
    }
    const bookedSlots = use?.bookedSlots ?? 0;
    return {
      deskId: desk.id,
      name: desk.name,
      floorId: desk.floorId,
      floorName: desk.floorName,
      bookedSlots,
      days,
      utilization: share(bookedSlots, 2 * days),
      isDeleted: desk.until !== null,
    };
  });
  for (const [siteId, count] of everyDay) {
    for (const date of calendars.bySite.get(siteId) ?? []) desksOn.set(date, (desksOn.get(date) ?? 0) + count);
  }

  const days: AnalyticsDay[] = dates.map((date) => {
    const counted = dayInput.get(date);
    const deskCount = desksOn.get(date) ?? 0;
    const bookedSlots = counted?.bookedSlots ?? 0;
    return {
      date,
      desks: deskCount,
      bookedSlots,
      utilization: share(bookedSlots, 2 * deskCount),
      people: counted?.people ?? 0,
      checkedIn: counted?.checkedIn ?? 0,
      noShows: counted?.noShows ?? 0,
      walkIns: counted?.walkIns ?? 0,
      cancellations: counted?.cancellations ?? 0,
      releasedDays: counted?.releasedDays ?? 0,
      releasedTaken: counted?.releasedTaken ?? 0,
    };
  });

  const total = (key: Exclude<keyof AnalyticsDay, 'date' | 'utilization'>, list: readonly AnalyticsDay[] = days) =>
    list.reduce((sum, day) => sum + day[key], 0);

  let peakDay: { date: string; utilization: number } | null = null;
  for (const day of days) {
    // A range without one booked half day has no peak to name.
    if (day.utilization > 0 && (peakDay === null || day.utilization > peakDay.utilization)) {
      peakDay = { date: day.date, utilization: day.utilization };
    }
  }

  const weekdays: Analytics['weekdays'] = [];
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    const ofWeekday = days.filter((day) => isoWeekday(day.date) === weekday);
    if (ofWeekday.length === 0) continue;
    weekdays.push({
      weekday,
      name: weekdayNames[weekday - 1] ?? 'Monday',
      days: ofWeekday.length,
      utilization: share(total('bookedSlots', ofWeekday), 2 * total('desks', ofWeekday)),
      people: total('people', ofWeekday) / ofWeekday.length,
    });
  }

  const liveDesksByFloor = new Map<string, number>();
  for (const desk of input.desks) {
    if (!desk.until) liveDesksByFloor.set(desk.floorId, (liveDesksByFloor.get(desk.floorId) ?? 0) + 1);
  }
  const floors = input.floors
    .map((floor) => {
      const ofFloor = desks.filter((desk) => desk.floorId === floor.id);
      const bookedSlots = ofFloor.reduce((sum, desk) => sum + desk.bookedSlots, 0);
      const deskDays = ofFloor.reduce((sum, desk) => sum + desk.days, 0);
      return {
        floorId: floor.id,
        name: floor.name,
        desks: floor.isDeleted ? 0 : (liveDesksByFloor.get(floor.id) ?? 0),
        bookedSlots,
        utilization: share(bookedSlots, 2 * deskDays),
        isDeleted: floor.isDeleted,
      };
    })
    // A deleted floor is shown only when its desks were used in the range.
    .filter((floor) => !floor.isDeleted || floor.bookedSlots > 0);

  const leadTimes = leadTimeBuckets.map((bucket) => ({
    bucket: bucket.key,
    label: bucket.label,
    bookings: input.leadDays
      .filter((item) => leadTimeBucket(item.days) === bucket.key)
      .reduce((sum, item) => sum + item.bookings, 0),
  }));

  const checkedIn = total('checkedIn');
  const noShows = total('noShows');
  return {
    startDate: input.startDate,
    endDate: input.endDate,
    siteId: input.siteId,
    floorId: input.floorId,
    includeWeekends: input.includeWeekends,
    timeZone: analyticsZone(input.sites),
    checkInRequired: input.checkInRequired,
    summary: {
      utilization: share(total('bookedSlots'), 2 * total('desks')),
      peakDay,
      people: days.length === 0 ? 0 : total('people') / days.length,
      bookedSlots: total('bookedSlots'),
      checkedIn,
      noShows,
      walkIns: total('walkIns'),
      cancellations: total('cancellations'),
      releasedDays: total('releasedDays'),
      releasedTaken: total('releasedTaken'),
      noShowRate: checkedIn + noShows === 0 ? null : noShows / (checkedIn + noShows),
      medianLeadDays: median(input.leadDays),
    },
    days,
    weekdays,
    floors,
    // Deleted desks that held nothing in the range say nothing: left out. By floor, then name (D2 before D10).
    desks: desks
      .filter((desk) => !desk.isDeleted || desk.bookedSlots > 0)
      .sort((a, b) => byName(a.floorName, b.floorName) || byName(a.name, b.name) || a.deskId.localeCompare(b.deskId)),
    leadTimes,
  };
}
