import type { TimeSlot } from './bookings.ts';
import { type CheckInWindow, checkInWindow, type SiteHours } from './check-in.ts';

// Check-in reminders (issue 16): one mail per person, organization and day, before the day's first check-in window
// opens, for people who have not turned them off.

/** A reminder goes out from this long before the day's first window opens. */
export const reminderLeadMinutes = 60;

/**
 * The window that opens first among one day's bookings of one person in one organization, each on its desk's site's
 * clock (a day's bookings may be at two sites).
 */
export function firstWindowOf(
  bookings: ReadonlyArray<{ bookingDate: string; timeSlot: TimeSlot } & SiteHours>,
  graceMinutes: number,
): CheckInWindow | undefined {
  let first: CheckInWindow | undefined;
  for (const booking of bookings) {
    const window = checkInWindow(booking, booking, graceMinutes);
    if (!first || window.opensAt < first.opensAt) first = window;
  }
  return first;
}

/** Due from `reminderLeadMinutes` before the window opens until it closes: a late run still reminds in time to act. */
export function isReminderDue(window: CheckInWindow, now: Date): boolean {
  const from = window.opensAt.getTime() - reminderLeadMinutes * 60_000;
  return now.getTime() >= from && now.getTime() < window.closesAt.getTime();
}
