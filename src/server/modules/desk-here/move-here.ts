import { localClock } from '#domain/check-in.ts';
import { judgeMove, type MoveHereInput, type MoveHereResult, moveHereMessages } from '#domain/desk-here-move.ts';
import { isUuid } from '#domain/ids.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, conflict, forbidden, notFound, sqlState } from '#server/errors.ts';
import type { UserRow } from '../accounts/user-row.ts';
import { tooBusy } from '../bookings/desk-queue.ts';
import { deskNotFound } from '../bookings/placement.ts';
import { findBookingOfMember } from '../bookings/repo.ts';
import { judgeUnderPersonLock } from '../bookings/rules.ts';
import { toBookingView } from '../bookings/views.ts';
import * as moves from './move-repo.ts';
import * as repo from './repo.ts';

// Move my booking here (issue 27): today's booking of another desk ends and one of this desk starts, in one
// transaction, so that nobody is ever left with both or neither.

/**
 * Moves the caller's booking of today to the desk whose page they are on. Who checked: the desk lookup joins the
 * caller's membership (404 otherwise), the booking is read as a member of its organization sees it (404 for another
 * organization's), and only its owner may move it (403). In one transaction: the booking rules judged on the result
 * under the person's lock, both desks' locks in one order, the old booking ended (desk-here-move.ts says how), the new
 * one inserted; the exclusion constraint decides a race for the desk (409, the old booking kept).
 */
export async function moveHere(
  context: AppContext,
  user: UserRow,
  deskId: string,
  input: MoveHereInput,
): Promise<MoveHereResult> {
  const desk = isUuid(deskId) ? await repo.findDeskHere(context.db, deskId, user.id) : undefined;
  if (!desk) throw deskNotFound();
  const booking = isUuid(input.bookingId) ? await findBookingOfMember(context.db, input.bookingId, user.id) : undefined;
  if (!booking || booking.organizationId !== desk.organizationId) throw notFound(moveHereMessages.notFound);
  if (booking.userId !== user.id) throw forbidden(moveHereMessages.notYours);
  const { date: today, time: localTime } = localClock(new Date(), desk.timeZone);
  const judged = judgeMove(
    booking,
    { deskId: desk.id, deskName: desk.name, today, localTime, hours: desk },
    input.timeSlot,
  );
  if (!('plan' in judged)) throw new AppError(judged.status, judged.message, { code: 'move_refused' });
  const { plan } = judged;

  const moved = await context.db
    .transaction(async (tx) => {
      await judgeUnderPersonLock(tx, {
        organizationId: desk.organizationId,
        personId: user.id,
        bookerId: user.id,
        requests: [{ deskId: desk.id, deskName: desk.name, bookingDate: today, timeSlot: plan.timeSlot }],
        // Checked in by the insert when its slot is under way: no check-in window can have closed on it.
        isWalkIn: plan.isCheckedIn,
        releasing: { ...booking, keeps: plan.keeps },
      });
      await moves.lockDesksInOrder(tx, [booking.deskId, desk.id]);
      const ended = await moves.endBookingForMove(tx, { ...booking, keeps: plan.keeps });
      if (!ended) throw conflict(moveHereMessages.ended);
      const inserted = await moves.insertMovedBooking(tx, {
        organizationId: desk.organizationId,
        deskId: desk.id,
        userId: user.id,
        bookingDate: today,
        timeSlot: plan.timeSlot,
        notes: booking.notes,
        isCheckedIn: plan.isCheckedIn,
      });
      if (!inserted) throw conflict(`${desk.name} is out of service.`);
      return inserted;
    })
    .catch((error: unknown) => {
      if (sqlState(error) === '23P01') throw conflict(moveHereMessages.taken(desk.name, booking.deskName));
      // A desk's lock held past the pool's lock_timeout: a crowd at one of the two desks.
      if (sqlState(error) === '55P03') throw tooBusy();
      throw error;
    });

  const row = await findBookingOfMember(context.db, moved.id, user.id);
  if (!row) throw new Error('moved booking not found after commit');
  return {
    booking: toBookingView(row),
    released: {
      bookingId: booking.id,
      deskId: booking.deskId,
      deskName: booking.deskName,
      timeSlot: plan.releases,
      keeps: plan.keeps,
    },
    message: `${moveHereMessages.movedHere(desk.name, plan.timeSlot)}. ${moveHereMessages.released(booking.deskName, plan.keeps)}.`,
  };
}
