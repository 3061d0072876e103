import { isoWeekday } from './analytics-dates.ts';
import { slotLabel, type TimeSlot } from './bookings.ts';
import { zonedTimeToUtc, zoneOffsetAt } from './calendar.ts';
import { formatLongDate, todayIn } from './dates.ts';
import { idSchema } from './ids.ts';
import { isTimeZone, organizationMessages } from './organization.ts';
import { hasNoControlCharacters } from './text.ts';
import { z } from './zod.ts';

// Sites (issue 28): an organization's offices, each with its own time zone, office hours and working days. Every clock
// rule follows the site of the desk: its "today", its slots' real times, its check-in windows, its working days.
// A booking keeps its date and slot; its instants are the site's hours on that date in the site's zone, so a change of
// zone or hours moves the times and never the bookings. The database's double-booking constraint compares slots of one
// desk, all on one site's clock, so it needs no hours (migration 0004's `occupied` is the slot's place in its day).

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface OfficeHours {
  /** 'HH:MM' on the site's wall clock: the morning runs from dayStart to midday, the afternoon from midday to dayEnd. */
  dayStart: string;
  midday: string;
  dayEnd: string;
}

/** What every clock rule needs of a site. */
export interface SiteClock extends OfficeHours {
  timeZone: string;
  /** ISO weekdays people come in on. */
  workingDays: readonly number[];
}

export const defaultOfficeHours: OfficeHours = { dayStart: '09:00', midday: '13:00', dayEnd: '18:00' };
export const defaultWorkingDays: readonly number[] = [1, 2, 3, 4, 5];

/** A site with the default hours and working days in a zone: what an organization without sites has. */
export function defaultSiteClock(timeZone: string): SiteClock {
  return { timeZone, ...defaultOfficeHours, workingDays: defaultWorkingDays };
}

/** A slot's wall-clock times at a site: the full day is dayStart–dayEnd, the morning dayStart–midday. */
export function slotHours(hours: OfficeHours, slot: TimeSlot): { start: string; end: string } {
  if (slot === 'morning') return { start: hours.dayStart, end: hours.midday };
  if (slot === 'afternoon') return { start: hours.midday, end: hours.dayEnd };
  return { start: hours.dayStart, end: hours.dayEnd };
}

/** The instants a slot on a date begins and ends at a site, daylight saving included. */
export function slotInstants(clock: SiteClock, date: string, slot: TimeSlot): { startsAt: Date; endsAt: Date } {
  const { start, end } = slotHours(clock, slot);
  return { startsAt: zonedTimeToUtc(date, start, clock.timeZone), endsAt: zonedTimeToUtc(date, end, clock.timeZone) };
}

