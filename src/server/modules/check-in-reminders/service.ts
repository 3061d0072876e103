import { checkInWindow } from '#domain/check-in.ts';
import { firstWindowOf, isReminderDue } from '#domain/check-in-reminders.ts';
import type { AppContext } from '#server/context.ts';
import { describeForLog } from '#server/errors.ts';
import { checkInReminderMail } from './mails.ts';
import * as repo from './repo.ts';

const keyOf = (claim: repo.ReminderClaim) => `${claim.userId} ${claim.organizationId} ${claim.bookingDate}`;

/**
 * Mails each person who wants reminders once per organization and day, from an hour before the day's first check-in
 * window opens until it closes, each window on its desk's site's clock. Each reminder is claimed by an insert before
 * it is sent (the claim is committed first), so no two runs or instances send it twice; a mail that cannot be sent is
 * logged, never retried.
 * Answers how many were sent. Run by the scheduler (src/server/jobs/check-in-reminders.ts): no caller to authorize.
 */
export async function sendCheckInReminders(context: AppContext, now: Date): Promise<number> {
  const days = new Map<string, repo.ReminderCandidate[]>();
  for (const candidate of await repo.listReminderCandidates(context.db, now)) {
    const key = keyOf(candidate);
    days.set(key, [...(days.get(key) ?? []), candidate]);
  }
  const due: repo.ReminderCandidate[][] = [];
  for (const bookings of days.values()) {
    const graceMinutes = bookings[0]?.graceMinutes ?? 0;
    const first = firstWindowOf(bookings, graceMinutes);
    if (!first || !isReminderDue(first, now)) continue;
    const opening = (booking: repo.ReminderCandidate) =>
      checkInWindow(booking, booking, graceMinutes).opensAt.getTime();
    due.push(bookings.toSorted((a, b) => opening(a) - opening(b) || a.deskName.localeCompare(b.deskName)));
  }
  const claims = due.flatMap((bookings) => (bookings[0] ? [bookings[0]] : []));
  const claimed = new Set(
    (
      await repo.claimReminders(
        context.db,
        claims.map(({ userId, organizationId, bookingDate }) => ({ userId, organizationId, bookingDate })),
      )
    ).map(keyOf),
  );
  let sent = 0;
  for (const bookings of due) {
    if (!bookings[0] || !claimed.has(keyOf(bookings[0]))) continue;
    try {
      await context.mailer.send(checkInReminderMail(bookings, now, context.config.publicUrl));
      sent += 1;
    } catch (error) {
      context.log.error(
        { error: describeForLog(error), organizationId: bookings[0].organizationId },
        'check-in reminder could not be sent',
      );
    }
  }
  return sent;
}
