import { displayName } from '#domain/account.ts';
import { type CheckInResponse, checkInRefusal, releaseDue } from '#domain/check-in.ts';
import { isUuid } from '#domain/ids.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, notFound } from '#server/errors.ts';
import { recordAuditEvent, recordAuditEvents } from '../audit/repo.ts';
import { sendInBackground } from '../bookings/mail-delivery.ts';
import type { BookingRow } from '../bookings/repo.ts';
import { auditedBooking, toBookingView } from '../bookings/views.ts';
import { bookingReleasedMail } from './mails.ts';
import * as repo from './repo.ts';

const bookingNotFound = () => notFound('Booking not found.');
const releaseChunk = 250;

/**
 * Checks a booking in at `now`: its owner, or an admin of its organization for them (audited). Someone else's booking
 * is a 404, as a booking they cannot see. Checking in twice answers the first check-in. The window and the refusals
 * are checkInRefusal's (src/domain/check-in.ts).
 */
export async function checkIn(
  context: AppContext,
  callerId: string,
  bookingId: string,
  now: Date = new Date(),
): Promise<CheckInResponse> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const booking = isUuid(bookingId) ? await repo.checkInOwnBooking(context.db, bookingId, callerId, now) : undefined;
    if (!booking?.callerRole) throw bookingNotFound();
    if (booking.checkedInNow) return { checkedInAt: booking.checkedInNow.toISOString() };
    const isOwner = booking.userId === callerId;
    if (!isOwner && booking.callerRole !== 'admin') throw bookingNotFound();
    const refusal = checkInRefusal(booking, booking, now, booking.callerZone);
    if (refusal) throw new AppError(refusal.status, refusal.message, { code: 'check_in' });
    if (booking.checkedInAt) return { checkedInAt: booking.checkedInAt.toISOString() };
    // The owner's own check-in was the statement's to make: it did not, so something changed since its read.
    if (isOwner) continue;
    const checkedIn = await context.db.transaction(async (tx) => {
      if (!(await repo.markCheckedIn(tx, booking.id, now))) return false;
      await recordAuditEvent(tx, {
        organizationId: booking.organizationId,
        actor: { id: callerId },
        action: 'booking.checked_in_for_member',
        target: { type: 'booking', id: booking.id },
        details: {
          desk: booking.deskName,
          bookingDate: booking.bookingDate,
          timeSlot: booking.timeSlot,
          owner: { name: displayName(booking.owner), email: booking.owner.email },
        },
      });
      return true;
    });
    if (checkedIn) return { checkedInAt: now.toISOString() };
    // A cancellation, the release job or another check-in got there first: read it again and answer that.
  }
  throw bookingNotFound();
}

/**
 * One pass of the release (issue 16): every booking whose check-in window closed without a check-in, in
 * organizations that require check-in with auto-release, ends as a no-show. Each window is on its desk's site's clock
 * (issue 28): at one instant a Tokyo site's morning may be released while a New York site's has not begun. The desk is free at once (the exclusion
 * constraint counts only active bookings), open screens hear of it through the database's announcement, the owner
 * gets a short mail, and the audit log records each release. Answers how many were released.
 */
export async function releaseNoShows(context: AppContext, now: Date = new Date()): Promise<number> {
  const candidates = await repo.findReleaseCandidates(context.db, now);
  const due = candidates.filter((candidate) =>
    releaseDue(
      { ...candidate, status: 'active', isPermanent: false, checkedInAt: null },
      {
        timeZone: candidate.timeZone,
        dayStart: candidate.dayStart,
        midday: candidate.midday,
        dayEnd: candidate.dayEnd,
        checkInRequired: true,
        autoRelease: true,
        checkInGraceMinutes: candidate.checkInGraceMinutes,
        checkInRequiredSince: new Date(candidate.checkInRequiredSince),
      },
      now,
    ),
  );
  if (due.length === 0) return 0;
  // In chunks of a few hundred, each its own transaction: a pass after a long pause stays a series of short writes.
  const released: BookingRow[] = [];
  for (let start = 0; start < due.length; start += releaseChunk) {
    const ids = due.slice(start, start + releaseChunk).map((booking) => booking.id);
    released.push(
      ...(await context.db.transaction(async (tx) => {
        const rows = await repo.releaseBookings(tx, ids, now);
        await recordAuditEvents(
          tx,
          rows.map((row) => ({
            organizationId: row.organizationId,
            actor: null,
            action: 'booking.released' as const,
            target: { type: 'booking', id: row.id },
            details: auditedBooking(row),
          })),
        );
        return rows;
      })),
    );
  }
  const organizations = new Map(
    (await repo.findOrganizationsForMail(context.db, [...new Set(released.map((row) => row.organizationId))])).map(
      (organization) => [organization.id, organization],
    ),
  );
  const sites = new Map(due.map((candidate) => [candidate.id, candidate]));
  const readerZones = await repo.findReaderZones(context.db, released);
  for (const row of released) {
    const organization = organizations.get(row.organizationId);
    const site = sites.get(row.id);
    if (!organization || !site) continue;
    const readerZone = readerZones.get(`${row.organizationId} ${row.userId}`) ?? null;
    sendInBackground(context, () =>
      bookingReleasedMail(row.email, toBookingView(row), organization, site, readerZone, context.config.publicUrl),
    );
  }
  return released.length;
}
