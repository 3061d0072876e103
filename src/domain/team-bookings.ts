import { bookingSchema } from './bookings-responses.ts';
import { localClock } from './check-in.ts';
import { isIsoDate } from './dates.ts';
import { isUuid } from './ids.ts';
import { z } from './zod.ts';

// Team Bookings at scale (issue 15): every booking of an organization, searched, filtered, sorted and paged on the
// server, and the same list as a CSV file. The range call GET /api/organizations/{id}/bookings stays as it was.

export const teamBookingStatusFilters = ['active', 'cancelled', 'all'] as const;
export type TeamBookingStatusFilter = (typeof teamBookingStatusFilters)[number];

/** Permanent bookings: only them, none of them, or both kinds. */
export const teamBookingPermanentFilters = ['both', 'only', 'exclude'] as const;
export type TeamBookingPermanentFilter = (typeof teamBookingPermanentFilters)[number];

/** Every order ends with the booking's date and id, so that equal names never swap places between pages. */
export const teamBookingSorts = ['date-asc', 'date-desc', 'person', 'desk'] as const;
export type TeamBookingSort = (typeof teamBookingSorts)[number];

export const teamBookingSortLabels: Record<TeamBookingSort, string> = {
  'date-asc': 'Earliest first',
  'date-desc': 'Latest first',
  person: 'Person',
  desk: 'Desk',
};
export const teamBookingStatusLabels: Record<TeamBookingStatusFilter, string> = {
  active: 'Active',
  cancelled: 'Cancelled',
  all: 'Active and cancelled',
};
export const teamBookingPermanentLabels: Record<TeamBookingPermanentFilter, string> = {
  both: 'All kinds',
  only: 'Permanent only',
  exclude: 'One-off only',
};

export const maxTeamBookingsPageSize = 200;
export const defaultTeamBookingsPageSize = 50;
export const maxTeamBookingsPage = 100_000;
export const maxSearchLength = 100;
/** Words of a search: each must be found in the person's name or e-mail, or in the desk's name. */
export const maxSearchWords = 5;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

