import { displayName } from './account.ts';
import {
  type BookingOccupancy,
  countsOnDate,
  type SlotAvailability,
  slotAvailabilityOn,
  type TimeSlot,
  timeSlotSchema,
} from './bookings.ts';
import { bookingListSchema } from './bookings-responses.ts';
import {
  type CheckInSettings,
  checkInOpensBeforeMinutes,
  checkInRefusal,
  checkInSettingsSchema,
  checkInWindow,
  checkInWindowState,
  localClock,
  type SiteHours,
  walkInSlotLabel,
  walkInSlots,
} from './check-in.ts';
import { formatClockTime } from './clock.ts';
import { type MyBookingElsewhere, moveHereOffer } from './desk-here-move.ts';
import { assignedLabel } from './releases.ts';
import { type OfficeHours, slotHours } from './sites.ts';
import { z } from './zod.ts';

// The desk's own page (issue 16): what a QR code at a desk offers the person who scanned it, at the local time of the
// desk's site, by its office hours (issue 28). One thing at a time: check in to your booking of this desk; else, when
// the desk is free now, sit here (a walk-in, booked and checked in at once); else say until when it is taken and point
// at the nearest free desk.

export const deskHereMessages = {
  /** The page's answer to a desk of no organization of the person's (the server's 404). */
  notFound: 'This desk is not in any of your organizations',
  notFoundHint: 'Check that you are signed in with your work account, or ask an administrator to invite you.',
  checkedIn: (deskName: string) => `You're checked in at ${deskName}`,
  checkedInSince: (time: string) => `Checked in at ${formatClockTime(time)}`,
  checkInUntil: (time: string) => `Check in before ${formatClockTime(time)}`,
  outOfService: (deskName: string) => `${deskName} is out of service`,
  dayOver: 'The office day is over for this desk',
  dayOverHint: 'Book a desk for another day from the dashboard.',
  takenUntil: (time: string) => `Taken until ${formatClockTime(time)}`,
  takenForTheDay: 'Taken for the rest of the day',
  freeThisAfternoon: (hours: Pick<OfficeHours, 'midday' | 'dayEnd'>) =>
    `Free from ${formatClockTime(hours.midday)} to ${formatClockTime(hours.dayEnd)}: book it now and check in from ${formatClockTime(
      minutesBefore(hours.midday, checkInOpensBeforeMinutes),
    )}.`,
  takenBy: (name: string) => `Booked by ${name}`,
  blocked: 'Reserved permanently',
  nearestFree: (deskName: string) => `The nearest free desk is ${deskName}`,
  noneFree: 'No other desk on this floor is free now.',
  /** The walk-in's 422: a slot "Sit here" does not offer at this hour (or a day that is over). */
  slotNotOffered: (offered: readonly TimeSlot[], dayEnd: string) =>
    offered.length === 0
      ? `The office day is over: Sit here books only what is left of today, until ${formatClockTime(dayEnd)}`
      : `Sit here books only what is left of today: ${offered.map(walkInSlotLabel).join(' or ')}`,
};

