import { displayName } from '#domain/account.ts';
import { type BulkBookingInput, bookingMessages, type CreateBookingInput, slotTimes } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { formatLongDate, todayIn } from '#domain/dates.ts';
import { readDateProblem, readWindowAnywhere } from '#domain/horizon.ts';
import { isUuid } from '#domain/ids.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '#server/errors.ts';
import type { UserRow } from '../accounts/user-row.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { findDesksInOrganization } from '../desks/repo.ts';
import { findMember } from '../members/repo.ts';
import { findMemberOrganization, requireAdmin } from '../organizations/service.ts';
import { notifyReleasedDayOwners } from '../releases/service.ts';
import { requireBookableDate } from './horizon.ts';
import { notifyOwners, recipientZoneOf, sendInBackground } from './mail-delivery.ts';
import { bookingConfirmationMail } from './mails.ts';
import { deskNotFound, deskQueueOf, insertOrExplain, placeOrExplain, verdictOf } from './placement.ts';
import * as repo from './repo.ts';
import {
  type JudgedPerson,
  judgeUnderPersonLock,
  memberNotFound,
  onlyAdminsBookForOthers,
  organizationNotFound,
} from './rules.ts';
import { auditedBooking, toBookingView, toNewBookingView } from './views.ts';
import * as writes from './writes-repo.ts';

const bookingNotFound = () => notFound('Booking not found.');

/**
 * A member books for itself; an admin also for a member (`userId`), and only an admin books permanently. A one-off
 * booking is judged by the organization's booking rules under the person's lock (rules.ts) and placed in the same
 * transaction; the exclusion constraint decides every race for the desk, its violation being the 409. A walk-in
 * (`isWalkIn`, "Sit here" at the desk, issue 16) is a one-off booking checked in by the insert that makes it.
 */
