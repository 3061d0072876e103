import { slotLabel, type TimeSlot, timeSlots } from './bookings.ts';
import { formatClockTime } from './clock.ts';
import { addDays, formatLongDate } from './dates.ts';
import { localClock, type SiteClock, slotHours, slotInstants, timeForViewer, zonePlaceName } from './sites.ts';
import { z } from './zod.ts';

/** What the clock rules of check-in need of the desk's site: its zone and office hours. */
export type SiteHours = Pick<SiteClock, 'timeZone' | 'dayStart' | 'midday' | 'dayEnd'>;

// Check-in (issue 16): people confirm that they came, in a window around the start of their slot, on the clock of
// the desk's site (its zone and office hours, issue 28). A booking nobody checked in to by the window's close is
// released (a no-show) when the organization asks for it. The server judges a check-in with checkInRefusal and
// releases by releaseDue; the browser shows Check in while checkInWindowState is 'open'. Permanent bookings are desk
// blocks: they are never checked in nor released.

/** The window opens this long before the slot starts. */
export const checkInOpensBeforeMinutes = 30;
export const checkInGraceLimits = { min: 5, max: 240, default: 30 } as const;

export const checkInSettingsSchema = z.object({
  /** People check in to their bookings. */
  checkInRequired: z.boolean({ error: 'Check-in required must be on or off' }),
  /** The window closes this many minutes after the slot starts. */
  checkInGraceMinutes: z
    .number({ error: 'Minutes to check in must be a whole number' })
    .int('Minutes to check in must be a whole number')
    .min(checkInGraceLimits.min, `Minutes to check in must be at least ${checkInGraceLimits.min}`)
    .max(checkInGraceLimits.max, `Minutes to check in can be at most ${checkInGraceLimits.max}`),
  /** A booking not checked in when its window closes is released (only while check-in is required). */
  autoRelease: z.boolean({ error: 'Auto-release must be on or off' }),
});
export type CheckInSettings = z.infer<typeof checkInSettingsSchema>;

export const defaultCheckInSettings: CheckInSettings = {
  checkInRequired: false,
  checkInGraceMinutes: checkInGraceLimits.default,
  autoRelease: true,
};

/** POST /api/bookings/{bookingId}/check-in */
export const checkInResponseSchema = z.object({ checkedInAt: z.string() });
export type CheckInResponse = z.infer<typeof checkInResponseSchema>;

/** Why a booking that is no longer active ended: cancelled by someone, or released because nobody checked in. */
export const bookingEndReasons = ['cancelled', 'no-show'] as const;
export type BookingEndReason = (typeof bookingEndReasons)[number];

export interface CheckInWindow {
  opensAt: Date;
  closesAt: Date;
}

/** The window of a booking's slot on its date: from 30 minutes before the slot's start to `grace` minutes after it. */
export function checkInWindow(
  booking: { bookingDate: string; timeSlot: TimeSlot },
  site: SiteHours,
  graceMinutes: number,
): CheckInWindow {
  const start = slotInstants({ ...site, workingDays: [] }, booking.bookingDate, booking.timeSlot).startsAt.getTime();
  return {
    opensAt: new Date(start - checkInOpensBeforeMinutes * 60_000),
    closesAt: new Date(start + graceMinutes * 60_000),
  };
}

export type CheckInWindowState = 'not-yet' | 'open' | 'closed';

/** The window includes its opening instant and excludes its closing one (the release happens at the close). */
export function checkInWindowState(window: CheckInWindow, now: Date): CheckInWindowState {
  if (now.getTime() < window.opensAt.getTime()) return 'not-yet';
  return now.getTime() < window.closesAt.getTime() ? 'open' : 'closed';
}

export { localClock };

/**
 * "8:30 AM", "8:30 AM tomorrow" or "8:30 AM on Friday, 27 November 2026", from the site's today. For a reader whose
 * own zone (`viewerZone`, their home site's) shows another time: "8:30 AM tomorrow Tokyo time (12:30 AM your time)".
 */
