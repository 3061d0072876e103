import {
  type BookingOccupancy,
  bookingsByDeskOn,
  countsOnDate,
  deskAvailabilityOn,
  isDateReleased,
  slotAvailabilityOn,
  type TimeSlot,
} from './bookings.ts';
import type { SharedBookingView } from './bookings-responses.ts';
import { todayIn } from './dates.ts';
import type { DeskView } from './floor-plan.ts';
import { bookerLabel } from './privacy.ts';
import { assignedLabel } from './releases.ts';
import type { SiteClock } from './sites.ts';
import { foldForSearch, searchWordsOf } from './text.ts';

/** Spec sections 1 and 4: a desk's state on a date, with a permanent booking shown as BLOCKED. */
export type DeskStatus = 'available' | 'partial' | 'booked' | 'blocked';

/** Spec section 4 (deskAvailabilityOn), except that any counted permanent booking makes the desk BLOCKED. */
export function deskStatusOn(bookings: readonly BookingOccupancy[], date: string): DeskStatus {
  if (bookings.some((booking) => booking.isPermanent && countsOnDate(booking, date))) return 'blocked';
  return deskAvailabilityOn(bookings, date);
}

/** Someone holding a desk on the date, in the list's words. */
export interface DeskHolder {
  /** Null for someone else's booking when the organization hides names (issue 29). */
  userId: string | null;
  name: string;
  slot: TimeSlot;
  isPermanent: boolean;
  isYou: boolean;
  /** Checked in (issue 16), shown for everyone, oneself included. */
  isCheckedIn: boolean;
}

/** An assigned desk (issue 29) in the list's words. */
export interface DeskAssignment {
  /** 'Assigned to Dana Scully', or 'Assigned' when the organization hides the name (assignedLabel). */
  label: string;
  /** Its owner released the date: others may book it, and the row shows the date as it is. */
  isReleased: boolean;
}

/** One desk of the list view on one date. */
export interface DeskListRow {
  deskId: string;
  name: string;
  status: DeskStatus;
  /** Slots a booking could take. A BLOCKED desk is free in none: it is reserved, not bookable. */
  free: Readonly<Record<TimeSlot, boolean>>;
  /** Morning first, then full day, then afternoon. An assigned desk's owner is its `assigned`, not a holder. */
  holders: readonly DeskHolder[];
  /**
   * Someone's assigned desk (issue 29): on a date it holds, its words replace 'Blocked, permanent'; on a date its owner
   * released, the row shows the date's own state and says whose desk it is.
   */
  assigned?: DeskAssignment;
  /**
   * The current user has booked the desk (or a part of its day). A permanent block is not a booking of
   * one's own, even when one made it (as on the map): its desk is BLOCKED.
   */
  isYours: boolean;
  /** The desk's name and its holders' names, folded for search (see searchKeyOf). */
  searchKey: string;
  /** What the desk says about itself (issue 15). */
  description: string | null;
  amenities: readonly string[];
  /** false: out of service, with unavailableReason; free in no slot, whatever its bookings. */
  bookable: boolean;
  unavailableReason: string | null;
}

export const deskListFilters = ['all', 'free-now', 'free-morning', 'free-afternoon', 'free-all-day'] as const;
export type DeskListFilter = (typeof deskListFilters)[number];

export const deskListFilterLabels: Record<DeskListFilter, string> = {
  all: 'All',
  'free-now': 'Free now',
  'free-morning': 'Free this morning',
  'free-afternoon': 'Free this afternoon',
  'free-all-day': 'Free all day',
};

/**
 * Which part of the list's date is now, on the site's clock: the slot under way (or, before the day
 * starts, about to start); null when the date is not today there or the day's slots are over, when 'free
 * now' means nothing (a desk booked all day would otherwise count as free in the evening).
 */
export type SlotNow = 'morning' | 'afternoon' | null;

const slotOrder: Record<TimeSlot, number> = { morning: 0, 'full-day': 1, afternoon: 2 };
const allFree: Readonly<Record<TimeSlot, boolean>> = Object.freeze({
  'full-day': true,
  morning: true,
  afternoon: true,
});
const noneFree: Readonly<Record<TimeSlot, boolean>> = Object.freeze({
  'full-day': false,
  morning: false,
  afternoon: false,
});
const noHolders: readonly DeskHolder[] = Object.freeze([]);