export async function createBooking(
  context: AppContext,
  user: UserRow,
  input: CreateBookingInput,
  options: { isWalkIn?: boolean } = {},
) {
  const deskId = isUuid(input.deskId) ? input.deskId : null;
  const personId = input.userId ?? user.id;
  if (!isUuid(input.organizationId)) throw organizationNotFound();
  if (!isUuid(personId)) {
    await requireBookerIsAdmin(context, input.organizationId, user.id);
    throw memberNotFound();
  }
  // Booking for someone else: the booker must be an admin, whatever the desk's state says.
  if (personId !== user.id) await requireBookerIsAdmin(context, input.organizationId, user.id);
  let place: writes.PlacedBooking | undefined;
  let person: JudgedPerson['person'] = user;
  if (input.isPermanent) {
    const found = await repo.findBookingPlace(context.db, input.organizationId, user.id, deskId);
    // A permanent booking blocks its desk: in service or not.
    const desk = found?.desk && { ...found.desk, bookable: true, unavailableReason: null };
    place = found && {
      ...found,
      desk: desk ?? null,
      bookingId: null,
      isTaken: false,
      checkedInAt: null,
      recipientTimeZone: null,
    };
    if (place?.role === 'admin' && personId !== user.id) {
      const member = await findMember(context.db, place.organizationId, personId);
      if (!member) throw memberNotFound();
      person = member.user;
    }
  } else {
    // The lookup and the insert in one statement, which inserts only what passes its checks (placeBooking); under
    // the rules, in a transaction that first judges them under the person's lock. One insert per desk at a time from
    // this instance: a crowd on one desk waits here, not in the pool, and learns "already booked" by looking only.
    const times = slotTimes[input.timeSlot];
    const booking = {
      organizationId: input.organizationId,
      deskId,
      userId: personId,
      bookingDate: input.bookingDate,
      timeSlot: input.timeSlot,
      occupied: repo.localRange(`${input.bookingDate} ${times.start}`, `${input.bookingDate} ${times.end}`),
      notes: input.notes ?? null,
      isWalkIn: options.isWalkIn === true,
    };
    // A date beyond the horizon anywhere on Earth is refused below, without judging it.
    const mayBeBooked = !readDateProblem(input.bookingDate, readWindowAnywhere());
    const attempt = (mayInsert: boolean) =>
      mayInsert && mayBeBooked
        ? context.db.transaction(async (tx) => {
            const judged = await judgeUnderPersonLock(tx, {
              organizationId: booking.organizationId,
              personId,
              bookerId: user.id,
              requests: [
                { deskId: deskId ?? '', deskName: '', bookingDate: booking.bookingDate, timeSlot: booking.timeSlot },
              ],
              isWalkIn: booking.isWalkIn,
            });
            person = judged.person;
            const placed = await placeOrExplain(tx, { ...booking, mayInsert: true });
            if (placed?.bookingId && placed.desk && personId !== user.id) {
              await recordBookingForSomeone(tx, user.id, placed.organizationId, placed.bookingId, {
                desk: placed.desk.name,
                bookingDate: booking.bookingDate,
                timeSlot: booking.timeSlot,
                person: judged.person,
              });
            }
            return placed && { ...placed, role: judged.bookerRole };
          })
        : placeOrExplain(context.db, { ...booking, mayInsert: false });
    place = await (deskId
      ? deskQueueOf(context).run(deskId, { date: input.bookingDate, slot: input.timeSlot }, attempt, verdictOf)
      : attempt(true));
  }
  if (!place) throw personId === user.id ? organizationNotFound() : memberNotFound();
  if (input.isPermanent && place.role !== 'admin') throw forbidden('Only administrators can make permanent bookings.');
  if (!place.desk) throw deskNotFound();
  // The statement judged the date (not past, within the horizon) by the database's clock; when it inserted, that stands.
  if (!place.bookingId) requireBookableDate(input.bookingDate, place.timeZone, 'bookingDate');
  if (place.isTaken) throw conflict(bookingMessages.alreadyBooked);
  if (!place.bookingId && !input.isPermanent && !place.desk.bookable) throw outOfService(place.desk);
  const values: writes.NewBooking = {
    organizationId: place.organizationId,
    deskId: place.desk.id,
    userId: personId,
    bookingDate: input.bookingDate,
    timeSlot: input.timeSlot,
    notes: input.notes ?? null,
    isPermanent: input.isPermanent === true,
    // Made for a person (issue 29): their assigned desk; without `userId`, an admin's block, as before.
    isAssigned: input.isPermanent === true && input.userId !== undefined,
  };
  const { id, replaced } = values.isPermanent
    ? await createPermanentBooking(context, values, place.desk.name, input.replaceConflicts === true, user.id, person)
    : { id: placedId(place), replaced: [] };
  const booking = {
    ...toNewBookingView(id, values, place.desk, person),
    ...(place.checkedInAt ? { checkedInAt: place.checkedInAt, isWalkIn: true } : {}),
  };

  const organization = { name: place.organizationName, timeZone: place.timeZone };
  const { recipientTimeZone } = place;
  sendInBackground(context, async () =>
    bookingConfirmationMail(
      person.email,
      [booking],
      organization,
      context.config.publicUrl,
      recipientTimeZone ?? (await recipientZoneOf(context, values.organizationId, personId)),
    ),
  );
  notifyOwners(context, replaced, user.id, organization, 'to make the desk a permanent assignment');
  // A released day of someone's assigned desk taken: its owner is told (issue 29), after the answer.
  // Known from the placement's own statement: no booking pays a second query for it.
  if (place.onReleasedDay && place.bookingId) {
    notifyReleasedDayOwners(context, { id: values.organizationId, name: organization.name }, [booking]);
  }
  return booking;
}

/**
 * A one-off placement that inserted nothing had something in the way, each said above, or (the clocks of the server
 * and the database a moment apart at midnight) a date the database found past or beyond the horizon.
 */
function placedId(place: writes.PlacedBooking): string {
  if (!place.bookingId) throw badRequest(bookingMessages.pastDate);
  return place.bookingId;
}

const outOfService = (desk: { name: string; unavailableReason: string | null }) =>
  conflict(`${desk.name} is out of service${desk.unavailableReason ? `: ${desk.unavailableReason}` : ''}.`);

/** Booking for someone else: 404 for a non-member of the organization, 403 for a member who is not an admin. */
async function requireBookerIsAdmin(context: AppContext, organizationId: string, bookerId: string) {
  const { role } = await findMemberOrganization(context, organizationId, bookerId);
  if (role !== 'admin') throw onlyAdminsBookForOthers();
}

/** The audit log's "A booked D04 for B". */
function recordBookingForSomeone(
  tx: Parameters<typeof recordAuditEvent>[0],
  bookerId: string,
  organizationId: string,
  bookingId: string,
  booking: {
    desk: string;
    bookingDate: string;
    timeSlot: string;
    isPermanent?: boolean;
    person: JudgedPerson['person'];
  },
) {
  return recordAuditEvent(tx, {
    organizationId,
    actor: { id: bookerId },
    action: 'booking.created_for_member',
    target: { type: 'booking', id: bookingId },
    details: {
      desk: booking.desk,
      bookingDate: booking.bookingDate,
      timeSlot: booking.timeSlot,
      isPermanent: booking.isPermanent === true,
      member: { name: displayName(booking.person), email: booking.person.email },
    },
  });
}