function whenLocal(instant: Date, timeZone: string, today: string, viewerZone?: string | null): string {
  const { date, time } = localClock(instant, timeZone);
  const day = date === today ? '' : date === addDays(today, 1) ? ' tomorrow' : ` on ${formatLongDate(date)}`;
  const viewer = viewerZone && viewerZone !== timeZone ? localClock(instant, viewerZone) : undefined;
  if (!viewer || (viewer.time === time && viewer.date === date)) return `${formatClockTime(time)}${day}`;
  return `${formatClockTime(time)}${day} ${zonePlaceName(timeZone)} time (${formatClockTime(viewer.time)} your time)`;
}

export const checkInMessages = {
  opensAt: (when: string) => `Check-in opens at ${when}, 30 minutes before your booking starts`,
  closedAt: (when: string) => `Check-in closed at ${when}`,
  permanent: 'Permanent bookings need no check-in',
  cancelled: 'This booking was cancelled',
  released: (when: string) => `This booking was released at ${when} because nobody checked in`,
  notRequired: 'This organization does not use check-in',
};

/** My Bookings' line, short enough for a phone: the booking's date is on the row already. */
export const checkInNoticeMessages = {
  opens: (time: string) => `Check-in required · opens ${time}`,
  openUntil: (time: string) => `Check-in required · open until ${time}`,
  closed: (time: string) => `Check-in closed at ${time}`,
};

/**
 * What My Bookings says of an active one-off booking of today or later in an organization that requires check-in:
 * when its window opens (on the booking's date, so the time alone), until when it is open, or that it closed.
 * Nothing once checked in, for a permanent booking, a past day's, or while the settings are unknown. The window is
 * checkInWindow's, the one the server checks in and releases by.
 */
export function checkInNotice(
  booking: {
    bookingDate: string;
    timeSlot: TimeSlot;
    status: 'active' | 'cancelled';
    isPermanent: boolean;
    checkedInAt: string | null;
  },
  settings: Pick<CheckInSettings, 'checkInRequired' | 'checkInGraceMinutes'> | undefined,
  site: SiteHours,
  now: Date,
): string | undefined {
  const { timeZone } = site;
  if (!settings?.checkInRequired || booking.status !== 'active' || booking.isPermanent || booking.checkedInAt) {
    return undefined;
  }
  if (booking.bookingDate < localClock(now, timeZone).date) return undefined;
  const window = checkInWindow(booking, site, settings.checkInGraceMinutes);
  const timeOf = (instant: Date) => formatClockTime(localClock(instant, timeZone).time);
  const state = checkInWindowState(window, now);
  if (state === 'not-yet') return checkInNoticeMessages.opens(timeOf(window.opensAt));
  if (state === 'open') return checkInNoticeMessages.openUntil(timeOf(window.closesAt));
  return checkInNoticeMessages.closed(timeOf(window.closesAt));
}

/** What the server knows of a booking when asked to check it in. */
export interface CheckInCandidate {
  bookingDate: string;
  timeSlot: TimeSlot;
  status: 'active' | 'cancelled';
  isPermanent: boolean;
  checkedInAt: Date | null;
  releasedAt: Date | null;
}

export interface CheckInRefusal {
  /** 409: the booking no longer holds its desk; 422: it does, but cannot be checked in now. */
  status: 409 | 422;
  message: string;
}

/**
 * Why the booking cannot be checked in at `now`, or null when it can (or already is: checking in twice answers the
 * first time). Its times are the site's, with the reader's own beside them when `viewerZone` shows others. Check-in works whether or not the organization requires it: the QR code at the desk offers it always.
 */
