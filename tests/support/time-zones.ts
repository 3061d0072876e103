import { localClock } from '#domain/check-in.ts';

/**
 * A time zone whose wall clock now shows an hour from `hours` (the first that some zone shows): tests of check-in and
 * walk-ins run at any time of day, so they pick the organization's zone to put "now" where the test needs it, with no
 * fake clock in the server. Whole-hour zones only, so the minutes are the real ones: a test near an hour's end that
 * needs a margin asks for a wider range of hours.
 */
export function zoneWhereHourIs(hours: readonly number[], now: Date = new Date()): string {
  // Etc/GMT-14 is UTC+14 (POSIX signs): every whole-hour offset from UTC-12 to UTC+14.
  const zones = Array.from({ length: 27 }, (_, index) => index - 12).map((offset) =>
    offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`,
  );
  for (const hour of hours) {
    const zone = zones.find((candidate) => Number(localClock(now, candidate).time.slice(0, 2)) === hour);
    if (zone) return zone;
  }
  throw new Error(`no zone shows any of the hours ${hours.join(', ')} now`);
}
