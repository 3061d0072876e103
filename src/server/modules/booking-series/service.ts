import { displayName } from '#domain/account.ts';
import type { BookingSite } from '#domain/booking-rules.ts';
import { addDays, todayIn } from '#domain/dates.ts';
import { isUuid } from '#domain/ids.ts';
import {
  type CreatedSeries,
  type CreateSeriesInput,
  describeSeries,
  planSeries,
  type SeriesOccurrence,
  type SeriesPlan,
  type SeriesView,
  seriesDates,
  seriesMessages,
  seriesRuleProblem,
} from '#domain/recurring-bookings.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, badRequest, conflict, forbidden, notFound, sqlState } from '#server/errors.ts';
import type { UserRow } from '../accounts/user-row.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { tooBusy } from '../bookings/desk-queue.ts';
import { notifyOwners, recipientZoneOf, sendInBackground } from '../bookings/mail-delivery.ts';
import { deskNotFound } from '../bookings/placement.ts';
import * as bookingsRepo from '../bookings/repo.ts';
import { organizationNotFound, rulesUnderPersonLock } from '../bookings/rules.ts';
import { auditedBooking, toBookingView, toNewBookingView } from '../bookings/views.ts';
import { lockDesk } from '../bookings/writes-repo.ts';
import { findDesksInOrganization } from '../desks/repo.ts';
import { findMemberOrganization } from '../organizations/service.ts';
import { seriesConfirmationMail } from './mails.ts';
import * as repo from './repo.ts';

// Office days that repeat (issue 29). Who checked what: findMemberOrganization the caller's membership (404 else),
// rulesUnderPersonLock that only an admin books for someone else and that the person is a member; a series' reads and
// cancellation the caller's membership of its organization (404 else) and that it is theirs or they are an admin.

const seriesNotFound = () => notFound(seriesMessages.notFound);

/**
 * With `preview`, answers the plan (every date, booked or not and why) and writes nothing. Otherwise books, in one
 * transaction under the person's lock and then the desk's, every date the plan allows, and answers the series with
 * the dates it skipped; a date taken in between is skipped too, never an error. Nothing to book at all is a 422.
 */
export async function createSeries(
  context: AppContext,
  user: UserRow,
  input: CreateSeriesInput,
): Promise<SeriesPlan | CreatedSeries> {
  const { organization } = await findMemberOrganization(context, input.organizationId, user.id);
  const personId = input.userId ?? user.id;
  if (!isUuid(personId)) throw personId === user.id ? organizationNotFound() : notFound('Member not found.');
  if (!isUuid(input.deskId)) throw deskNotFound();
  const [[desk], sites] = await Promise.all([
    findDesksInOrganization(context.db, organization.id, [input.deskId]),
    bookingsRepo.findDeskSites(context.db, organization.id, [input.deskId]),
  ]);
  const deskSite = sites.get(input.deskId);
  if (!desk || !deskSite) throw deskNotFound();
  if (!desk.bookable) {
    throw conflict(`${desk.name} is out of service${desk.unavailableReason ? `: ${desk.unavailableReason}` : ''}.`);
  }
  const problem = seriesRuleProblem(input, deskSite.today);
  if (problem) throw badRequest(problem);
  const dates = seriesDates(input);
  const first = dates[0] as string;
  const last = dates.at(-1) as string;

  const outcome = await context.db.transaction(async (tx) => {
    const {
      judged,
      context: rules,
      requests,
    } = await rulesUnderPersonLock(tx, {
      organizationId: organization.id,
      personId,
      bookerId: user.id,
      requests: dates.map((bookingDate) => ({
        deskId: desk.id,
        deskName: desk.name,
        bookingDate,
        timeSlot: input.timeSlot,
      })),
    });
    // Under the desk's lock (taken after the person's, as every booking does), its bookings read are all there are.
    if (!input.preview) await lockDeskOrExplain(tx, desk.id);
    const deskBookings = await bookingsRepo.listActiveBookingsOfDeskOverlapping(
      tx,
      organization.id,
      desk.id,
      bookingsRepo.localRange(`${first} 00:00`, `${addDays(last, 1)} 00:00`),
    );
    const site: BookingSite = requests[0]?.site ?? { ...deskSite };
    const plan = planSeries({
      dates,
      desk: { id: desk.id, name: desk.name, neighbourhood: requests[0]?.neighbourhood },
      slot: input.timeSlot,
      site,
      rules,
      deskBookings,
      personId,
    });
    if (input.preview) return { plan };
    const toBook = plan.occurrences.filter((occurrence) => occurrence.willBook).map((occurrence) => occurrence.date);
    const firstRefusal = plan.occurrences.find((occurrence) => !occurrence.willBook)?.reason;
    if (toBook.length === 0) {
      throw new AppError(422, `${seriesMessages.nothingToBook}: ${firstRefusal ?? ''}`.replace(/: $/, '.'), {
        code: 'series_nothing_to_book',
        details: { occurrences: plan.occurrences },
      });
    }
    const seriesId = await repo.insertSeries(tx, {
      organizationId: organization.id,
      userId: personId,
      deskId: desk.id,
      timeSlot: input.timeSlot,
      weekdays: input.weekdays,
      interval: input.interval,
      startDate: input.startDate,
      untilDate: input.untilDate,
      createdBy: user.id,
    });
    const booked = await repo.insertSeriesBookings(tx, {
      organizationId: organization.id,
      deskId: desk.id,
      userId: personId,
      timeSlot: input.timeSlot,
      seriesId,
      dates: toBook,
    });
    if (booked.length === 0) throw conflict(`${seriesMessages.nothingToBook}: the desk was taken meanwhile.`);
    const bookedDates = new Set(booked.map((row) => row.bookingDate));
    const skipped: SeriesOccurrence[] = plan.occurrences.flatMap((occurrence) => {
      if (!occurrence.willBook) return [occurrence];
      if (bookedDates.has(occurrence.date)) return [];
      return [
        { ...occurrence, willBook: false, rule: 'taken' as const, reason: 'Desk is already booked for this time slot' },
      ];
    });
    if (personId !== user.id) {
      await recordAuditEvent(tx, {
        organizationId: organization.id,
        actor: { id: user.id },
        action: 'booking.series_created_for_member',
        target: { type: 'booking_series', id: seriesId },
        details: {
          desk: desk.name,
          timeSlot: input.timeSlot,
          repeats: describeSeries(input),
          startDate: input.startDate,
          untilDate: input.untilDate,
          bookedCount: booked.length,
          member: { name: displayName(judged.person), email: judged.person.email },
        },
      });
    }
    return { created: { seriesId, booked, skipped, person: judged.person, site } };
  });
  if (outcome.plan) return outcome.plan;
  if (!outcome.created) throw new Error('a series was neither planned nor made');
  const { seriesId, booked, skipped, person, site } = outcome.created;
  const views = booked.map((row) =>
    toNewBookingView(
      row.id,
      {
        organizationId: organization.id,
        deskId: desk.id,
        userId: personId,
        bookingDate: row.bookingDate,
        timeSlot: input.timeSlot,
        notes: null,
        isPermanent: false,
      },
      { name: desk.name, floorName: desk.floorName, site: { ...deskSite, ...site, id: deskSite.id } },
      person,
    ),
  );
  sendInBackground(context, async () =>
    seriesConfirmationMail(
      person.email,
      input,
      views,
      skipped,
      organization,
      context.config.publicUrl,
      await recipientZoneOf(context, organization.id, personId),
    ),
  );
  const found = await repo.findSeriesOfMember(context.db, seriesId, user.id);
  if (!found) throw seriesNotFound();
  const count = booked.length === 1 ? '1 date booked' : `${booked.length} dates booked`;
  const notBooked = skipped.length === 0 ? '' : `, ${skipped.length} not`;
  return { message: `${count}${notBooked}`, series: toSeriesView(found), skipped };
}