export function checkInRefusal(
  booking: CheckInCandidate,
  place: SiteHours & { graceMinutes: number },
  now: Date,
  viewerZone?: string | null,
): CheckInRefusal | null {
  const today = localClock(now, place.timeZone).date;
  const when = (instant: Date) => whenLocal(instant, place.timeZone, today, viewerZone);
  if (booking.releasedAt) {
    return { status: 409, message: checkInMessages.released(when(booking.releasedAt)) };
  }
  if (booking.status !== 'active') return { status: 409, message: checkInMessages.cancelled };
  if (booking.checkedInAt) return null;
  if (booking.isPermanent) return { status: 422, message: checkInMessages.permanent };
  const window = checkInWindow(booking, place, place.graceMinutes);
  const state = checkInWindowState(window, now);
  if (state === 'not-yet') {
    return { status: 422, message: checkInMessages.opensAt(when(window.opensAt)) };
  }
  if (state === 'closed') {
    return { status: 422, message: checkInMessages.closedAt(when(window.closesAt)) };
  }
  return null;
}

/** The organization's check-in as the release job reads it. */
export interface ReleasePolicy extends CheckInSettings, SiteHours {
  /** When check-in last became required: bookings whose window opened before it are not released. */
  checkInRequiredSince: Date | null;
}

/**
 * Whether the release job ends the booking at `now`: check-in required with auto-release, an active one-off
 * booking nobody checked in to, whose window opened after check-in became required and has closed.
 */
export function releaseDue(booking: Omit<CheckInCandidate, 'releasedAt'>, policy: ReleasePolicy, now: Date): boolean {
  if (!policy.checkInRequired || !policy.autoRelease || !policy.checkInRequiredSince) return false;
  if (booking.status !== 'active' || booking.isPermanent || booking.checkedInAt) return false;
  const window = checkInWindow(booking, policy, policy.checkInGraceMinutes);
  return window.opensAt >= policy.checkInRequiredSince && checkInWindowState(window, now) === 'closed';
}

/** What judging a new one-off booking against check-in needs (booking-rules.ts judges it with the other rules). */
export interface NewBookingCheckIn extends Pick<CheckInSettings, 'checkInRequired' | 'checkInGraceMinutes'>, SiteHours {
  /** The instant the booking is judged at (the zone and hours are the desk's site's). */
  now: Date;
  /** Made at the desk with Sit here: the insert that makes it checks it in, so it has no window to miss. */
  isWalkIn: boolean;
}

const slotOfToday: Record<TimeSlot, string> = {
  'full-day': 'the full day today',
  morning: 'this morning',
  afternoon: 'this afternoon',
};

export const missedCheckInMessages = {
  closed: (slot: TimeSlot, closedAt: string, instead: string) =>
    `Check-in for ${slotOfToday[slot]} closed at ${closedAt}: ${instead}`,
  laterSlots: (slots: readonly TimeSlot[]) => `book ${slots.map((slot) => slotOfToday[slot]).join(' or ')} instead`,
  laterDays: 'book tomorrow or later',
  sitHere: (person: string | null) =>
    `or ${person ? `${person} can use` : 'use'} Sit here at the desk to book and check in at once`,
};

/**
 * Why a one-off booking of today cannot be made at `now` when the organization requires check-in: its window has
 * closed, so nobody could ever check it in and the release job would end it at its next pass. The sentence says when
 * it closed and what is still open: a later slot of today whose window has not closed, or tomorrow, and Sit here
 * while the office day lasts. A walk-in is checked in as it is made. A date before today is the horizon's (past date).
 */
