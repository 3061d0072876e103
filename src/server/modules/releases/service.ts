import { displayName } from '#domain/account.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { isUuid } from '#domain/ids.ts';
import {
  type CreateReleaseInput,
  canReleaseDays,
  type ReleaseView,
  releaseMessages,
  releaseProblem,
  takeBackOn,
  takenBackDates,
} from '#domain/releases.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, conflict, forbidden, notFound, sqlState, unprocessable } from '#server/errors.ts';
import type { UserRow } from '../accounts/user-row.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { sendInBackground } from '../bookings/mail-delivery.ts';
import { toBookingView } from '../bookings/views.ts';
import { lockDesk } from '../bookings/writes-repo.ts';
import { releasedDayBookedMail } from './mails.ts';
import * as repo from './repo.ts';

// Assigned desks that free up (issue 29, decision 029): the owner of an assigned desk, or an admin of its organization,
// releases whole days of it and takes them back while nobody has booked them. The database keeps the guarantee: the
// booking's `occupied` is its range less its released days, under the exclusion constraint against double booking.

const bookingNotFound = () => notFound('Booking not found.');
const releaseNotFound = () => notFound('Release not found.');

/** The booking, read for a member of its organization (404 for anyone else) who may release its days (403 otherwise). */
async function findReleasable(context: AppContext, user: UserRow, bookingId: string) {
  const booking = isUuid(bookingId) ? await repo.findReleaseTarget(context.db, bookingId, user.id) : undefined;
  if (!booking) throw bookingNotFound();
  const isAdmin = booking.role === 'admin';
  if (!isAdmin && booking.userId !== user.id) throw forbidden(releaseMessages.notYours);
  if (!canReleaseDays({ ...booking, isAssigned: booking.isAssigned === true }, { userId: user.id, isAdmin })) {
    throw unprocessable(releaseMessages.notAssigned);
  }
  return booking;
}

/** The audit log's entry when an admin releases or takes back days of someone else's desk. */
function recordForSomeone(
  tx: Parameters<typeof recordAuditEvent>[0],
  actorId: string,
  booking: repo.ReleaseTarget,
  action: 'booking.days_released' | 'booking.release_taken_back',
  days: { startDate: string; endDate: string },
) {
  if (booking.userId === actorId) return Promise.resolve();
  return recordAuditEvent(tx, {
    organizationId: booking.organizationId,
    actor: { id: actorId },
    action,
    target: { type: 'booking', id: booking.id },
    details: {
      desk: booking.deskName,
      startDate: days.startDate,
      endDate: days.endDate,
      owner: { name: displayName(booking), email: booking.email },
    },
  });
}

async function bookingView(context: AppContext, user: UserRow, bookingId: string): Promise<BookingView> {
  const row = await repo.findReleaseTarget(context.db, bookingId, user.id);
  if (!row) throw bookingNotFound();
  return toBookingView(row);
}

/**
 * GET /api/bookings/{id}/releases: the assigned desk with every release not yet over, for the owner or an admin (a
 * day read carries only the releases touching its dates).
 */
export async function readReleases(context: AppContext, user: UserRow, bookingId: string): Promise<BookingView> {
  const booking = await findReleasable(context, user, bookingId);
  return bookingView(context, user, booking.id);
}

/** POST /api/bookings/{id}/releases: the days from startDate to endDate become bookable by others. */
export async function createRelease(
  context: AppContext,
  user: UserRow,
  bookingId: string,
  input: CreateReleaseInput,
): Promise<{ release: ReleaseView; booking: BookingView }> {
  const booking = await findReleasable(context, user, bookingId);
  const problem = releaseProblem(input, {
    today: booking.today,
    bookingDate: booking.bookingDate,
    releases: booking.releases ?? [],
  });
  if (problem) throw unprocessable(problem);
  let id: string;
  try {
    id = await context.db.transaction(async (tx) => {
      const inserted = await repo.insertRelease(tx, { bookingId: booking.id, ...input, createdBy: user.id });
      await recordForSomeone(tx, user.id, booking, 'booking.days_released', input);
      return inserted;
    });
  } catch (error) {
    // Another release of the same days made at the same moment (booking_releases_no_overlap).
    if (sqlState(error) === '23P01') throw conflict(releaseMessages.overlaps(input));
    throw error;
  }
  const view = await bookingView(context, user, booking.id);
  const release = view.releases?.find((candidate) => candidate.id === id) ?? { id, ...input, takenDates: [] };
  return { release, booking: view };
}

/**
 * DELETE /api/bookings/{id}/releases/{releaseId}: the release's days from today on return to the owner. Under the
 * desk's lock, as every booking of the desk is written (decision 005): a booking of one of those days made first makes
 * the exclusion constraint refuse the take-back (409 naming the day); one made after finds the day held.
 */
export async function takeBackRelease(
  context: AppContext,
  user: UserRow,
  bookingId: string,
  releaseId: string,
): Promise<{ message: string; booking: BookingView }> {
  const booking = await findReleasable(context, user, bookingId);
  const release = isUuid(releaseId) ? await repo.findRelease(context.db, booking.id, releaseId) : undefined;
  if (!release) throw releaseNotFound();
  const plan = takeBackOn(release, booking.today);
  if (plan.kind === 'over') throw conflict(releaseMessages.over);
  const returned = takenBackDates(release, booking.today);
  try {
    await context.db.transaction(async (tx) => {
      await lockDesk(tx, booking.deskId);
      await repo.takeBack(tx, release.id, plan.kind === 'shorten' ? plan.endDate : null);
      await recordForSomeone(tx, user.id, booking, 'booking.release_taken_back', release);
    });
  } catch (error) {
    if (sqlState(error) !== '23P01') throw error;
    const first = returned[0] ?? release.startDate;
    const taken = await repo.firstTakenDate(context.db, booking, first, release.endDate);
    throw new AppError(409, releaseMessages.taken(booking.deskName, taken ?? first), { code: 'release_taken' });
  }
  return { message: 'The days are yours again.', booking: await bookingView(context, user, booking.id) };
}

/**
 * After bookings were made (by `bookerId`, for someone): each that took a released day of someone's assigned desk mails
 * that desk's owner. In the background, after the answer: the booking never waits for it.
 */
export function notifyReleasedDayOwners(
  context: AppContext,
  organization: { id: string; name: string },
  bookings: readonly BookingView[],
): void {
  if (bookings.length === 0) return;
  setImmediate(async () => {
    try {
      const owners = await repo.findReleasedDayOwners(
        context.db,
        organization.id,
        bookings.map((booking) => booking.id),
      );
      for (const owner of owners) {
        const booking = bookings.find((candidate) => candidate.id === owner.bookingId);
        if (!booking) continue;
        sendInBackground(context, () =>
          releasedDayBookedMail(owner.email, booking, organization.name, context.config.publicUrl),
        );
      }
    } catch (error) {
      context.log.error({ error: String(error) }, 'the owners of released days could not be looked up');
    }
  });
}