/** Lock waits are bounded by the pool's lock_timeout: a desk held that long answers "too busy", never a 5xx. */
async function lockDeskOrExplain(tx: Parameters<typeof lockDesk>[0], deskId: string) {
  try {
    await lockDesk(tx, deskId);
  } catch (error) {
    if (sqlState(error) === '55P03') throw tooBusy();
    throw error;
  }
}

function toSeriesView(row: repo.SeriesRow): SeriesView {
  return {
    id: row.id,
    organizationId: row.organizationId,
    userId: row.userId,
    deskId: row.deskId,
    desk: { name: row.deskName, floor: { name: row.floorName } },
    timeSlot: row.timeSlot,
    weekdays: row.weekdays,
    interval: row.interval,
    startDate: row.startDate,
    untilDate: row.untilDate,
    createdAt: row.createdAt,
    cancelledAt: row.cancelledAt,
    bookings: row.bookings,
  };
}

/** The series, for its owner or an admin of its organization; 404 for anyone outside it, 403 for another member. */
async function findOwnSeries(context: AppContext, userId: string, seriesId: string) {
  const found = isUuid(seriesId) ? await repo.findSeriesOfMember(context.db, seriesId, userId) : undefined;
  if (!found) throw seriesNotFound();
  if (found.userId !== userId && found.role !== 'admin') throw forbidden(seriesMessages.notYours);
  return found;
}

export async function getSeries(context: AppContext, userId: string, seriesId: string): Promise<SeriesView> {
  return toSeriesView(await findOwnSeries(context, userId, seriesId));
}

/** GET /api/users/booking-series: the caller's series with upcoming bookings in one organization (members only). */
export async function listMySeries(context: AppContext, userId: string, organizationId: string) {
  const { organization } = await findMemberOrganization(context, organizationId, userId);
  return (await repo.listUpcomingSeriesOfUser(context.db, organization.id, userId)).map(toSeriesView);
}

/**
 * Cancels the series' bookings from `from` on (never before its site's today: the past is history), or all its
 * upcoming ones; an admin cancelling someone else's is audited and the owner told by mail.
 */
export async function cancelSeries(context: AppContext, userId: string, seriesId: string, from: string | undefined) {
  const found = await findOwnSeries(context, userId, seriesId);
  const today = todayIn(found.timeZone);
  const start = from && from > today ? from : today;
  const isOwner = found.userId === userId;
  const cancelled = await context.db.transaction(async (tx) => {
    const rows = await repo.cancelSeriesBookings(tx, {
      organizationId: found.organizationId,
      seriesId: found.id,
      from: start,
      cancelledBy: userId,
    });
    if (rows.length === 0) throw badRequest(seriesMessages.nothingLeft);
    if (!isOwner) {
      await recordAuditEvent(tx, {
        organizationId: found.organizationId,
        actor: { id: userId },
        action: 'booking.series_cancelled_by_admin',
        target: { type: 'booking_series', id: found.id },
        details: {
          desk: found.deskName,
          from: start,
          cancelledBookings: rows.length,
          bookings: rows.slice(0, 20).map(auditedBooking),
          owner: { name: displayName(found), email: found.email },
        },
      });
    }
    return rows;
  });
  notifyOwners(
    context,
    cancelled.map(toBookingView),
    userId,
    { name: found.organizationName, timeZone: found.organizationTimeZone },
    'on your behalf',
  );
  const count = cancelled.length;
  return { message: `${count} ${count === 1 ? 'booking' : 'bookings'} cancelled`, cancelledCount: count };
}