/** Lower case without accents, so that 'zoe' finds 'Zoë' and 'ZOË' (the same folding as people search). */
export const searchKeyOf = foldForSearch;

/**
 * A key whose plain string order is natural order: folded like a search key, with every run of digits
 * padded to 12, so that D2 sorts before D10 and 'desk a' beside 'Desk A'. Comparing these is several times
 * faster than Intl.Collator's numeric compare on 2,000 names.
 */
export function naturalSortKey(name: string): string {
  return searchKeyOf(name).replace(/\d+/g, (digits) => digits.padStart(12, '0'));
}

/** One row per desk, sorted by desk name in natural order; only the date's counted bookings matter. */
export function buildDeskRows(
  desks: readonly DeskView[],
  bookings: readonly SharedBookingView[],
  date: string,
  currentUserId: string,
): DeskListRow[] {
  const byDesk = bookingsByDeskOn(bookings, date);
  const assignments = assignmentsOn(bookings, date);
  const sortKeys = new Map<string, string>();
  const rows = desks.map((desk): DeskListRow => {
    sortKeys.set(desk.id, naturalSortKey(desk.name));
    const held = byDesk.get(desk.id);
    const assignment = assignments.get(desk.id);
    const about = {
      description: desk.description,
      amenities: desk.amenities,
      bookable: desk.bookable,
      unavailableReason: desk.bookable ? null : desk.unavailableReason,
      ...(assignment ? { assigned: assignment.assigned } : {}),
    };
    const assignedName = assignment?.name ?? '';
    if (!held) {
      return {
        deskId: desk.id,
        name: desk.name,
        status: 'available',
        free: desk.bookable ? allFree : noneFree,
        holders: noHolders,
        isYours: false,
        searchKey: searchKeyOf([desk.name, assignedName].join('\n')),
        ...about,
      };
    }
    const status = deskStatusOn(held, date);
    const slots = slotAvailabilityOn(held, date);
    const holders = held
      // The assigned desk's owner is said by `assigned`, in place of 'Blocked, permanent'.
      .filter((booking) => !(booking.isPermanent && booking.isAssigned))
      .map(
        (booking): DeskHolder => ({
          userId: booking.userId,
          name: bookerLabel(booking),
          slot: booking.timeSlot,
          isPermanent: booking.isPermanent,
          isYou: booking.userId === currentUserId,
          isCheckedIn: booking.checkedInAt !== null,
        }),
      )
      .sort((a, b) => slotOrder[a.slot] - slotOrder[b.slot]);
    return {
      deskId: desk.id,
      name: desk.name,
      status,
      free:
        status === 'blocked' || !desk.bookable
          ? noneFree
          : {
              'full-day': slots['full-day'] === 'available',
              morning: slots.morning === 'available',
              afternoon: slots.afternoon === 'available',
            },
      holders,
      isYours: holders.some((holder) => holder.isYou && !holder.isPermanent),
      searchKey: searchKeyOf([desk.name, assignedName, ...holders.map((holder) => holder.name)].join('\n')),
      ...about,
    };
  });
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows.sort(
    (a, b) =>
      order(sortKeys.get(a.deskId)!, sortKeys.get(b.deskId)!) || order(a.name, b.name) || order(a.deskId, b.deskId),
  );
}

/**
 * The assigned desks (issue 29) on a date, by desk: whose each is (and the name search finds it by) and whether its
 * owner released the date. A desk has one active permanent booking at most from any date on.
 */
function assignmentsOn(
  bookings: readonly SharedBookingView[],
  date: string,
): Map<string, { assigned: DeskAssignment; name: string }> {
  const found = new Map<string, { assigned: DeskAssignment; name: string }>();
  for (const booking of bookings) {
    if (!booking.isPermanent || !booking.isAssigned || booking.status !== 'active' || booking.bookingDate > date) {
      continue;
    }
    found.set(booking.deskId, {
      assigned: { label: assignedLabel(booking.user), isReleased: isDateReleased(booking.releases, date) },
      name: booking.user ? bookerLabel(booking) : '',
    });
  }
  return found;
}

