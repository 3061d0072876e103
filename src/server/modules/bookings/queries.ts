import {
  deskAvailabilityOn,
  slotAvailabilityOn,
  slotTimes,
  type TimeSlot,
  takenDatesOf,
  type WeeklyAvailabilityInput,
} from '#domain/bookings.ts';
import type { BookingView, DeskAvailabilityView, WeeklyAvailabilityView } from '#domain/bookings-responses.ts';
import { addDays } from '#domain/dates.ts';
import { isUuid } from '#domain/ids.ts';
import { bookingsForViewer, seesNames } from '#domain/privacy.ts';
import { remainingWorkingDays } from '#domain/site-times.ts';
import { describeWorkingDays } from '#domain/sites.ts';
import { CachedJsonBody } from '#server/cached-body.ts';
import type { AppContext } from '#server/context.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { findDeskInOrganization, findDeskOfMember, listDesksExcept } from '../desks/repo.ts';
import { findMemberOrganization } from '../organizations/service.ts';
import { BookingsReadCache, bookingsReadCache } from './day-cache.ts';
import { requireBookableDate, requireReadableDates } from './horizon.ts';
import { deskNotFound } from './placement.ts';
import * as repo from './repo.ts';
import { toBookingView } from './views.ts';

export const maxUserBookings = 500;
export const maxAlternatives = 10;

/**
 * Members only. The floor plan's hottest call (who sits where): the answer is the BookingView list already
 * serialised, kept per organization and range by this instance while the organization's bookings revision, read
 * with the membership check in one query, is unchanged (day-cache.ts, decision 009). A miss reads the bookings in
 * one more query, no N+1.
 */
export async function listOrganizationBookings(
  context: AppContext,
  userId: string,
  organizationId: string,
  range: { startDate: string; endDate: string },
): Promise<CachedJsonBody> {
  requireReadableDates(range);
  const membership = isUuid(organizationId)
    ? await repo.findBookingsRevision(context.db, organizationId, userId)
    : undefined;
  if (!membership) throw notFound('Organization not found.');
  const cache = bookingsReadCache(context);
  // The revision also moves with the sites' clocks (migration 0025): the answer's times are part of what it is valid for.
  const key = BookingsReadCache.key(organizationId, range.startDate, range.endDate);
  const revision = BigInt(membership.revision);
  const namesShown = seesNames(membership.role, membership.hideNames);
  // Names hidden (migration 0029): one body for members with no booking in the range, one per member who has one.
  const cached = namesShown ? cache.get(key, revision) : cachedWithoutNames(cache, key, revision, userId);
  if (cached) return cached;
  let [found, clocks] = await Promise.all([
    repo.listActiveBookingsInRange(context.db, organizationId, userId, range.startDate, range.endDate),
    repo.findSiteClocks(context.db, organizationId),
  ]);
  if (!found.isMember) throw notFound('Organization not found.');
  // A floor moved to a site made after the clocks were read: they are read again (and the answer not kept).
  const isCurrent = found.bookings.every((row) => clocks.has(row.siteId));
  if (!isCurrent) clocks = await repo.findSiteClocks(context.db, organizationId);
  const views = found.bookings.flatMap((row) => {
    const clock = clocks.get(row.siteId);
    return clock ? [toBookingView({ ...row, ...clock })] : [];
  });
  if (namesShown) {
    const body = new CachedJsonBody(Buffer.from(JSON.stringify(views)));
    if (isCurrent) cache.put(key, revision, body);
    return body;
  }
  const bookers = new Set(views.map((view) => view.userId));
  const anonymous = new CachedJsonBody(Buffer.from(JSON.stringify(bookingsForViewer(views, '', false))));
  if (isCurrent) cache.put(BookingsReadCache.withoutNames(key), revision, anonymous, bookers);
  if (!bookers.has(userId)) return anonymous;
  const own = new CachedJsonBody(Buffer.from(JSON.stringify(bookingsForViewer(views, userId, false))));
  if (isCurrent) cache.put(BookingsReadCache.withoutNames(key, userId), revision, own);
  return own;
}

/**
 * The day read without other people's names: the one body every member without a booking in the range gets, or the
 * member's own (their bookings named) when the shared body's list of bookers has them.
 */