/** 'HH:MM' that many minutes earlier on the same day's clock (never before midnight). */
function minutesBefore(time: string, minutes: number): string {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  const total = Math.max(0, hours * 60 + mins - minutes);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The Sit here buttons: "Sit here for the rest of the day", "Only this morning", "Sit here this afternoon". */
export function sitHereLabel(slot: TimeSlot, offered: readonly TimeSlot[]): string {
  if (slot === 'full-day') return 'Sit here for the rest of the day';
  if (slot === 'afternoon') return 'Sit here this afternoon';
  return offered.includes('full-day') ? 'Only this morning' : 'Sit here this morning';
}

/** The nearest free desk's buttons: "Sit at D07 for the rest of the day", "… only this morning", "… this afternoon". */
export function sitThereLabel(deskName: string, slot: TimeSlot, offered: readonly TimeSlot[]): string {
  if (slot === 'full-day') return `Sit at ${deskName} for the rest of the day`;
  if (slot === 'afternoon') return `Sit at ${deskName} this afternoon`;
  return offered.includes('full-day') ? `Sit at ${deskName} only this morning` : `Sit at ${deskName} this morning`;
}

/** POST /api/desks/{deskId}/walk-in: a slot of the desk's site's today. */
export const walkInSchema = z.object({ timeSlot: timeSlotSchema });
export type WalkInInput = z.infer<typeof walkInSchema>;

/** What the page offers, the first that fits. */
export const deskHereOfferSchema = z.discriminatedUnion('kind', [
  /** Your booking's window is open: one button. */
  z.object({
    kind: z.literal('check-in'),
    bookingId: z.string(),
    timeSlot: timeSlotSchema,
    /** 'HH:MM', local: when the window closes. */
    closesAt: z.string(),
  }),
  z.object({ kind: z.literal('checked-in'), bookingId: z.string(), timeSlot: timeSlotSchema, checkedInAt: z.string() }),
  /** Your booking of this desk cannot be checked in now: the sentence says why (not yet, closed, permanent). */
  z.object({ kind: z.literal('your-booking'), bookingId: z.string(), timeSlot: timeSlotSchema, message: z.string() }),
  z.object({ kind: z.literal('out-of-service'), reason: z.string().nullable() }),
  /** I hold another desk today (issue 27): move that booking here, the whole rest of it or only its afternoon. */
  z.object({
    kind: z.literal('move-here'),
    bookingId: z.string(),
    from: z.object({ deskId: z.string(), deskName: z.string(), timeSlot: timeSlotSchema }),
    /** The slot the booking takes here, and what it keeps on the old desk ('morning', or null: cancelled). */
    timeSlot: timeSlotSchema,
    keeps: z.enum(['morning', 'afternoon']).nullable(),
    isCheckedIn: z.boolean(),
  }),
  z.object({ kind: z.literal('sit-here'), slots: z.array(timeSlotSchema) }),
  /** Taken this morning, free from the site's midday (issue 27): "This afternoon" books it. `holder` as for 'taken'. */
  z.object({ kind: z.literal('afternoon-free'), holder: z.string().nullable() }),
  z.object({
    /** Taken for the rest of the day (a desk free again this afternoon is 'afternoon-free'). */
    kind: z.literal('taken'),
    /** Who holds it now, as the map shows it: null for a permanent block, and when the organization hides names. */
    holder: z.string().nullable(),
    isPermanent: z.boolean(),
    /** Someone's assigned desk (issue 29), in the map's words: 'Assigned to Dana Scully', or 'Assigned' names hidden. */
    assigned: z.string().optional(),
  }),
  z.object({ kind: z.literal('day-over') }),
]);
export type DeskHereOffer = z.infer<typeof deskHereOfferSchema>;

const slotState = z.enum(['available', 'booked'] as const satisfies readonly SlotAvailability[]);

/** GET /api/desks/{deskId}/here: everything the desk's page needs, in one read. */
export const deskHereSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string(), timeZone: z.string(), checkIn: checkInSettingsSchema }),
  /** The desk's site (issue 28): its clock is the page's, its office hours the slots' times ('HH:MM'). */
  site: z.object({
    id: z.string(),
    name: z.string(),
    timeZone: z.string(),
    dayStart: z.string(),
    midday: z.string(),
    dayEnd: z.string(),
  }),
  desk: z.object({
    id: z.string(),
    name: z.string(),
    floor: z.object({ id: z.string(), name: z.string() }),
    bookable: z.boolean(),
    unavailableReason: z.string().nullable(),
    /** Numeric strings, as every desk read. */
    position: z.object({ x: z.string(), y: z.string(), width: z.string(), height: z.string(), rotation: z.string() }),
  }),
  /** The site's date and 'HH:MM' now. */
  today: z.string(),
  localTime: z.string(),
  /** The caller's active bookings of this desk that count today. */
  myBookings: bookingListSchema,
  /** The desk's slots today, whoever holds them. */
  slots: z.object({ 'full-day': slotState, morning: slotState, afternoon: slotState }),
  /** The slots Sit here offers on this desk now: what is left of today and still free. */
  walkInSlots: z.array(timeSlotSchema),
  offer: deskHereOfferSchema,
  /** When this desk is taken: the closest free desk of its floor, with the slots Sit here offers on it. */
  nearestFreeDesk: z.object({ id: z.string(), name: z.string(), walkInSlots: z.array(timeSlotSchema) }).nullable(),
});
export type DeskHereView = z.infer<typeof deskHereSchema>;

