import { displayName } from '#domain/account.ts';
import {
  type BookingRuleContext,
  type HeldBooking,
  judgeBookings,
  type RequestedBooking,
  weeksCovering,
} from '#domain/booking-rules.ts';
import type { TimeSlot } from '#domain/bookings.ts';
import { isUuid } from '#domain/ids.ts';
import { limitsForPerson } from '#domain/teams.ts';
import type { Database } from '#server/db/client.ts';
import { AppError, forbidden, notFound } from '#server/errors.ts';
import { findRulesContextUnderPersonLock } from './repo.ts';

// The booking rules applied where bookings are made (issue 15): inside the booking's transaction, under the person's
// lock, judged by src/domain/booking-rules.ts on the person's bookings as committed when the lock was granted, and
// on the organization's check-in (issue 26: no booking of a slot whose check-in window has closed, but a walk-in).
// Each request is judged on its desk's site's clock (issue 28): the site's today for the advance window, its hours
// for check-in, and its working days (a member's booking on a closed day is refused; an admin's is an event).

export interface JudgedPerson {
  /** The one the bookings are for, as the booking views and mails name them. */
  person: { firstName: string | null; lastName: string | null; email: string };
  bookerRole: 'admin' | 'member';
}

export const organizationNotFound = () => notFound('Organization not found.');
export const memberNotFound = () => notFound('Member not found.');
export const onlyAdminsBookForOthers = () => forbidden('Only administrators can book for someone else.');

/**
 * Takes the person's booking lock for the rest of the transaction `tx`, then judges the requests against the
 * organization's rules and the person's bookings (migration 0016). Throws 404 for a booker who is not a member or a
 * person who is not, 403 for a member booking for someone else, and 422 with the rule's sentence for a refusal.
 */
export async function judgeUnderPersonLock(
  tx: Database,
  booking: PersonLockScope & {
    /** Sit here: checked in by the insert that makes it, so no check-in window can have closed on it. */
    isWalkIn?: boolean;
    /**
     * A move (issue 27): this held booking ends, or keeps only its `keeps` slot, in the same transaction; the rules
     * judge the result, so a move is never refused for a desk or a day the person gives up by moving.
     */
    releasing?: HeldBooking & { keeps: TimeSlot | null };
  },
): Promise<JudgedPerson> {
  const { judged, context, requests } = await rulesUnderPersonLock(tx, booking);
  const refusal = judgeBookings(requests, {
    ...context,
    held: booking.releasing ? heldAfterRelease(context.held, booking.releasing) : context.held,
    checkIn: { ...context.checkIn, isWalkIn: booking.isWalkIn === true },
  });
  if (refusal) {
    throw new AppError(422, refusal.message, {
      code: 'booking_rule',
      details: { rule: refusal.rule, bookingDate: refusal.bookingDate },
    });
  }
  return judged;
}

interface PersonLockScope {
  organizationId: string;
  personId: string;
  bookerId: string;
  requests: readonly RequestedBooking[];
}

/**
 * Takes the person's booking lock for the rest of the transaction `tx` and reads what the rules judge the requests by,
 * without judging them: the person, the rules context (their teams' limits, their bookings of the requests' weeks) and
 * the requests with their desks' sites and neighbourhoods. Throws 404 for a booker or person who is not a member and
 * 403 for a member booking for someone else. A series (issue 29) judges each of its dates on its own with this.
 */
export async function rulesUnderPersonLock(
  tx: Database,
  booking: PersonLockScope,
): Promise<{ judged: JudgedPerson; context: BookingRuleContext; requests: RequestedBooking[] }> {
  const weeks = weeksCovering(booking.requests.map((request) => request.bookingDate));
  if (!weeks) throw new Error('no bookings to judge');
  const deskIds = [...new Set(booking.requests.map((request) => request.deskId).filter(isUuid))];
  const context = await findRulesContextUnderPersonLock(tx, { ...booking, ...weeks, deskIds });
  if (!context?.bookerRole) throw organizationNotFound();
  const forSomeoneElse = booking.personId !== booking.bookerId;
  if (forSomeoneElse && context.bookerRole !== 'admin') throw onlyAdminsBookForOthers();
  if (!context.personRole || !context.person) throw memberNotFound();
  // Each request is judged on its desk's site's clock: its today, office hours and working days (issue 28).
  // A desk kept for teams is judged with its neighbourhood (issue 29); the limits are the person's teams', if any.
  const requests = booking.requests.map((request) => {
    const kept = context.neighbourhoods.get(request.deskId);
    return {
      ...request,
      deskName: request.deskName || kept?.deskName || '',
      site: context.sites.get(request.deskId),
      neighbourhood: kept,
    };
  });
  return {
    judged: { person: context.person, bookerRole: context.bookerRole },
    requests,
    context: {
      rules: limitsForPerson(context.rules, context.teams),
      personTeamIds: context.teams.map((team) => team.id),
      today: context.today,
      bookerIsAdmin: context.bookerRole === 'admin',
      personName: forSomeoneElse ? displayName(context.person) : null,
      held: context.held,
      checkIn: { ...context.checkIn, isWalkIn: false },
    },
  };
}

/** The person's bookings once `released` ended, or kept only its `keeps` slot (the first match: one row). */
function heldAfterRelease(held: readonly HeldBooking[], released: HeldBooking & { keeps: TimeSlot | null }) {
  const index = held.findIndex(
    (booking) =>
      booking.deskId === released.deskId &&
      booking.bookingDate === released.bookingDate &&
      booking.timeSlot === released.timeSlot,
  );
  if (index < 0) return held;
  const after = held.filter((_booking, at) => at !== index);
  const { keeps, ...booking } = released;
  return keeps ? [...after, { ...booking, timeSlot: keeps }] : after;
}
