import { slotLabel, type TimeSlot } from './bookings.ts';
import { bookingEventUid, type CalendarEvent, type WeekdayCode } from './calendar.ts';
import { addDays } from './dates.ts';
import { defaultWorkingDays, isWorkingDay, slotInstants } from './sites.ts';
import { z } from './zod.ts';

// A person's calendar feed (issue 16): a secret address that calendar programs subscribe to, answering the person's
// bookings in every organization they belong to as iCalendar. The token in the address is the only authorization.

/** POST /api/user/calendar-feed: the new address, shown once (only its digest is kept). */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET /api/user/calendar-feed: whether the person has an address, and since when; never the address itself. */
export const calendarFeedStatusSchema = z.object({ exists: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** The feed shows bookings from this many days before their desk's site's today on. */
export const feedDaysBack = 30;
/** How often calendar programs are asked to read the feed again. */
export const feedRefreshMinutes = 60;
export const feedCalendarName = 'Perch desk bookings';

/** A feed token: 32 random bytes in base64url. */
const feedTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function feedPath(token: string): string {
  return `/api/calendar-feed/${token}.ics`;
}

/** The token of a feed address's last segment ('<token>.ics', or the bare token), or null when it cannot be one. */
export function feedTokenOf(segment: string): string | null {
  const token = segment.endsWith('.ics') ? segment.slice(0, -4) : segment;
  return feedTokenPattern.test(token) ? token : null;
}

/** The address calendar programs open on a click: webcal:// in place of http(s)://. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}

/** What the feed knows of one booking. */
export interface FeedBooking {
  id: string;
  organizationName: string;
  /** The desk's site's zone, office hours ('HH:MM') and working days (issue 28). */
  timeZone: string;
  dayStart: string;
  midday: string;
  dayEnd: string;
  workingDays: readonly number[];
  deskName: string;
  floorName: string;
  bookingDate: string;
  timeSlot: TimeSlot;
  status: 'active' | 'cancelled';
  isPermanent: boolean;
  notes: string | null;
  createdAt: Date;
  cancelledAt: Date | null;
  /** Set when the release job ended it: nobody checked in. */
  releasedAt: Date | null;
}

const weekdayCodes: readonly WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** The RFC 5545 days of a site's working days (ISO weekdays), Monday first. */
export function workingDayCodes(workingDays: readonly number[]): WeekdayCode[] {
  const days = workingDays.length > 0 ? workingDays : defaultWorkingDays;
  return weekdayCodes.filter((_code, index) => days.includes(index + 1));
}

function firstWorkingDayFrom(date: string, workingDays: readonly number[]): string {
  const clock = { workingDays: workingDays.length > 0 ? workingDays : defaultWorkingDays };
  let day = date;
  for (let tries = 0; tries < 7 && !isWorkingDay(clock, day); tries += 1) day = addDays(day, 1);
  return day;
}

/**
 * The booking's event in the feed. Its UID is the confirmation mail's, so an imported invite and the feed name the
 * same event; SEQUENCE is 0 while the booking stands and 1 once it was cancelled or released (as the cancellation
 * and release mails send), and a cancelled or released booking stays in the feed marked CANCELLED.
 *
 * A permanent booking holds its desk every day from its date on, with no end. Rather than an event per day (a feed
 * that grows without bound) or a single first day (as the confirmation mail shows it), it is one event repeating on
 * every working day of its desk's site from its first one, in the site's time zone, so that its hours stay the
 * slot's local hours across the clock changes. Every event is written in its desk's site's zone (issue 28): a feed of
 * bookings at several sites carries one VTIMEZONE per zone.
 */
export function feedEvent(booking: FeedBooking, host: string): CalendarEvent {
  const date = booking.isPermanent
    ? firstWorkingDayFrom(booking.bookingDate, booking.workingDays)
    : booking.bookingDate;
  const { startsAt, endsAt } = slotInstants(booking, date, booking.timeSlot);
  const ended = booking.status !== 'active';
  const state = booking.releasedAt ? 'Released: ' : ended ? 'Cancelled: ' : '';
  const notes = booking.notes ? `\nNotes: ${booking.notes}` : '';
  const permanent = booking.isPermanent
    ? '\nA permanent booking: the desk stays yours every day until it is cancelled.'
    : '';
  const released = booking.releasedAt ? '\nReleased because nobody checked in.' : '';
  return {
    uid: bookingEventUid(booking.id, host),
    start: startsAt,
    end: endsAt,
    timeZone: booking.timeZone,
    summary: `${state}Desk ${booking.deskName} (${slotLabel(booking.timeSlot)})`,
    description: `Desk ${booking.deskName} on ${booking.floorName}, ${booking.organizationName}.${notes}${permanent}${released}`,
    location: `${booking.deskName}, ${booking.floorName}, ${booking.organizationName}`,
    status: ended ? 'CANCELLED' : 'CONFIRMED',
    sequence: ended ? 1 : 0,
    lastModified: booking.releasedAt ?? booking.cancelledAt ?? booking.createdAt,
    ...(booking.isPermanent
      ? { repeat: { timeZone: booking.timeZone, byDay: workingDayCodes(booking.workingDays) } }
      : {}),
  };
}