/** A booking of the desk counting today, as the decision needs it. */
export interface DeskHereBooking extends BookingOccupancy {
  id: string;
  userId: string;
  user: { firstName: string | null; lastName: string | null; email: string };
  checkedInAt: string | null;
  /** A permanent booking made for this person: their assigned desk (issue 29). */
  isAssigned?: boolean | undefined;
}

export interface DeskHereSituation {
  desk: { bookable: boolean; unavailableReason: string | null };
  personId: string;
  /** The desk's active bookings that count today (anyone's). */
  bookings: readonly DeskHereBooking[];
  now: Date;
  /** The desk's site's zone and office hours. */
  site: SiteHours;
  checkIn: Pick<CheckInSettings, 'checkInGraceMinutes'>;
  /** The person's active bookings of other desks that count today (issue 27: Move my booking here). */
  elsewhere?: readonly MyBookingElsewhere[];
  /** Whether this person sees who booked (privacy.ts seesNames, issue 29); unset: they do. */
  namesShown?: boolean;
}

/**
 * The slots Sit here offers on a desk with these slots at a local time of its site: what is left of the day, still
 * free.
 */
export function freeWalkInSlots(
  slots: Readonly<Record<TimeSlot, SlotAvailability>>,
  localTime: string,
  hours: Pick<OfficeHours, 'midday' | 'dayEnd'>,
): TimeSlot[] {
  return walkInSlots(localTime, hours).filter((slot) => slots[slot] === 'available');
}

/** The half day a local time falls in for a walk-in: the morning until midday (early arrivals too), then afternoon. */
function currentHalf(localTime: string, hours: Pick<OfficeHours, 'midday'>): 'morning' | 'afternoon' {
  return localTime < hours.midday ? 'morning' : 'afternoon';
}

/** The person's own booking of this desk that the page is about, or undefined when none of theirs counts now. */
function ownBookingOffer(situation: DeskHereSituation, today: string, localTime: string): DeskHereOffer | undefined {
  const { site, now } = situation;
  const graceMinutes = situation.checkIn.checkInGraceMinutes;
  const hoursOf = (slot: TimeSlot) => slotHours(site, slot);
  // A permanent booking holds the desk all day; a one-off one until its slot ends.
  const own = situation.bookings
    .filter((booking) => booking.userId === situation.personId && countsOnDate(booking, today))
    .filter((booking) => booking.isPermanent || localTime < hoursOf(booking.timeSlot).end)
    .sort((a, b) => hoursOf(a.timeSlot).start.localeCompare(hoursOf(b.timeSlot).start));
  const judged = own.map((booking) => ({
    booking,
    refusal: checkInRefusal(
      { ...booking, checkedInAt: booking.checkedInAt ? new Date(booking.checkedInAt) : null, releasedAt: null },
      { ...site, graceMinutes },
      now,
    ),
  }));
  const open = judged.find(({ booking, refusal }) => !refusal && !booking.checkedInAt);
  if (open) {
    const window = checkInWindow(open.booking, site, graceMinutes);
    return {
      kind: 'check-in',
      bookingId: open.booking.id,
      timeSlot: open.booking.timeSlot,
      closesAt: localClock(window.closesAt, site.timeZone).time,
    };
  }
  const checkedIn = own.find((booking) => booking.checkedInAt);
  if (checkedIn?.checkedInAt) {
    return {
      kind: 'checked-in',
      bookingId: checkedIn.id,
      timeSlot: checkedIn.timeSlot,
      checkedInAt: checkedIn.checkedInAt,
    };
  }
  // Not yet open first (the next thing to do), then a closed window or a permanent booking, still holding the desk.
  const isNotYet = (booking: DeskHereBooking) =>
    !booking.isPermanent && checkInWindowState(checkInWindow(booking, site, graceMinutes), now) === 'not-yet';
  const waiting =
    judged.find(({ booking, refusal }) => refusal && isNotYet(booking)) ?? judged.find(({ refusal }) => refusal);
  if (waiting?.refusal) {
    return {
      kind: 'your-booking',
      bookingId: waiting.booking.id,
      timeSlot: waiting.booking.timeSlot,
      message: waiting.refusal.message,
    };
  }
  return undefined;
}

