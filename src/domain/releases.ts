import { displayName } from './account.ts';
import { addDays, isIsoDate } from './dates.ts';
import { latestBookingDate } from './horizon.ts';
import { z } from './zod.ts';

// Assigned desks that free up (issue 29, decision 029). A permanent booking made for a person is their assigned desk;
// they (or an admin) release whole days of it ("I'm out 2–6 December"), on which others may book the desk, and take a
// release back while nobody has booked its days. The database keeps the guarantee (migration 0027); these are the
// rules both sides say first: which days a release covers, whether a date is released, and what may be released.

export { isDateReleased, type ReleasedDays } from './bookings.ts';

/** The longest release, both ends counted: a year. */
export const maxReleaseDays = 366;

export const releaseMessages = {
  startDate: 'Start date must be a date such as 2026-12-02',
  endDate: 'End date must be a date such as 2026-12-06',
  order: 'The last day must not be before the first',
  tooLong: `A release covers at most ${maxReleaseDays} days`,
  past: 'Days already past cannot be released',
  beforeAssignment: (date: string) => `The desk is assigned from ${formatDay(date, true)}: release days from then on`,
  tooFarAhead: (latest: string) => `Days can be released at most until ${formatDay(latest, true)}`,
  overlaps: (other: { startDate: string; endDate: string }) =>
    `The desk is already released ${formatDayRange(other.startDate, other.endDate)}: take that back first, or choose other days`,
  notAssigned: 'Only an assigned desk (a permanent booking made for a person) can be released.',
  notYours: 'Only the person the desk is assigned to, or an admin, can release its days.',
  over: 'Those days are past: the release can no longer be taken back.',
  /** The 409 of a take-back that a booking of one of its days refuses. */
  taken: (deskName: string, date: string) =>
    `Someone has booked ${deskName} on ${formatDay(date)}: that day can't be taken back.`,
} as const;

const dateField = (message: string) =>
  z.string({ error: message }).refine((value) => isIsoDate(value) && value >= '1900-01-01', message);

/** POST /api/bookings/{id}/releases */
export const createReleaseSchema = z
  .strictObject({ startDate: dateField(releaseMessages.startDate), endDate: dateField(releaseMessages.endDate) })
  .superRefine((range, context) => {
    if (range.endDate < range.startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: releaseMessages.order });
    } else if (daysIn(range) > maxReleaseDays) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: releaseMessages.tooLong });
    }
  });
export type CreateReleaseInput = z.infer<typeof createReleaseSchema>;

/** A release as the API answers it, with the dates of it that someone else has booked (they block taking it back). */
export const releaseSchema = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  takenDates: z.array(z.string()),
});
export type ReleaseView = z.infer<typeof releaseSchema>;

/** Days from start to end, both counted. */
export function daysIn(range: { startDate: string; endDate: string }): number {
  return (
    Math.round((Date.parse(`${range.endDate}T00:00:00Z`) - Date.parse(`${range.startDate}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** Every date a release covers, in order (a release is at most maxReleaseDays long). */
export function releaseDates(range: { startDate: string; endDate: string }): string[] {
  const dates: string[] = [];
  for (let date = range.startDate; date <= range.endDate && dates.length < maxReleaseDays; date = addDays(date, 1)) {
    dates.push(date);
  }
  return dates;
}

/**
 * Why these days cannot be released from a permanent booking starting on `bookingDate`, on the desk's site's `today`,
 * beside the booking's other releases; undefined when they can. The order, length and shape are the schema's.
 */
export function releaseProblem(
  range: { startDate: string; endDate: string },
  place: { today: string; bookingDate: string; releases: readonly { startDate: string; endDate: string }[] },
): string | undefined {
  if (range.startDate < place.today) return releaseMessages.past;
  if (range.startDate < place.bookingDate) return releaseMessages.beforeAssignment(place.bookingDate);
  const latest = latestBookingDate(place.today);
  if (range.endDate > latest) return releaseMessages.tooFarAhead(latest);
  const other = place.releases.find(
    (release) => release.startDate <= range.endDate && range.startDate <= release.endDate,
  );
  return other ? releaseMessages.overlaps(other) : undefined;
}

/**
 * What taking a release back on the site's `today` does: its days from today on return to the owner. One that has not
 * begun goes; one under way keeps its past days (history, which analytics counts) and ends yesterday; one over stays.
 */
export type TakeBack = { kind: 'delete' } | { kind: 'shorten'; endDate: string } | { kind: 'over' };

export function takeBackOn(release: { startDate: string; endDate: string }, today: string): TakeBack {
  if (release.endDate < today) return { kind: 'over' };
  if (release.startDate >= today) return { kind: 'delete' };
  return { kind: 'shorten', endDate: addDays(today, -1) };
}

/** The days a take-back returns (from today on): those of them someone booked refuse it. */
export function takenBackDates(release: { startDate: string; endDate: string }, today: string): string[] {
  return releaseDates({ startDate: release.startDate < today ? today : release.startDate, endDate: release.endDate });
}

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });

/** "3 December", or with the year "3 December 2026". */
export function formatDay(date: string, withYear = false): string {
  const [year, , day] = date.split('-');
  const month = monthName.format(new Date(`${date}T00:00:00Z`));
  return `${Number(day)} ${month}${withYear ? ` ${year}` : ''}`;
}

/** "2–6 December", "30 November – 2 December", "3 December", "30 December 2026 – 2 January 2027". */
export function formatDayRange(startDate: string, endDate: string): string {
  if (startDate === endDate) return formatDay(startDate);
  const sameYear = startDate.slice(0, 4) === endDate.slice(0, 4);
  if (!sameYear) return `${formatDay(startDate, true)} – ${formatDay(endDate, true)}`;
  if (startDate.slice(0, 7) === endDate.slice(0, 7)) return `${Number(startDate.slice(8))}–${formatDay(endDate)}`;
  return `${formatDay(startDate)} – ${formatDay(endDate)}`;
}

/**
 * What members read on an assigned desk: "Assigned to Dana Scully" (someone who gave no name, by their address's
 * first part, as everywhere a booker is named), or "Assigned" when the booking carries no person (the organization
 * hides names, issue 29's privacy setting).
 */
export function assignedLabel(user: Parameters<typeof displayName>[0] | null | undefined): string {
  return user ? `Assigned to ${displayName(user)}` : 'Assigned';
}

/** An assigned desk on a day its owner released: "Assigned to Dana Scully, released this day". */
export function releasedDayLabel(label: string): string {
  return `${label}, released this day`;
}

/** Whether the booking is an assigned desk that `person` may release: its owner, or an admin of its organization. */
export function canReleaseDays(
  booking: { isAssigned: boolean; isPermanent: boolean; status: string; userId: string },
  person: { userId: string; isAdmin: boolean },
): boolean {
  return (
    booking.isAssigned &&
    booking.isPermanent &&
    booking.status === 'active' &&
    (person.isAdmin || booking.userId === person.userId)
  );
}
