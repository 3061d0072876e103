import {
  type BookingOccupancy,
  countsOnDate,
  type SlotAvailability,
  type TimeSlot,
  timeSlotSchema,
} from './bookings.ts';
import { bookingSchema } from './bookings-responses.ts';
import { walkInSlots } from './check-in.ts';
import { type OfficeHours, slotHours } from './sites.ts';
import { z } from './zod.ts';

// Moving today's booking to the desk whose QR code one scanned (issue 27): Bob holds D10 all day and sits down at
// Window 1. The old booking ends and the new one starts in one transaction. The model has no "ended at" for a booking,
// so a move ends the old one the two ways it can honestly say: a full day moved after midday keeps its morning (the
// person did sit there) and frees the afternoon, a full day whose morning moves before midday keeps its afternoon;
// anything else is cancelled by its owner, freeing the desk for today.

/** POST /api/desks/{deskId}/move-here: which booking of mine, and the slot it takes on this desk. */
export const moveHereSchema = z.object({
  bookingId: z.string().max(100, 'bookingId is too long'),
  timeSlot: timeSlotSchema,
});
export type MoveHereInput = z.infer<typeof moveHereSchema>;

/** What a move did: the new booking here, and what became of the old one. */
export const moveHereResultSchema = z.object({
  booking: bookingSchema,
  released: z.object({
    bookingId: z.string(),
    deskId: z.string(),
    deskName: z.string(),
    /** The old booking's slot that is free again for others. */
    timeSlot: timeSlotSchema,
    /** The slot the old booking still holds ('morning' when a full day moved after midday), or null: it was cancelled. */
    keeps: timeSlotSchema.nullable(),
  }),
  message: z.string(),
});
export type MoveHereResult = z.infer<typeof moveHereResultSchema>;

type HalfDay = 'morning' | 'afternoon';
const otherHalf = (half: HalfDay): HalfDay => (half === 'morning' ? 'afternoon' : 'morning');

/** One way to move a booking: the slot it takes on the new desk, and what the old one keeps. */
export interface MovePlan {
  timeSlot: TimeSlot;
  /** The half of the old full day it keeps (the other moves here); null when the old booking is cancelled. */
  keeps: HalfDay | null;
  /** The slot of the old booking freed by the move. */
  releases: TimeSlot;
  /** The new booking's slot is under way now (as Sit here counts it): the person is at the desk, checked in at once. */
  isCheckedIn: boolean;
}

/**
 * The ways a booking of today may move at a local time of the desk's site, best first: the whole rest of it, or, for
 * a full day before the site's midday, only its afternoon or only its morning (for a desk free only then), the old
 * desk keeping the other half. None for a permanent booking (a desk assignment, not a day's seat) or a slot that is
 * over.
 */
export function movePlans(
  booking: { timeSlot: TimeSlot; isPermanent: boolean },
  localTime: string,
  hours: OfficeHours,
): MovePlan[] {
  if (booking.isPermanent || localTime >= slotHours(hours, booking.timeSlot).end) return [];
  const now = walkInSlots(localTime, hours);
  const plan = (timeSlot: TimeSlot, keeps: HalfDay | null): MovePlan => ({
    timeSlot,
    keeps,
    releases: keeps ? otherHalf(keeps) : booking.timeSlot,
    isCheckedIn: now.includes(timeSlot),
  });
  if (booking.timeSlot !== 'full-day') return [plan(booking.timeSlot, null)];
  if (localTime >= hours.midday) return [plan('afternoon', 'morning')];
  return [plan('full-day', null), plan('afternoon', 'morning'), plan('morning', 'afternoon')];
}

/** The first way to move the booking that the desk's slots leave free, or undefined. */
export function fittingMove(
  booking: { timeSlot: TimeSlot; isPermanent: boolean },
  slots: Readonly<Record<TimeSlot, SlotAvailability>>,
  localTime: string,
  hours: OfficeHours,
): MovePlan | undefined {
  return movePlans(booking, localTime, hours).find((plan) => slots[plan.timeSlot] === 'available');
}

/** One of the person's active bookings of another desk that counts today (what the desk page may offer to move). */
export interface MyBookingElsewhere extends BookingOccupancy {
  id: string;
  deskId: string;
  deskName: string;
}