export function missedCheckIn(
  booking: { bookingDate: string; timeSlot: TimeSlot },
  checkIn: NewBookingCheckIn,
  personName: string | null,
): string | undefined {
  if (!checkIn.checkInRequired || checkIn.isWalkIn) return undefined;
  const { date: today, time } = localClock(checkIn.now, checkIn.timeZone);
  if (booking.bookingDate !== today) return undefined;
  const windowOf = (timeSlot: TimeSlot) =>
    checkInWindow({ bookingDate: today, timeSlot }, checkIn, checkIn.checkInGraceMinutes);
  const isClosed = (timeSlot: TimeSlot) => checkInWindowState(windowOf(timeSlot), checkIn.now) === 'closed';
  if (!isClosed(booking.timeSlot)) return undefined;
  const open = timeSlots.filter((slot) => !isClosed(slot));
  const instead = open.length > 0 ? missedCheckInMessages.laterSlots(open) : missedCheckInMessages.laterDays;
  const sitHere = walkInSlots(time, checkIn).length > 0 ? `, ${missedCheckInMessages.sitHere(personName)}` : '';
  return missedCheckInMessages.closed(
    booking.timeSlot,
    whenLocal(windowOf(booking.timeSlot).closesAt, checkIn.timeZone, today),
    instead + sitHere,
  );
}

/** The slots "Sit here" may book on the site's today at its local time: what is left of the office day. */
export function walkInSlots(localTime: string, hours: Pick<SiteHours, 'midday' | 'dayEnd'>): TimeSlot[] {
  if (localTime < hours.midday) return ['full-day', 'morning'];
  if (localTime < hours.dayEnd) return ['afternoon'];
  return [];
}

/** "the morning", "the afternoon", "the rest of the day": what a walk-in's slot means on the spot. */
export function walkInSlotLabel(slot: TimeSlot): string {
  return slot === 'full-day' ? 'the rest of the day' : `the ${slotLabel(slot)}`;
}

/**
 * How a mail of check-in (a reminder, a release) writes the times of desks' sites for its reader, whose own zone is
 * their home site's (issue 28). When every site of the mail keeps the reader's zone, times are the sites' wall clock
 * and one sentence names the zone ("Times are New York time."); otherwise every time says its zone and, where the
 * reader's clock shows another time, theirs beside it ("08:30 Tokyo time, 00:30 your time"): a mail never leaves a
 * reader in another zone to guess.
 */
export interface MailClock {
  /** A time of a site: "08:30", or "08:30 Tokyo time" / "08:30 Tokyo time, 00:30 your time" when zones differ. */
  time(instant: Date, siteZone: string): string;
  /** A time that stands alone (a subject line): always with its zone, "08:30 New York time". */
  zonedTime(instant: Date, siteZone: string): string;
  /** "morning (09:00–13:00)", or with its zone and the reader's times as `time` writes them. */
  slot(site: SiteHours, date: string, slot: TimeSlot): string;
  /** "Times are New York time." when the times are written without zone, else undefined. */
  note: string | undefined;
}

export function mailClock(siteZones: readonly string[], readerZone: string | null | undefined): MailClock {
  const reader = readerZone ?? siteZones[0] ?? 'UTC';
  const onReadersClock = siteZones.every((zone) => zone === reader);
  const zoned = (instant: Date, siteZone: string) => {
    const local = localClock(instant, siteZone).time;
    const both = timeForViewer(instant, siteZone, reader);
    return both === local ? `${local} ${zonePlaceName(siteZone)} time` : both;
  };
  return {
    time: (instant, siteZone) => (onReadersClock ? localClock(instant, siteZone).time : zoned(instant, siteZone)),
    zonedTime: zoned,
    slot: (site, date, slot) => {
      const { start, end } = slotHours(site, slot);
      if (onReadersClock) return `${slotLabel(slot)} (${start}–${end})`;
      const { startsAt, endsAt } = slotInstants({ ...site, workingDays: [] }, date, slot);
      const readerStart = localClock(startsAt, reader);
      const readerEnd = localClock(endsAt, reader);
      const place = `${zonePlaceName(site.timeZone)} time`;
      if (readerStart.time === start && readerEnd.time === end) return `${slotLabel(slot)} (${start}–${end} ${place})`;
      return `${slotLabel(slot)} (${start}–${end} ${place}, ${readerStart.time}–${readerEnd.time} your time)`;
    },
    note: onReadersClock ? `Times are ${zonePlaceName(reader)} time.` : undefined,
  };
}
