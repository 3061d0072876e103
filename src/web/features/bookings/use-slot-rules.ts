import { type BookingRuleContext, latestDateAllowed, needsHeldBookings, weeksCovering } from '#domain/booking-rules.ts';
import type { TimeSlot } from '#domain/bookings.ts';
import type { NeighbourhoodRestriction } from '#domain/neighbourhoods.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { type SiteClock, siteToday } from '#domain/sites.ts';
import { dateRefusalOf, heldBookingsOf, judgeSlots, useBookingRules } from '../booking-rules/index.ts';
import { useOrganizationBookings } from './list-organization-bookings.ts';

export interface SlotRules {
  /** Each slot's refusal sentence, when a rule forbids it; undefined until the rules and bookings are read. */
  refusals: Readonly<Record<TimeSlot, string | undefined>> | undefined;
  /** The advance window's sentence when it refuses the date itself. */
  dateRefusal: string | undefined;
  /** The last date the advance window lets this booker choose, if it applies. */
  latestDate: string | undefined;
  /** The rules or the person's bookings are still being read. */
  isChecking: boolean;
  /** What the slots were judged on, for the weekly option's plan (weekly-booking.ts); undefined until read. */
  context: BookingRuleContext | undefined;
}

/**
 * What the organization's booking rules say of each slot Book Desk offers, before anyone clicks: the domain's
 * judgeBookings (the server's own judgement) run on the rules, the person's one-off bookings of the week(s) the
 * dates fall in, read with the organization's range call, and the organization's check-in at the moment of the
 * render on the clock of the desk's site (its today, zone and hours, issue 28) (a slot of today whose check-in has closed). Permanent bookings are desk blocks: never judged. The slots
 * judge the date alone: what a weekly series meets later in its week is the weekly option's to say, once
 * (planWeeklyBooking), not every slot's.
 */
export function useSlotRules({
  organization,
  clock,
  siteName,
  desk,
  date,
  seriesDates,
  personId,
  personName,
  isPermanent,
  neighbourhood,
  personTeamIds,
}: {
  /** The desk's neighbourhood when it is kept for teams (issue 29); undefined: not judged here (the server judges). */
  neighbourhood?: NeighbourhoodRestriction | undefined;
  /** The teams of the person the booking is for. */
  personTeamIds?: readonly string[] | undefined;
  organization: OrganizationView;
  /** The desk's site: "today", and the check-in windows of its slots. */
  clock: SiteClock;
  /** The site's name, as the working-days sentence says it. */
  siteName: string;
  /** The desk that would be booked (a weekly series' alternative, if chosen). */
  desk: { id: string; name: string };
  /** The chosen date, when it is a date that may be booked at all (else null: nothing is judged). */
  date: string | null;
  /** The dates choosing a slot would book (the date, or the rest of its week): their weeks' bookings are read. */
  seriesDates: readonly string[];
  /** Whom the booking is for. */
  personId: string;
  /** Their name as the sentences say it; null for the booker themselves ("You"). */
  personName: string | null;
  isPermanent: boolean;
}): SlotRules {
  const today = siteToday(clock);
  const bookerIsAdmin = organization.role === 'admin';
  const rules = useBookingRules(organization.id);
  const week = date === null ? null : weeksCovering(seriesDates);
  const isJudged = !isPermanent && rules.data !== undefined && week !== null;
  const needsHeld = rules.data !== undefined && needsHeldBookings(rules.data, bookerIsAdmin);
  const bookings = useOrganizationBookings(
    organization.id,
    week?.from ?? today,
    week?.to ?? today,
    isJudged && needsHeld && personId !== '',
  );
  const isReady = isJudged && personId !== '' && (!needsHeld || bookings.data !== undefined);
  const context: BookingRuleContext | undefined =
    isReady && rules.data
      ? {
          rules: rules.data,
          today,
          bookerIsAdmin,
          personName,
          held: heldBookingsOf(bookings.data ?? [], personId),
          personTeamIds,
          // The desk's site: its working days are judged (members only) with its today and hours.
          site: { ...clock, name: siteName, today },
          // Book Desk is never a walk-in: a slot of today whose check-in has closed says so, and offers Sit here.
          checkIn: {
            checkInRequired: rules.data.checkInRequired,
            checkInGraceMinutes: rules.data.checkInGraceMinutes,
            timeZone: clock.timeZone,
            dayStart: clock.dayStart,
            midday: clock.midday,
            dayEnd: clock.dayEnd,
            now: new Date(),
            isWalkIn: false,
          },
        }
      : undefined;
  const judged =
    context && date !== null
      ? judgeSlots(
          (timeSlot) => [{ deskId: desk.id, deskName: desk.name, bookingDate: date, timeSlot, neighbourhood }],
          context,
        )
      : undefined;
  return {
    context,
    refusals: judged && {
      'full-day': judged['full-day']?.message,
      morning: judged.morning?.message,
      afternoon: judged.afternoon?.message,
    },
    dateRefusal: judged && date !== null ? dateRefusalOf(judged, date)?.message : undefined,
    latestDate: rules.data && !isPermanent ? latestDateAllowed({ rules: rules.data, today, bookerIsAdmin }) : undefined,
    isChecking: !isPermanent && (rules.isLoading || (isJudged && needsHeld && bookings.isLoading)),
  };
}
