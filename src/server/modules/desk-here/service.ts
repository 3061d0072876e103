import { countsOnDate, type SlotAvailability, slotAvailabilityOn, slotTimes, type TimeSlot } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { localClock, walkInSlots } from '#domain/check-in.ts';
import { addDays } from '#domain/dates.ts';
import {
  type DeskHereOffer,
  type DeskHereView,
  decideDeskHere,
  deskHereMessages,
  freeWalkInSlots,
  nearestFreeDesk,
  type WalkInInput,
} from '#domain/desk-here.ts';
import { isUuid } from '#domain/ids.ts';
import { seesNames } from '#domain/privacy.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { UserRow } from '../accounts/user-row.ts';
import { deskNotFound } from '../bookings/placement.ts';
import { listActiveBookingsOfDeskOverlapping, localRange } from '../bookings/repo.ts';
import { createBooking } from '../bookings/service.ts';
import { toBookingView } from '../bookings/views.ts';
import { listMyBookingsElsewhere } from './move-repo.ts';
import * as repo from './repo.ts';

// The desk's own page (issue 16), opened from the desk's QR code: one read of what it offers, and Sit here.

/** Members of the desk's organization only (the lookup joins the caller's membership): anyone else gets 404. */
async function requireDesk(context: AppContext, deskId: string, userId: string): Promise<repo.DeskHereRow> {
  const desk = isUuid(deskId) ? await repo.findDeskHere(context.db, deskId, userId) : undefined;
  if (!desk) throw deskNotFound();
  return desk;
}

const slotRange = (date: string, slot: TimeSlot) =>
  localRange(`${date} ${slotTimes[slot].start}`, `${date} ${slotTimes[slot].end}`);

/** "10.00" as "10": positions read as the desk reads show them. */
const measure = (text: string) => String(Number(text));

/**
 * Everything the desk's page shows, at the local time of the desk's site now (its zone and office hours, issue 28): the desk, the caller's bookings of it today,
 * its slots, what the page offers (decideDeskHere) and, when the desk cannot be taken now, the nearest free desk of
 * its floor.
 */
export async function readDeskHere(context: AppContext, userId: string, deskId: string): Promise<DeskHereView> {
  const desk = await requireDesk(context, deskId, userId);
  const now = new Date();
  const { date: today, time: localTime } = localClock(now, desk.timeZone);
  const wholeDay = localRange(`${today} 00:00`, `${addDays(today, 1)} 00:00`);
  const [deskRows, elsewhere] = await Promise.all([
    listActiveBookingsOfDeskOverlapping(context.db, desk.organizationId, desk.id, wholeDay),
    listMyBookingsElsewhere(context.db, {
      organizationId: desk.organizationId,
      userId,
      exceptDeskId: desk.id,
      today,
    }),
  ]);
  const rows = deskRows.filter((row) => countsOnDate(row, today));
  const offer = decideDeskHere({
    desk,
    personId: userId,
    bookings: rows.map((row) => ({
      ...row,
      user: { firstName: row.firstName, lastName: row.lastName, email: row.email },
    })),
    now,
    site: desk,
    checkIn: desk,
    elsewhere,
    // Issue 29: with names hidden a member reads "Booked" (or "Assigned"), never by whom.
    namesShown: seesNames(desk.role, desk.hideNames),
  });
  const slots = slotAvailabilityOn(rows, today);
  return {
    organization: {
      id: desk.organizationId,
      name: desk.organizationName,
      timeZone: desk.organizationTimeZone,
      checkIn: {
        checkInRequired: desk.checkInRequired,
        checkInGraceMinutes: desk.checkInGraceMinutes,
        autoRelease: desk.autoRelease,
      },
    },
    site: {
      id: desk.siteId,
      name: desk.siteName,
      timeZone: desk.timeZone,
      dayStart: desk.dayStart,
      midday: desk.midday,
      dayEnd: desk.dayEnd,
    },
    desk: {
      id: desk.id,
      name: desk.name,
      floor: { id: desk.floorId, name: desk.floorName },
      bookable: desk.bookable,
      unavailableReason: desk.unavailableReason,
      position: {
        x: measure(desk.positionX),
        y: measure(desk.positionY),
        width: measure(desk.width),
        height: measure(desk.height),
        rotation: String(desk.rotation),
      },
    },
    today,
    localTime,
    myBookings: rows.filter((row) => row.userId === userId).map(toBookingView),
    slots,
    walkInSlots: desk.bookable ? freeWalkInSlots(slots, localTime, desk) : [],
    offer,
    nearestFreeDesk: offersNearest(offer) ? await findNearestFreeDesk(context.db, desk, today, localTime) : null,
  };
}

/** A desk taken now (this morning, or for the day) or out of service points at another. */
function offersNearest(offer: DeskHereOffer): boolean {
  return offer.kind === 'taken' || offer.kind === 'afternoon-free' || offer.kind === 'out-of-service';
}

async function findNearestFreeDesk(db: Database, desk: repo.DeskHereRow, today: string, localTime: string) {
  const neighbours = await repo.listNeighbours(db, {
    organizationId: desk.organizationId,
    floorId: desk.floorId,
    exceptDeskId: desk.id,
    morning: slotRange(today, 'morning'),
    afternoon: slotRange(today, 'afternoon'),
  });
  const state = (taken: boolean): SlotAvailability => (taken ? 'booked' : 'available');
  const placed = (row: Pick<repo.NeighbourRow, 'positionX' | 'positionY' | 'width' | 'height'>) => ({
    positionX: Number(row.positionX),
    positionY: Number(row.positionY),
    width: Number(row.width),
    height: Number(row.height),
  });
  const nearest = nearestFreeDesk(
    { id: desk.id, name: desk.name, ...placed(desk) },
    neighbours.map((row) => ({
      id: row.id,
      name: row.name,
      bookable: row.bookable,
      ...placed(row),
      walkInSlots: freeWalkInSlots(
        {
          'full-day': state(row.morningTaken || row.afternoonTaken),
          morning: state(row.morningTaken),
          afternoon: state(row.afternoonTaken),
        },
        localTime,
        desk,
      ),
    })),
  );
  return nearest && { id: nearest.id, name: nearest.name, walkInSlots: nearest.walkInSlots };
}

/**
 * Sit here: the caller's booking of a slot of the desk's site's today, checked in at once, made by the bookings
 * module's createBooking (the booking rules under the person's lock, the exclusion constraint, the confirmation mail).
 * A slot that is not what is left of today answers 422; a taken or out-of-service desk that path's 409.
 */
export async function walkIn(
  context: AppContext,
  user: UserRow,
  deskId: string,
  input: WalkInInput,
): Promise<BookingView> {
  const desk = await requireDesk(context, deskId, user.id);
  const { date: today, time } = localClock(new Date(), desk.timeZone);
  const offered = walkInSlots(time, desk);
  if (!offered.includes(input.timeSlot)) {
    throw new AppError(422, deskHereMessages.slotNotOffered(offered, desk.dayEnd), {
      code: 'walk_in_slot',
      details: { offered },
    });
  }
  return createBooking(
    context,
    user,
    { organizationId: desk.organizationId, deskId: desk.id, bookingDate: today, timeSlot: input.timeSlot },
    { isWalkIn: true },
  );
}
