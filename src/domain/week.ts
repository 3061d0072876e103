import { isoWeekday } from './analytics-dates.ts';
import { countsOnDate, isoDateSchema, type TimeSlot, timeSlots } from './bookings.ts';
import { addDays } from './dates.ts';
import { idSchema } from './ids.ts';
import { z } from './zod.ts';

// Issue 29, planning the week together: who of my teams and the colleagues I follow is in on each working day of the
// week, where and with which slot; my own days marked. Following is bounded and kept to one organization.

/** The most colleagues one person follows. */
export const maxFollows = 200;

/** GET /api/organizations/{id}/following answers this; PUT answers it too. */
export const followingSchema = z.object({
  userIds: z.array(z.string()),
  /** "Tomorrow: Ana and Raj are in, 3rd floor", the evening before a working day. */
  dailyMail: z.boolean(),
  /** The organization hides names from members: following is off (the list is empty). */
  namesHidden: z.boolean(),
});
export type FollowingView = z.infer<typeof followingSchema>;

/** PUT /api/organizations/{id}/following: the whole list of colleagues followed, the mail, or both. */
export const updateFollowingSchema = z
  .strictObject({
    userIds: z
      .array(idSchema, { error: 'userIds must be a list of member ids' })
      .max(maxFollows, `You can follow at most ${maxFollows} colleagues`)
      .optional(),
    dailyMail: z.boolean({ error: 'dailyMail must be true or false' }).optional(),
  })
  .refine((value) => value.userIds !== undefined || value.dailyMail !== undefined, {
    message: 'Send userIds or dailyMail',
  });
export type UpdateFollowingInput = z.infer<typeof updateFollowingSchema>;

/**
 * GET /api/organizations/{id}/week?start=YYYY-MM-DD&siteId=: any date of the week (default: today at the site), at a
 * site of the organization (default: the caller's home site).
 */
export const weekQuerySchema = z.strictObject({
  start: isoDateSchema('start must be a date').optional(),
  siteId: idSchema.optional(),
});

const weekEntrySchema = z.object({
  bookingId: z.string(),
  deskId: z.string(),
  deskName: z.string(),
  floorId: z.string(),
  floorName: z.string(),
  /** The desk's neighbourhood (migration 0026), or null. */
  neighbourhoodId: z.string().nullable(),
  timeSlot: z.enum(timeSlots),
  isPermanent: z.boolean(),
});
export type WeekEntry = z.infer<typeof weekEntrySchema>;

const nearDeskSchema = z.object({
  deskId: z.string(),
  deskName: z.string(),
  floorId: z.string(),
  /** In the colleague's neighbourhood; false: elsewhere on their floor. */
  isSameNeighbourhood: z.boolean(),
});
export type NearDesk = z.infer<typeof nearDeskSchema>;

const weekPersonSchema = weekEntrySchema.extend({
  userId: z.string(),
  name: z.string(),
  isFollowed: z.boolean(),
  isTeamMate: z.boolean(),
  /** A desk free in the same slot that day near them ("Book near"): same neighbourhood, else same floor; or null. */
  near: nearDeskSchema.nullable(),
});
export type WeekPerson = z.infer<typeof weekPersonSchema>;

export const weekSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  /** The Monday of the week. */
  weekStart: z.string(),
  namesHidden: z.boolean(),
  days: z.array(
    z.object({
      date: z.string(),
      /** My own bookings that day (marked in the view). */
      mine: z.array(weekEntrySchema),
      /** Colleagues I follow first, then my teams', by name; empty when names are hidden. */
      people: z.array(weekPersonSchema),
      /** How many people have a desk at the site that day, everyone counted. */
      inCount: z.number().int(),
    }),
  ),
});
export type WeekView = z.infer<typeof weekSchema>;

/** The Monday of the ISO week of `date`. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** The site's working days in the week of `date`, Monday first. */
export function workingDaysOfWeek(date: string, workingDays: readonly number[]): string[] {
  const monday = mondayOf(date);
  return [0, 1, 2, 3, 4, 5, 6]
    .map((offset) => addDays(monday, offset))
    .filter((day) => workingDays.includes(isoWeekday(day)));
}

/** A booking at the site in the week, as the assembly reads it. */
export interface WeekBooking extends WeekEntry {
  userId: string;
  name: string;
  bookingDate: string;
  status: 'active' | 'cancelled';
}

/** A bookable desk of the site, where it stands. */
export interface WeekDesk {
  id: string;
  name: string;
  floorId: string;
  neighbourhoodId: string | null;
  x: number;
  y: number;
}

export interface WeekInput {
  dates: readonly string[];
  bookings: readonly WeekBooking[];
  /** The site's bookable desks, for "Book near". */
  desks: readonly WeekDesk[];
  me: string;
  followedIds: ReadonlySet<string>;
  teamMateIds: ReadonlySet<string>;
  namesHidden: boolean;
}

const slotOrder: Record<TimeSlot, number> = { morning: 0, 'full-day': 1, afternoon: 2 };

function slotsMeet(a: TimeSlot, b: TimeSlot): boolean {
  return a === b || a === 'full-day' || b === 'full-day';
}