/**
 * A permanent booking holds its desk from its date on. Bookings in the way answer 409 with the list,
 * unless the admin confirmed: then they are cancelled and the booking made in one transaction.
 */
async function createPermanentBooking(
  context: AppContext,
  values: writes.NewBooking,
  deskName: string,
  replaceConflicts: boolean,
  bookerId: string,
  person: JudgedPerson['person'],
): Promise<{ id: string; replaced: BookingView[] }> {
  const from = repo.localRange(`${values.bookingDate} ${slotTimes[values.timeSlot].start}`, null);
  return context.db.transaction(async (tx) => {
    // Under the desk's lock, no booking can slip in between the list of conflicts and the insert.
    await writes.lockDesk(tx, values.deskId);
    const conflicts = await repo.listActiveBookingsOfDeskOverlapping(tx, values.organizationId, values.deskId, from);
    if (conflicts.length > 0 && !replaceConflicts) {
      const count = conflicts.length === 1 ? 'a booking' : `${conflicts.length} bookings`;
      throw new AppError(
        409,
        `${bookingMessages.alreadyBooked}: desk ${deskName} has ${count} from ${formatLongDate(values.bookingDate)} on. Confirm to cancel ${conflicts.length === 1 ? 'it' : 'them'} and make the permanent booking.`,
        { code: 'permanent_booking_conflicts', details: { conflicts: conflicts.map(toBookingView) } },
      );
    }
    const cancelled = await writes.cancelBookings(
      tx,
      values.organizationId,
      conflicts.map((row) => row.id),
      bookerId,
    );
    const id = await insertOrExplain(tx, values);
    await recordAuditEvent(tx, {
      organizationId: values.organizationId,
      actor: { id: bookerId },
      action: 'booking.permanent_created',
      target: { type: 'booking', id },
      details: {
        desk: deskName,
        bookingDate: values.bookingDate,
        timeSlot: values.timeSlot,
        cancelledBookings: cancelled.map(auditedBooking),
        ...(values.userId === bookerId ? {} : { member: { name: displayName(person), email: person.email } }),
      },
    });
    return { id, replaced: cancelled.map(toBookingView) };
  });
}

/**
 * A weekly series (spec section 4), for oneself or, by an admin, for a member: judged by the booking rules under the
 * person's lock and made all or nothing in one transaction; a conflict names its date.
 */
export async function createBulkBookings(context: AppContext, user: UserRow, input: BulkBookingInput) {
  const { organization } = await findMemberOrganization(context, input.organizationId, user.id);
  const personId = input.userId ?? user.id;
  if (!isUuid(personId)) throw personId === user.id ? organizationNotFound() : memberNotFound();
  if (!input.bookings.every((item) => isUuid(item.deskId))) throw deskNotFound();
  const deskIds = [...new Set(input.bookings.map((item) => item.deskId))];
  const [found, sites] = await Promise.all([
    findDesksInOrganization(context.db, organization.id, deskIds),
    repo.findDeskSites(context.db, organization.id, deskIds),
  ]);
  const desks = new Map(
    found.flatMap((desk) => {
      const site = sites.get(desk.id);
      return site ? [[desk.id, { ...desk, site }] as const] : [];
    }),
  );
  if (desks.size !== deskIds.length) throw deskNotFound();
  // Each date is judged on its desk's site's clock: today there, and two years from it.
  input.bookings.forEach((item, index) => {
    const zone = desks.get(item.deskId)?.site.timeZone ?? organization.timeZone;
    requireBookableDate(item.bookingDate, zone, `bookings.${index}.bookingDate`);
  });
  const unavailable = [...desks.values()].find((desk) => !desk.bookable);
  if (unavailable) throw outOfService(unavailable);

  const items = input.bookings.map((item) => ({
    organizationId: organization.id,
    deskId: item.deskId,
    userId: personId,
    bookingDate: item.bookingDate,
    timeSlot: item.timeSlot,
    notes: item.notes ?? null,
    isPermanent: false,
  }));
  // Desk locks are taken in one global order (desk, then date) so that two series never deadlock; the person's lock,
  // taken first by every booking, orders nothing against them.
  const order = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.deskId.localeCompare(b.item.deskId) || a.item.bookingDate.localeCompare(b.item.bookingDate));
  const { ids, person } = await context.db.transaction(async (tx) => {
    const judged = await judgeUnderPersonLock(tx, {
      organizationId: organization.id,
      personId,
      bookerId: user.id,
      requests: items.map((item) => ({ ...item, deskName: desks.get(item.deskId)?.name ?? '' })),
    });
    const created: string[] = new Array(items.length);
    for (const { item, index } of order) {
      try {
        created[index] = await insertOrExplain(tx, item);
      } catch (error) {
        if (!(error instanceof AppError && error.statusCode === 409)) throw error;
        throw conflict(
          `${bookingMessages.alreadyBooked} on ${formatLongDate(item.bookingDate)} (desk ${desks.get(item.deskId)?.name}). No bookings were made.`,
          { date: item.bookingDate, deskId: item.deskId, timeSlot: item.timeSlot },
        );
      }
    }
    if (personId !== user.id) {
      for (const [index, item] of items.entries()) {
        await recordBookingForSomeone(tx, user.id, organization.id, created[index] ?? '', {
          desk: desks.get(item.deskId)?.name ?? '',
          bookingDate: item.bookingDate,
          timeSlot: item.timeSlot,
          person: judged.person,
        });
      }
    }
    return { ids: created, person: judged.person };
  });
  const bookings = items.map((item, index) => {
    const desk = desks.get(item.deskId);
    if (!desk) throw deskNotFound();
    return toNewBookingView(ids[index] ?? '', item, desk, person);
  });
  sendInBackground(context, async () =>
    bookingConfirmationMail(
      person.email,
      bookings,
      organization,
      context.config.publicUrl,
      await recipientZoneOf(context, organization.id, personId),
    ),
  );
  notifyReleasedDayOwners(context, organization, bookings);
  return { message: `${bookings.length} ${bookings.length === 1 ? 'booking' : 'bookings'} created`, bookings };
}