function minutesOf(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

// Building an Intl.DateTimeFormat is slow: one per zone.
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in a time zone as minutes after midnight. */
function minutesNowIn(timeZone: string, now: Date): number {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? '0');
  return part('hour') * 60 + part('minute');
}

/**
 * See SlotNow, on the clock of the floor's site (its zone, midday and end of day, issue 28). The morning runs until
 * the afternoon starts, and before the office opens the morning
 * about to start is the one that counts (at 08:30 'free now' means free this morning).
 */
export function slotNow(site: Pick<SiteClock, 'timeZone' | 'midday' | 'dayEnd'>, date: string, now: Date): SlotNow {
  if (todayIn(site.timeZone, now) !== date) return null;
  const minutes = minutesNowIn(site.timeZone, now);
  if (minutes < minutesOf(site.midday)) return 'morning';
  if (minutes < minutesOf(site.dayEnd)) return 'afternoon';
  return null;
}

/** What the list shows: a filter, a search text and the amenities a desk must have. */
export interface DeskListCriteria {
  filter: DeskListFilter;
  search: string;
  slotNow: SlotNow;
  /** Every one of them, case ignored; none chosen shows every desk. */
  amenities?: readonly string[];
}

/** The amenity filter of the map and the list (issue 15): a desk matches when it has every chosen tag. */
export function hasAmenities(deskAmenities: readonly string[], wanted: readonly string[]): boolean {
  if (wanted.length === 0) return true;
  const own = new Set(deskAmenities.map((tag) => tag.toLocaleLowerCase('en')));
  return wanted.every((tag) => own.has(tag.toLocaleLowerCase('en')));
}

/**
 * The tags worth offering as a filter for these desks: those of the organization's list that at least one desk
 * carries, in the list's order, then any a desk carries that the list no longer has.
 */
export function amenitiesInUse(desks: readonly { amenities: readonly string[] }[], list: readonly string[]): string[] {
  const used = new Map<string, string>();
  for (const desk of desks) for (const tag of desk.amenities) used.set(tag.toLocaleLowerCase('en'), tag);
  const offered = list.filter((tag) => used.delete(tag.toLocaleLowerCase('en')));
  return [...offered, ...used.values()];
}

function matchesSearch(row: DeskListRow, terms: readonly string[]): boolean {
  for (const term of terms) if (!row.searchKey.includes(term)) return false;
  return true;
}

/** Free now: free in the slot under way; when there is none (see SlotNow), no desk is. */
function matchesFilter(row: DeskListRow, filter: DeskListFilter, now: SlotNow): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'free-now':
      return now !== null && row.free[now];
    case 'free-morning':
      return row.free.morning;
    case 'free-afternoon':
      return row.free.afternoon;
    case 'free-all-day':
      return row.free['full-day'];
  }
}

/** The rows a filter and a search text leave, in their order. */
export function filterDeskRows(rows: readonly DeskListRow[], criteria: DeskListCriteria): DeskListRow[] {
  const terms = searchWordsOf(criteria.search);
  const wanted = criteria.amenities ?? [];
  const shown: DeskListRow[] = [];
  for (const row of rows) {
    if (
      matchesSearch(row, terms) &&
      hasAmenities(row.amenities, wanted) &&
      matchesFilter(row, criteria.filter, criteria.slotNow)
    ) {
      shown.push(row);
    }
  }
  return shown;
}

/** How many rows each filter would show with this search text. */
export function countByFilter(
  rows: readonly DeskListRow[],
  search: string,
  now: SlotNow,
  amenities: readonly string[] = [],
): Record<DeskListFilter, number> {
  const terms = searchWordsOf(search);
  const counts: Record<DeskListFilter, number> = {
    all: 0,
    'free-now': 0,
    'free-morning': 0,
    'free-afternoon': 0,
    'free-all-day': 0,
  };
  for (const row of rows) {
    if (!matchesSearch(row, terms) || !hasAmenities(row.amenities, amenities)) continue;
    for (const filter of deskListFilters) if (matchesFilter(row, filter, now)) counts[filter] += 1;
  }
  return counts;
}