/** The desk page's 'move-here' offer (desk-here.ts): the first of my bookings elsewhere that fits this desk now. */
export function moveHereOffer(
  elsewhere: readonly MyBookingElsewhere[],
  slots: Readonly<Record<TimeSlot, SlotAvailability>>,
  today: string,
  localTime: string,
  hours: OfficeHours,
) {
  for (const booking of elsewhere.filter((held) => countsOnDate(held, today))) {
    const plan = fittingMove(booking, slots, localTime, hours);
    if (plan) {
      return {
        kind: 'move-here' as const,
        bookingId: booking.id,
        from: { deskId: booking.deskId, deskName: booking.deskName, timeSlot: booking.timeSlot },
        timeSlot: plan.timeSlot,
        keeps: plan.keeps,
        isCheckedIn: plan.isCheckedIn,
      };
    }
  }
  return undefined;
}

const todayPhrase: Record<TimeSlot, string> = {
  'full-day': 'all day today',
  morning: 'this morning',
  afternoon: 'this afternoon',
};

export const moveHereMessages = {
  /** The offer's button: the whole (rest of the) booking, or only one half of a full day. */
  button: (plan: Pick<MovePlan, 'keeps' | 'isCheckedIn'>) => {
    if (plan.keeps === 'afternoon') return 'Move my morning here';
    return plan.keeps && !plan.isCheckedIn ? 'Move my afternoon here' : 'Move my booking here';
  },
  youHave: (deskName: string, slot: TimeSlot) => `You have ${deskName} ${todayPhrase[slot]}`,
  whatMoves: (deskName: string, plan: Pick<MovePlan, 'keeps' | 'releases'>) =>
    plan.keeps
      ? `Moving keeps ${deskName} this ${plan.keeps} and frees its ${plan.releases} for others.`
      : `Moving frees ${deskName} for others.`,
  /** The status after a move. */
  movedHere: (deskName: string, slot: TimeSlot) => `You're at ${deskName} ${todayPhrase[slot]}`,
  released: (deskName: string, keeps: TimeSlot | null) =>
    keeps
      ? `${deskName} is free again this ${keeps === 'morning' ? 'afternoon' : 'morning'}`
      : `${deskName} is free again for the rest of today`,
  notFound: 'Booking not found.',
  notYours: 'You can only move your own bookings.',
  ended: 'This booking is no longer active: there is nothing to move.',
  permanent: 'Permanent bookings are desk assignments and are not moved: ask an administrator to change it.',
  notToday: 'Only a booking of today can be moved to the desk you are at.',
  sameDesk: (deskName: string) => `Your booking is already at ${deskName}.`,
  over: 'This booking is over: there is nothing left of it to move.',
  slotNotOffered: (plans: readonly MovePlan[]) =>
    `This booking moves only as ${plans.map((plan) => plan.timeSlot).join(' or ')} today.`,
  taken: (deskName: string, oldDeskName: string) =>
    `${deskName} was taken a moment ago. You keep your booking of ${oldDeskName}.`,
};

/**
 * Why a booking cannot move to a desk now (its today and local time are the desk's site's), or the plan for the slot
 * asked: the server judges it before writing
 * (the exclusion constraint and the booking rules judge the rest inside the transaction).
 */
export function judgeMove(
  booking: { timeSlot: TimeSlot; isPermanent: boolean; bookingDate: string; status: string; deskId: string },
  target: { deskId: string; deskName: string; today: string; localTime: string; hours: OfficeHours },
  timeSlot: TimeSlot,
): { plan: MovePlan } | { status: 409 | 422; message: string } {
  if (booking.status !== 'active') return { status: 409, message: moveHereMessages.ended };
  if (booking.isPermanent) return { status: 422, message: moveHereMessages.permanent };
  if (booking.bookingDate !== target.today) return { status: 422, message: moveHereMessages.notToday };
  if (booking.deskId === target.deskId) return { status: 409, message: moveHereMessages.sameDesk(target.deskName) };
  const plans = movePlans(booking, target.localTime, target.hours);
  if (plans.length === 0) return { status: 422, message: moveHereMessages.over };
  const plan = plans.find((candidate) => candidate.timeSlot === timeSlot);
  return plan ? { plan } : { status: 422, message: moveHereMessages.slotNotOffered(plans) };
}