/** The wall clock of a zone at an instant: its date and 'HH:MM'. */
export function localClock(instant: Date, timeZone: string): { date: string; time: string } {
  const local = new Date(instant.getTime() + zoneOffsetAt(instant.getTime(), timeZone)).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

export function isWorkingDay(clock: Pick<SiteClock, 'workingDays'>, date: string): boolean {
  return clock.workingDays.includes(isoWeekday(date));
}

/** The next `count` working days from `from` on (itself included when it is one), at most a year ahead. */
export function workingDaysFrom(clock: Pick<SiteClock, 'workingDays'>, from: string, count: number): string[] {
  const days: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  for (let offset = 0; days.length < count && offset < 366; offset += 1) {
    const date = new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
    if (isWorkingDay(clock, date)) days.push(date);
  }
  return days;
}

/** "Tokyo" for Asia/Tokyo, "New York" for America/New_York, "UTC" for UTC: how people name a zone. */
export function zonePlaceName(timeZone: string): string {
  return (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');
}

/**
 * A time of a site for someone whose own zone may differ: "09:00" when both clocks agree at that instant, else
 * "09:00 Tokyo time, 01:00 your time" (with the viewer's date when it is another day: "01:00 your time on Monday").
 */
export function timeForViewer(instant: Date, siteZone: string, viewerZone: string | null | undefined): string {
  const site = localClock(instant, siteZone);
  if (!viewerZone || viewerZone === siteZone) return site.time;
  const viewer = localClock(instant, viewerZone);
  if (viewer.time === site.time && viewer.date === site.date) return site.time;
  const day = viewer.date === site.date ? '' : ` on ${weekdayNames[isoWeekday(viewer.date) - 1]}`;
  return `${site.time} ${zonePlaceName(siteZone)} time, ${viewer.time} your time${day}`;
}

/** "morning (09:00–13:00)", with the viewer's times beside the site's when their clocks differ. */
export function slotForViewer(clock: SiteClock, date: string, slot: TimeSlot, viewerZone?: string | null): string {
  const { start, end } = slotHours(clock, slot);
  const { startsAt, endsAt } = slotInstants(clock, date, slot);
  const viewerStart = viewerZone ? localClock(startsAt, viewerZone) : undefined;
  const viewerEnd = viewerZone ? localClock(endsAt, viewerZone) : undefined;
  const own = `${slotLabel(slot)} (${start}–${end}`;
  if (!viewerZone || viewerZone === clock.timeZone || (viewerStart?.time === start && viewerEnd?.time === end)) {
    return `${own})`;
  }
  return `${own} ${zonePlaceName(clock.timeZone)} time, ${viewerStart?.time}–${viewerEnd?.time} your time)`;
}

/** The site's today, as todayIn. */
export function siteToday(clock: Pick<SiteClock, 'timeZone'>, now: Date = new Date()): string {
  return todayIn(clock.timeZone, now);
}

/** The most sites an organization may have: more offices than any company keeps, few enough for every picker. */
export const maxSitesPerOrganization = 100;

export const siteMessages = {
  nameRequired: 'Site name is required',
  nameTooLong: 'Site name must be at most 100 characters',
  nameCharacters: 'Site name contains characters that are not allowed',
  addressTooLong: 'Address must be at most 300 characters',
  timeFormat: 'Times must be written as HH:MM, such as 09:00',
  hoursOrder: 'The day must start before midday, and midday come before the end of the day',
  workingDaysRequired: 'Choose at least one working day',
  workingDaysInvalid: 'Working days are weekday numbers from 1 (Monday) to 7 (Sunday)',
  notFound: 'Site not found.',
  hasFloors: (name: string, floors: number) =>
    `${name} still has ${floors === 1 ? '1 floor' : `${floors} floors`}: move or delete ${floors === 1 ? 'it' : 'them'} before deleting the site.`,
  lastSite: 'An organization needs at least one site: add another before deleting this one.',
  tooMany: `An organization can have at most ${maxSitesPerOrganization} sites. Delete one before adding another.`,
  nonWorkingDay: (date: string, siteName: string) =>
    `${formatLongDate(date)} is not a working day at ${siteName}. Choose another date.`,
} as const;

const clockTime = z
  .string({ error: siteMessages.timeFormat })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, siteMessages.timeFormat);

const siteName = z
  .string({ error: siteMessages.nameRequired })
  .trim()
  .min(1, siteMessages.nameRequired)
  .max(100, siteMessages.nameTooLong)
  .refine(hasNoControlCharacters, siteMessages.nameCharacters);

const siteAddress = z
  .string()
  .trim()
  .max(300, siteMessages.addressTooLong)
  .refine(hasNoControlCharacters, 'Address contains characters that are not allowed')
  .transform((value) => (value === '' ? null : value))
  .nullable();

const workingDays = z
  .array(z.number({ error: siteMessages.workingDaysInvalid }).int(siteMessages.workingDaysInvalid), {
    error: siteMessages.workingDaysRequired,
  })
  .min(1, siteMessages.workingDaysRequired)
  .max(7, siteMessages.workingDaysInvalid)
  .refine((days) => days.every((day) => day >= 1 && day <= 7), siteMessages.workingDaysInvalid)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

const siteFields = {
  name: siteName,
  address: siteAddress.optional(),
  timeZone: z.string({ error: organizationMessages.timeZone }).refine(isTimeZone, organizationMessages.timeZone),
  dayStart: clockTime,
  midday: clockTime,
  dayEnd: clockTime,
  workingDays,
};

function hoursInOrder(value: Partial<OfficeHours>): boolean {
  const { dayStart, midday, dayEnd } = value;
  return (
    dayStart === undefined || midday === undefined || dayEnd === undefined || (dayStart < midday && midday < dayEnd)
  );
}

/** POST /api/organizations/{id}/sites: a name and a zone; hours and working days default to 09:00–13:00–18:00, Mon–Fri. */
export const createSiteSchema = z
  .strictObject({
    ...siteFields,
    dayStart: clockTime.default(defaultOfficeHours.dayStart),
    midday: clockTime.default(defaultOfficeHours.midday),
    dayEnd: clockTime.default(defaultOfficeHours.dayEnd),
    workingDays: workingDays.default([...defaultWorkingDays]),
  })
  .refine(hoursInOrder, { message: siteMessages.hoursOrder, path: ['midday'] });
export type CreateSiteInput = z.input<typeof createSiteSchema>;

/** PUT /api/sites/{siteId}: any of the fields; the hours are checked together with those the site keeps. */
export const updateSiteSchema = z
  .strictObject({
    name: siteFields.name.optional(),
    address: siteFields.address,
    timeZone: siteFields.timeZone.optional(),
    dayStart: clockTime.optional(),
    midday: clockTime.optional(),
    dayEnd: clockTime.optional(),
    workingDays: workingDays.optional(),
  })
  .refine(hoursInOrder, { message: siteMessages.hoursOrder, path: ['midday'] });
export type UpdateSiteInput = z.input<typeof updateSiteSchema>;

/** A site as GET /api/organizations/{id}/sites answers it, in creation order (the first is the organization's own). */
export const siteSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  timeZone: z.string(),
  dayStart: z.string(),
  midday: z.string(),
  dayEnd: z.string(),
  workingDays: z.array(z.number().int()),
  floorCount: z.number().int(),
  createdAt: z.string(),
});
export type SiteView = z.infer<typeof siteSchema>;