/**
 * The free desk nearest to `beside` for `slot` among the day's bookings: in its neighbourhood first (when it has one),
 * else anywhere on its floor; the closest on the plan wins, then the name. Null when the floor is full.
 */
export function nearestFreeDesk(
  desks: readonly WeekDesk[],
  dayBookings: readonly Pick<WeekBooking, 'deskId' | 'timeSlot'>[],
  beside: { deskId: string; floorId: string; neighbourhoodId: string | null },
  slot: TimeSlot,
): NearDesk | null {
  const busy = new Set(dayBookings.filter((booking) => slotsMeet(booking.timeSlot, slot)).map((b) => b.deskId));
  const origin = desks.find((desk) => desk.id === beside.deskId);
  const distance = (desk: WeekDesk) => (origin ? Math.hypot(desk.x - origin.x, desk.y - origin.y) : 0);
  const free = desks
    .filter((desk) => desk.floorId === beside.floorId && desk.id !== beside.deskId && !busy.has(desk.id))
    .sort((a, b) => distance(a) - distance(b) || a.name.localeCompare(b.name));
  const inNeighbourhood = beside.neighbourhoodId
    ? free.find((desk) => desk.neighbourhoodId === beside.neighbourhoodId)
    : undefined;
  const chosen = inNeighbourhood ?? free[0];
  if (!chosen) return null;
  return {
    deskId: chosen.id,
    deskName: chosen.name,
    floorId: chosen.floorId,
    isSameNeighbourhood: beside.neighbourhoodId !== null && chosen.neighbourhoodId === beside.neighbourhoodId,
  };
}

function entryOf(booking: WeekBooking): WeekEntry {
  return {
    bookingId: booking.bookingId,
    deskId: booking.deskId,
    deskName: booking.deskName,
    floorId: booking.floorId,
    floorName: booking.floorName,
    neighbourhoodId: booking.neighbourhoodId,
    timeSlot: booking.timeSlot,
    isPermanent: booking.isPermanent,
  };
}

/**
 * Each day: my bookings, the people I follow (first) and my team mates (then) with theirs, by name and slot, and how
 * many people are in. When names are hidden nobody else is listed: only my days and the counts.
 */
export function assembleWeek(input: WeekInput): Pick<WeekView, 'days' | 'namesHidden'> {
  const days = input.dates.map((date) => {
    const counted = input.bookings.filter((booking) => countsOnDate(booking, date));
    const mine = counted
      .filter((booking) => booking.userId === input.me)
      .sort((a, b) => slotOrder[a.timeSlot] - slotOrder[b.timeSlot])
      .map(entryOf);
    const people = input.namesHidden
      ? []
      : counted
          .filter(
            (booking) =>
              booking.userId !== input.me &&
              (input.followedIds.has(booking.userId) || input.teamMateIds.has(booking.userId)),
          )
          .map(
            (booking): WeekPerson => ({
              ...entryOf(booking),
              userId: booking.userId,
              name: booking.name,
              isFollowed: input.followedIds.has(booking.userId),
              isTeamMate: input.teamMateIds.has(booking.userId),
              near: nearestFreeDesk(input.desks, counted, booking, booking.timeSlot),
            }),
          )
          .sort(
            (a, b) =>
              Number(b.isFollowed) - Number(a.isFollowed) ||
              a.name.localeCompare(b.name) ||
              slotOrder[a.timeSlot] - slotOrder[b.timeSlot],
          );
    return { date, mine, people, inCount: new Set(counted.map((booking) => booking.userId)).size };
  });
  return { days, namesHidden: input.namesHidden };
}

/** "Ana", "Ana and Raj", "Ana, Raj and Kim"; past `max` names, "Ana, Raj and 3 others". */
export function joinNames(names: readonly string[], max = 5): string {
  if (names.length > max) {
    const others = names.length - (max - 1);
    return `${names.slice(0, max - 1).join(', ')} and ${others} others`;
  }
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The evening mail's line: "Tomorrow: Ana and Raj are in, 3rd floor; Kim is in, 2nd floor". */
export function dailyMailLine(when: string, people: readonly { name: string; floorName: string }[]): string {
  const byFloor = new Map<string, string[]>();
  for (const person of people) {
    const names = byFloor.get(person.floorName) ?? [];
    if (!names.includes(person.name)) names.push(person.name);
    byFloor.set(person.floorName, names);
  }
  const parts = [...byFloor].map(
    ([floor, names]) => `${joinNames(names)} ${names.length === 1 ? 'is' : 'are'} in, ${floor}`,
  );
  return `${when}: ${parts.join('; ')}`;
}

/**
 * Whether the evening mail is due at the site now, and about which date: on a working day of the site, from the end
 * of its office hours until midnight, about its next working day ("Tomorrow", or "Monday" on a Friday).
 */
export function dailyMailDue(
  local: { date: string; time: string },
  site: { dayEnd: string; workingDays: readonly number[] },
): { date: string; when: string } | null {
  if (!site.workingDays.includes(isoWeekday(local.date)) || local.time < site.dayEnd) return null;
  for (let offset = 1; offset <= 7; offset += 1) {
    const date = addDays(local.date, offset);
    if (!site.workingDays.includes(isoWeekday(date))) continue;
    const weekday = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
    return { date, when: offset === 1 ? 'Tomorrow' : weekday };
  }
  return null;
}