/**
 * The owner cancels its own active booking from today on; an admin of the booking's organization
 * cancels any active one (checked here against the caller's membership, found with the booking).
 */
export async function cancelBooking(context: AppContext, userId: string, bookingId: string) {
  const found = isUuid(bookingId) ? await repo.findBookingOfMember(context.db, bookingId, userId) : undefined;
  if (!found) throw bookingNotFound();
  const isOwner = found.userId === userId;
  if (found.role !== 'admin' && !isOwner) throw forbidden('You can only cancel your own bookings.');
  if (found.status !== 'active') throw badRequest('This booking is already cancelled.');
  // The past is the desk's site's: its today.
  if (found.role !== 'admin' && !found.isPermanent && found.bookingDate < todayIn(found.timeZone)) {
    throw badRequest('A booking in the past cannot be cancelled.');
  }
  const cancelled = await context.db.transaction(async (tx) => {
    const [row] = await writes.cancelBookings(tx, found.organizationId, [found.id], userId);
    if (!row) throw badRequest('This booking is already cancelled.');
    if (!isOwner) {
      await recordAuditEvent(tx, {
        organizationId: found.organizationId,
        actor: { id: userId },
        action: 'booking.cancelled_by_admin',
        target: { type: 'booking', id: row.id },
        details: auditedBooking(row),
      });
    }
    return row;
  });
  notifyOwners(
    context,
    [toBookingView(cancelled)],
    userId,
    { name: found.organizationName, timeZone: found.organizationTimeZone },
    'on your behalf',
  );
  return { message: 'Booking cancelled.' };
}

/** Admin only (requireAdmin): a member's bookings from today on and its permanent ones (cancelUpcomingBookingsOfUser). */
export async function cancelAllBookingsOfUser(
  context: AppContext,
  adminId: string,
  organizationId: string,
  memberId: string,
) {
  const { organization } = await requireAdmin(context, organizationId, adminId);
  const member = isUuid(memberId) ? await findMember(context.db, organization.id, memberId) : undefined;
  if (!member) throw notFound('Member not found.');
  const cancelled = await context.db.transaction(async (tx) => {
    const rows = await writes.cancelUpcomingBookingsOfUser(tx, {
      userId: member.userId,
      organizationId: organization.id,
      cancelledBy: adminId,
    });
    if (rows.length > 0) {
      await recordAuditEvent(tx, {
        organizationId: organization.id,
        actor: { id: adminId },
        action: 'member.bookings_cancelled',
        target: { type: 'user', id: member.userId },
        details: {
          member: { name: displayName(member.user), email: member.user.email },
          cancelledBookings: rows.length,
        },
      });
    }
    return rows;
  });
  if (cancelled.length > 0) {
    notifyOwners(context, cancelled.map(toBookingView), adminId, organization, 'on your behalf');
  }
  const count = cancelled.length;
  return { message: `${count} ${count === 1 ? 'booking' : 'bookings'} cancelled`, cancelledCount: count };
}