/** GET /api/sites/{siteId}/change-consequences: what a change of zone or hours moves (the confirmation says it). */
export const siteChangeConsequencesSchema = z.object({
  upcomingBookings: z.number().int(),
  people: z.number().int(),
});
export type SiteChangeConsequences = z.infer<typeof siteChangeConsequencesSchema>;

/** PUT /api/organizations/{id}/home-site: the site the dashboard opens on for the caller. */
// Any id goes on to the service: a non-uuid answers 404 'Site not found.' as an unknown or another tenant's one does.
export const homeSiteSchema = z.strictObject({ siteId: idSchema });

/** Whether a change moves the real times of the site's bookings (its zone or its hours), so its owners are told. */
export function movesBookingTimes(before: SiteClock, after: SiteClock): boolean {
  return (
    before.timeZone !== after.timeZone ||
    before.dayStart !== after.dayStart ||
    before.midday !== after.midday ||
    before.dayEnd !== after.dayEnd
  );
}

/** "Monday to Friday", "Monday, Wednesday and Friday", "Every day". */
export function describeWorkingDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return 'Every day';
  const isRun = sorted.length > 2 && sorted.every((day, index) => index === 0 || day === (sorted[index - 1] ?? 0) + 1);
  const names = sorted.map((day) => weekdayNames[day - 1] ?? String(day));
  if (isRun) return `${names[0]} to ${names.at(-1)}`;
  if (names.length <= 1) return names[0] ?? 'No days';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** DELETE /api/sites/{siteId}. */
export const siteDeletedSchema = z.object({ message: z.string() });
export type SiteDeleted = z.infer<typeof siteDeletedSchema>;

/** The bookings listed in the mail that tells an owner their times changed; the rest are counted ("and 3 more"). */
export const maxBookingsInTimesMail = 20;