function cachedWithoutNames(
  cache: BookingsReadCache,
  key: string,
  revision: bigint,
  userId: string,
): CachedJsonBody | undefined {
  const anonymous = cache.getWithBookers(BookingsReadCache.withoutNames(key), revision);
  if (!anonymous?.bookers) return undefined;
  if (!anonymous.bookers.has(userId)) return anonymous.body;
  return cache.get(BookingsReadCache.withoutNames(key, userId), revision);
}

/** The caller's own bookings, active and cancelled, newest date first (membership checked). */
export async function listMyBookings(
  context: AppContext,
  userId: string,
  organizationId: string,
): Promise<BookingView[]> {
  const { organization } = await findMemberOrganization(context, organizationId, userId);
  const rows = await repo.listBookingsOfUser(context.db, organization.id, userId, maxUserBookings);
  return rows.map(toBookingView);
}

function slotRange(date: string, slot: TimeSlot): string {
  return repo.localRange(`${date} ${slotTimes[slot].start}`, `${date} ${slotTimes[slot].end}`);
}

/** A desk's state on one date (spec section 4) for a member of its organization (checked by the lookup). */
export async function findDeskAvailability(
  context: AppContext,
  userId: string,
  deskId: string,
  date: string,
): Promise<DeskAvailabilityView> {
  requireReadableDates({ date });
  const found = isUuid(deskId) ? await findDeskOfMember(context.db, deskId, userId) : undefined;
  if (!found) throw deskNotFound();
  const { desk } = found;
  const namesShown = seesNames(found.role, found.hideNames);
  const wholeDay = repo.localRange(`${date} 00:00`, `${addDays(date, 1)} 00:00`);
  const rows = await repo.listActiveBookingsOfDeskOverlapping(context.db, desk.organizationId, desk.id, wholeDay);
  return {
    deskId: desk.id,
    date,
    status: deskAvailabilityOn(rows, date),
    slots: slotAvailabilityOn(rows, date),
    bookings: bookingsForViewer(rows.map(toBookingView), userId, namesShown),
  };
}

/**
 * Whether the desk is free in the slot on every remaining working day of its site in startDate's week (and on which
 * days it is not), and up to ten other desks of the organization that are (same floor first). Membership checked by
 * findMemberOrganization. The dates are the desk's site's: its today, its working days (issue 28).
 */
export async function findWeeklyAvailability(
  context: AppContext,
  userId: string,
  input: WeeklyAvailabilityInput,
): Promise<WeeklyAvailabilityView> {
  const { organization } = await findMemberOrganization(context, input.organizationId, userId);
  const desk = isUuid(input.deskId)
    ? await findDeskInOrganization(context.db, organization.id, input.deskId)
    : undefined;
  const site = desk && (await repo.findDeskSites(context.db, organization.id, [desk.id])).get(desk.id);
  if (!desk || !site) throw deskNotFound();
  requireBookableDate(input.startDate, site.timeZone, 'startDate');
  const dates = remainingWorkingDays(input.startDate, site.workingDays);
  const lastDate = dates.at(-1);
  if (!lastDate) {
    const days = describeWorkingDays(site.workingDays);
    const kind = days === 'Monday to Friday' ? 'weekday' : 'working day';
    throw badRequest(`A weekly booking starts on a ${kind}, ${days} (startDate)`);
  }

  const [busy, deskBookings] = await Promise.all([
    repo.listBusyDeskIds(
      context.db,
      organization.id,
      input.startDate,
      lastDate,
      dates.map((date) => slotRange(date, input.timeSlot)),
    ),
    repo.listActiveBookingsOfDeskOverlapping(
      context.db,
      organization.id,
      desk.id,
      repo.localRange(`${input.startDate} 00:00`, `${addDays(lastDate, 1)} 00:00`),
    ),
  ]);
  // Which days, so that the browser can say 'D03 is taken on Tuesday and Thursday'.
  const takenDates = takenDatesOf(deskBookings, dates, input.timeSlot);
  const alternatives = await listDesksExcept(
    context.db,
    organization.id,
    desk.floorId,
    [desk.id, ...busy],
    maxAlternatives,
  );
  return {
    originalDesk: { id: desk.id, name: desk.name, available: takenDates.length === 0, takenDates },
    alternatives: alternatives.map((alternative) => ({
      id: alternative.id,
      name: alternative.name,
      floor: { id: alternative.floorId, name: alternative.floorName },
    })),
    dates,
  };
}