/**
 * What the desk's page offers the person now (issue 16), on the desk's site's clock, the first that fits: check in to
 * (or hear about) their own booking of this desk; that the desk is out of service; Sit here in a slot left today; that
 * the office day is over; or that the desk is taken, by whom and until when. Check-in is offered whether or not the organization requires it.
 */
export function decideDeskHere(situation: DeskHereSituation): DeskHereOffer {
  const { site } = situation;
  const { date: today, time: localTime } = localClock(situation.now, site.timeZone);
  const own = ownBookingOffer(situation, today, localTime);
  if (own) return own;
  if (!situation.desk.bookable) return { kind: 'out-of-service', reason: situation.desk.unavailableReason };
  if (walkInSlots(localTime, site).length === 0) return { kind: 'day-over' };
  const slots = slotAvailabilityOn(situation.bookings, today);
  const move = moveHereOffer(situation.elsewhere ?? [], slots, today, localTime, site);
  if (move) return move;
  const free = freeWalkInSlots(slots, localTime, site);
  if (free.length > 0) return { kind: 'sit-here', slots: free };
  const half = currentHalf(localTime, site);
  const holder = situation.bookings.find((booking) => slotAvailabilityOn([booking], today)[half] === 'booked');
  // Issue 29: with names hidden a member reads "Booked" (or "Assigned"), never by whom.
  const namesShown = situation.namesShown !== false;
  const holderName = holder && !holder.isPermanent && namesShown ? displayName(holder.user) : null;
  if (half === 'morning' && slots.afternoon === 'available') return { kind: 'afternoon-free', holder: holderName };
  return {
    kind: 'taken',
    holder: holderName,
    isPermanent: holder?.isPermanent === true,
    ...(holder?.isPermanent && holder.isAssigned ? { assigned: assignedLabel(namesShown ? holder.user : null) } : {}),
  };
}

/** A desk where the floor plan draws it (canvas units); its centre does not move when it rotates. */
export interface PlacedDesk {
  id: string;
  name: string;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
}

export interface CandidateDesk extends PlacedDesk {
  bookable: boolean;
  /** What Sit here would offer on it now (freeWalkInSlots): empty when its current slot is taken. */
  walkInSlots: readonly TimeSlot[];
}

function distanceBetween(a: PlacedDesk, b: PlacedDesk): number {
  return Math.hypot(
    a.positionX + a.width / 2 - (b.positionX + b.width / 2),
    a.positionY + a.height / 2 - (b.positionY + b.height / 2),
  );
}

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The free desk closest to `origin` (Euclidean distance between the desks' centres), among bookable desks whose
 * current slot is free; a tie goes to the name first in order (D02 before D10). Null when none is free.
 */
export function nearestFreeDesk<Desk extends CandidateDesk>(origin: PlacedDesk, desks: readonly Desk[]): Desk | null {
  let best: { desk: Desk; distance: number } | null = null;
  for (const desk of desks) {
    if (desk.id === origin.id || !desk.bookable || desk.walkInSlots.length === 0) continue;
    const distance = distanceBetween(origin, desk);
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && byName.compare(desk.name, best.desk.name) < 0)
    ) {
      best = { desk, distance };
    }
  }
  return best?.desk ?? null;
}
