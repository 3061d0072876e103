import { bookingMessages } from './bookings.ts';
import { todayIn } from './dates.ts';

/** How far from today a client may name a date: bookings up to 2 years ahead, reads 2 years either side. */
export const horizonYears = 2;

/** The same day `years` later (or earlier); 29 February becomes 28 February in a year without it. */
export function addYears(isoDate: string, years: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  const target = year + years;
  const lastDay = new Date(Date.UTC(target, month, 0)).getUTCDate();
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(target, 4)}-${pad(month)}-${pad(Math.min(day, lastDay))}`;
}

export const latestBookingDate = (today: string) => addYears(today, horizonYears);

export const horizonMessages = {
  tooFarAhead: (latest: string) => `Bookings can be made at most ${horizonYears} years ahead, until ${latest}`,
  outsideReadWindow: (earliest: string, latest: string) =>
    `Dates must lie within ${horizonYears} years of today, from ${earliest} to ${latest}`,
};

/** Why a date cannot be booked when the organization's date is `today`, or undefined when it can. */
export function bookingDateProblem(date: string, today: string): string | undefined {
  if (date < today) return bookingMessages.pastDate;
  const latest = latestBookingDate(today);
  if (date > latest) return horizonMessages.tooFarAhead(latest);
  return undefined;
}

/** The dates a client may read (availability, a range of bookings), both ends included. */
export interface ReadWindow {
  earliest: string;
  latest: string;
}

// The zones furthest behind and ahead of UTC: between them, every organization's today.
const earliestZone = 'Etc/GMT+12';
const latestZone = 'Pacific/Kiritimati';

/**
 * The read window wherever on Earth today is: two years either side, for the hot reads that do not look up the
 * organization's zone. It is at most a day wider than the organization's own window, and never narrower.
 */
export function readWindowAnywhere(now: Date = new Date()): ReadWindow {
  return {
    earliest: addYears(todayIn(earliestZone, now), -horizonYears),
    latest: addYears(todayIn(latestZone, now), horizonYears),
  };
}

/** Why a date cannot be read, or undefined when it lies in the window. */
export function readDateProblem(date: string, { earliest, latest }: ReadWindow): string | undefined {
  if (date < earliest || date > latest) return horizonMessages.outsideReadWindow(earliest, latest);
  return undefined;
}