const optionalDate = (name: string) =>
  z
    .string({ error: `${name} must be a date such as 2026-11-23` })
    .refine((value) => isIsoDate(value) && value >= '1900-01-01', `${name} must be a date such as 2026-11-23`)
    .optional();

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be ${min} to ${max.toLocaleString('en')}`)
    .max(max, `${name} must be ${min} to ${max.toLocaleString('en')}`);

/** The filters and order both the page and the CSV export take. */
const teamBookingsFilterShape = {
  /** Any part of a person's name or e-mail, or of a desk's name; case and accents are ignored. */
  q: z
    .string({ error: 'q must be text' })
    .max(maxSearchLength, `q must be at most ${maxSearchLength} characters`)
    .refine((value) => !controlCharacters.test(value), 'q contains characters that are not allowed')
    .refine((value) => searchWords(value).length <= maxSearchWords, `q must be at most ${maxSearchWords} words`)
    .optional(),
  floorId: z.string({ error: 'floorId must be a floor id' }).refine(isUuid, 'floorId must be a floor id').optional(),
  /** Bookings held on a date from `from` to `to`, both included: a permanent one from its date on. */
  from: optionalDate('from'),
  to: optionalDate('to'),
  status: z
    .enum(teamBookingStatusFilters, { error: `status must be one of ${teamBookingStatusFilters.join(', ')}` })
    .default('active'),
  permanent: z
    .enum(teamBookingPermanentFilters, {
      error: `permanent must be one of ${teamBookingPermanentFilters.join(', ')}`,
    })
    .default('both'),
  sort: z.enum(teamBookingSorts, { error: `sort must be one of ${teamBookingSorts.join(', ')}` }).default('date-asc'),
};

const checkDateOrder = (range: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) => {
  if (range.from && range.to && range.to < range.from) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  }
};

/**
 * GET /api/organizations/{id}/team-bookings, and GET /api/organizations/{id}/bookings.csv: the export takes the list's
 * whole query, so that a link made from any page of the list works, and exports every match whatever page it names.
 */
export const teamBookingsQuerySchema = z
  .strictObject({
    ...teamBookingsFilterShape,
    page: wholeNumber('page', 1, maxTeamBookingsPage).default(1),
    pageSize: wholeNumber('pageSize', 1, maxTeamBookingsPageSize).default(defaultTeamBookingsPageSize),
  })
  .superRefine(checkDateOrder);
export type TeamBookingsQuery = z.infer<typeof teamBookingsQuerySchema>;
/** The filters and order of a query, without its page: what the export applies. */
export type TeamBookingsFilter = Omit<TeamBookingsQuery, 'page' | 'pageSize'>;
export type TeamBookingsQueryInput = z.input<typeof teamBookingsQuerySchema>;

/** A booking as Team Bookings shows it: the booking view with when it was made and, if so, cancelled (ISO UTC). */
export const teamBookingSchema = bookingSchema.extend({
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
});
export type TeamBookingView = z.infer<typeof teamBookingSchema>;

export const teamBookingsPageSchema = z.object({
  items: z.array(teamBookingSchema),
  /** Every booking that matches, on all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TeamBookingsPage = z.infer<typeof teamBookingsPageSchema>;

/** The words of a search, as the server matches them. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '').trim().split(/\s+/).filter(Boolean);
}

/** '1–50 of 2,431', '0 of 0' for an empty list. */
export function pageRangeSummary(page: number, pageSize: number, shown: number, total: number): string {
  const format = (value: number) => value.toLocaleString('en');
  if (shown === 0) return `0 of ${format(total)}`;
  const first = (page - 1) * pageSize + 1;
  return `${format(first)}–${format(first + shown - 1)} of ${format(total)}`;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

// CSV (RFC 4180): fields in double quotes when they hold a quote, a comma or a line break, quotes doubled, lines
// ended by CRLF. A cell that a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return before
// one) starts with an apostrophe instead, so that a name such as '=HYPERLINK(...)' stays text (OWASP: CSV injection).

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** 'YYYY-MM-DD HH:MM' on the booking's site's wall clock: how a spreadsheet reads a local time. */
function localDateTime(instant: string | null, timeZone: string): string | null {
  if (!instant) return null;
  const { date, time } = localClock(new Date(instant), timeZone);
  return `${date} ${time}`;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * The export's columns, in order, and how each is read from a booking. Start and End are the desk's site's hours and
 * Checked in at its wall clock (issue 28: each booking its own site's, `timeZone` only for a booking without one);
 * Created at and Cancelled at stay UTC instants, as they always were. New columns go last (Time zone: the site's), so
 * that a sheet reading columns by position keeps working.
 */
export const teamBookingsCsvColumns: ReadonlyArray<
  readonly [string, (booking: TeamBookingView, timeZone: string) => string | null]
> = [
  ['Booking ID', (booking) => booking.id],
  ['Date', (booking) => booking.bookingDate],
  ['Slot', (booking) => booking.timeSlot],
  ['Start', (booking) => booking.startTime],
  ['End', (booking) => booking.endTime],
  ['Status', (booking) => booking.status],
  ['Permanent', (booking) => yesNo(booking.isPermanent)],
  ['Desk', (booking) => booking.desk.name],
  ['Floor', (booking) => booking.desk.floor.name],
  ['First name', (booking) => booking.user.firstName],
  ['Last name', (booking) => booking.user.lastName],
  ['Email', (booking) => booking.user.email],
  ['User ID', (booking) => booking.userId],
  ['Notes', (booking) => booking.notes],
  ['Created at', (booking) => booking.createdAt],
  ['Cancelled at', (booking) => booking.cancelledAt],
  ['Checked in at', (booking, timeZone) => localDateTime(booking.checkedInAt, booking.timeZone || timeZone)],
  ['Released', (booking) => yesNo(booking.endReason === 'no-show')],
  ['Walk-in', (booking) => yesNo(booking.isWalkIn)],
  ['Time zone', (booking, timeZone) => booking.timeZone || timeZone],
];

export const teamBookingsCsvHeader = csvLine(teamBookingsCsvColumns.map(([name]) => name));

/** One booking's line of the export; local times in its site's zone (`timeZone` for one without). */
export function teamBookingCsvLine(booking: TeamBookingView, timeZone: string): string {
  return csvLine(teamBookingsCsvColumns.map(([, read]) => read(booking, timeZone)));
}

/** The query string of a page or an export: only what differs from the defaults, in a fixed order. */
export function teamBookingsSearchParams(query: Partial<TeamBookingsQuery>): URLSearchParams {
  const params = new URLSearchParams();
  const q = query.q?.trim();
  if (q) params.set('q', q);
  if (query.floorId) params.set('floorId', query.floorId);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.status && query.status !== 'active') params.set('status', query.status);
  if (query.permanent && query.permanent !== 'both') params.set('permanent', query.permanent);
  if (query.sort && query.sort !== 'date-asc') params.set('sort', query.sort);
  if (query.page && query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize && query.pageSize !== defaultTeamBookingsPageSize) params.set('pageSize', String(query.pageSize));
  return params;
}
