import { describe, expect, it } from 'vitest';
import type { TimeSlot } from './bookings.ts';
import {
  type CandidateDesk,
  type DeskHereBooking,
  type DeskHereOffer,
  type DeskHereSituation,
  decideDeskHere,
  deskHereMessages,
  freeWalkInSlots,
  nearestFreeDesk,
  sitHereLabel,
  sitThereLabel,
  walkInSchema,
} from './desk-here.ts';
import { defaultOfficeHours } from './sites.ts';

// Wednesday 25 November 2026 in London (UTC+0 then); New York is UTC-5 that day.
const today = '2026-11-25';
const at = (time: string, zoneOffset = '+00:00') => new Date(`${today}T${time}:00${zoneOffset}`);
const london = { timeZone: 'Europe/London', ...defaultOfficeHours };
const me = 'user-me';
const other = 'user-other';

let bookingCounter = 0;
function booking(userId: string, timeSlot: TimeSlot, overrides: Partial<DeskHereBooking> = {}): DeskHereBooking {
  bookingCounter += 1;
  return {
    id: `booking-${bookingCounter}`,
    userId,
    user:
      userId === me
        ? { firstName: 'Mia', lastName: 'Member', email: 'mia@example.com' }
        : { firstName: 'Olga', lastName: 'Other', email: 'olga@example.com' },
    bookingDate: today,
    timeSlot,
    status: 'active',
    isPermanent: false,
    checkedInAt: null,
    ...overrides,
  };
}

function situation(
  time: string,
  bookings: DeskHereBooking[],
  overrides: Partial<DeskHereSituation> = {},
): DeskHereSituation {
  return {
    desk: { bookable: true, unavailableReason: null },
    personId: me,
    bookings,
    now: at(time),
    site: london,
    checkIn: { checkInGraceMinutes: 30 },
    ...overrides,
  };
}

describe('what the desk page offers', () => {
  const mine = booking(me, 'full-day');
  const myMorning = booking(me, 'morning');
  const myAfternoon = booking(me, 'afternoon');
  const checkedIn = booking(me, 'full-day', { checkedInAt: '2026-11-25T08:50:00.000Z' });
  const theirs = booking(other, 'full-day');
  const theirMorning = booking(other, 'morning');
  const theirAfternoon = booking(other, 'afternoon');
  const block = booking(other, 'full-day', { isPermanent: true, bookingDate: '2026-01-05' });

  it.each<[string, string, DeskHereBooking[], DeskHereOffer]>([
    [
      'check in to my full day at 09:10, window open until 09:30',
      '09:10',
      [mine],
      { kind: 'check-in', bookingId: mine.id, timeSlot: 'full-day', closesAt: '09:30' },
    ],
    [
      'check in from 08:30, when the window opens',
      '08:30',
      [mine],
      { kind: 'check-in', bookingId: mine.id, timeSlot: 'full-day', closesAt: '09:30' },
    ],
    [
      'say when my window opens at 08:00',
      '08:00',
      [mine],
      {
        kind: 'your-booking',
        bookingId: mine.id,
        timeSlot: 'full-day',
        message: 'Check-in opens at 8:30 AM, 30 minutes before your booking starts',
      },
    ],
    [
      'say that my window closed at 09:30 while my full day still holds the desk',
      '11:00',
      [mine],
      { kind: 'your-booking', bookingId: mine.id, timeSlot: 'full-day', message: 'Check-in closed at 9:30 AM' },
    ],
    [
      'say that I am checked in',
      '11:00',
      [checkedIn],
      { kind: 'checked-in', bookingId: checkedIn.id, timeSlot: 'full-day', checkedInAt: checkedIn.checkedInAt ?? '' },
    ],
    [
      'prefer my afternoon that opens at 12:30 over my morning whose window closed',
      '12:00',
      [myMorning, myAfternoon],
      {
        kind: 'your-booking',
        bookingId: myAfternoon.id,
        timeSlot: 'afternoon',
        message: 'Check-in opens at 12:30 PM, 30 minutes before your booking starts',
      },
    ],
    [
      'check in to my afternoon at 12:40 after my morning',
      '12:40',
      [myMorning, myAfternoon],
      { kind: 'check-in', bookingId: myAfternoon.id, timeSlot: 'afternoon', closesAt: '13:30' },
    ],
    [
      'forget my morning once it is over and offer the free afternoon',
      '14:00',
      [myMorning],
      { kind: 'sit-here', slots: ['afternoon'] },
    ],
    [
      'offer the rest of the day and the morning on a free desk at 10:00',
      '10:00',
      [],
      { kind: 'sit-here', slots: ['full-day', 'morning'] },
    ],
    ['offer the afternoon at 13:00', '13:00', [], { kind: 'sit-here', slots: ['afternoon'] }],
    [
      'offer only the morning when the afternoon is taken',
      '07:45',
      [theirAfternoon],
      { kind: 'sit-here', slots: ['morning'] },
    ],
    ['say the day is over at 18:00', '18:00', [], { kind: 'day-over' }],
    ['say the day is over at 23:30, even if taken', '23:30', [theirs], { kind: 'day-over' }],
    [
      'say who holds the desk for the rest of the day',
      '10:00',
      [theirs],
      { kind: 'taken', holder: 'Olga Other', isPermanent: false },
    ],
    [
      'offer This afternoon when only the morning is taken',
      '10:00',
      [theirMorning],
      { kind: 'afternoon-free', holder: 'Olga Other' },
    ],
    [
      'say who holds the afternoon after 13:00',
      '15:00',
      [theirMorning, theirAfternoon],
      { kind: 'taken', holder: 'Olga Other', isPermanent: false },
    ],
    ['name nobody for a permanent block', '10:00', [block], { kind: 'taken', holder: null, isPermanent: true }],
    [
      'say whose assigned desk it is (issue 29)',
      '10:00',
      [{ ...block, isAssigned: true }],
      { kind: 'taken', holder: null, isPermanent: true, assigned: 'Assigned to Olga Other' },
    ],
    [
      'offer an assigned desk on a day its owner released as a free desk',
      '10:00',
      [{ ...block, isAssigned: true, releases: [{ startDate: today, endDate: today }] }],
      { kind: 'sit-here', slots: ['full-day', 'morning'] },
    ],
    [
      'say my permanent desk needs no check-in',
      '10:00',
      [booking(me, 'full-day', { isPermanent: true, bookingDate: '2026-01-05', id: 'my-block' })],
      {
        kind: 'your-booking',
        bookingId: 'my-block',
        timeSlot: 'full-day',
        message: 'Permanent bookings need no check-in',
      },
    ],
    [
      'ignore bookings of other days',
      '10:00',
      [booking(other, 'full-day', { bookingDate: '2026-11-26' })],
      { kind: 'sit-here', slots: ['full-day', 'morning'] },
    ],
  ])('%s', (_name, time, bookings, offer) => {
    expect(decideDeskHere(situation(time, bookings))).toEqual(offer);
  });

  it('names nobody when the organization hides names from this person: “Booked”, or “Assigned” for an assigned desk', () => {
    const hidden = { namesShown: false };
    expect(decideDeskHere(situation('10:00', [theirs], hidden))).toEqual({
      kind: 'taken',
      holder: null,
      isPermanent: false,
    });
    expect(decideDeskHere(situation('10:00', [theirMorning], hidden))).toEqual({
      kind: 'afternoon-free',
      holder: null,
    });
    expect(decideDeskHere(situation('10:00', [{ ...block, isAssigned: true }], hidden))).toEqual({
      kind: 'taken',
      holder: null,
      isPermanent: true,
      assigned: 'Assigned',
    });
  });

  it('says an out-of-service desk is out of service, with its reason, unless it holds my booking', () => {
    const desk = { bookable: false, unavailableReason: 'Broken chair' };
    expect(decideDeskHere(situation('10:00', [], { desk }))).toEqual({
      kind: 'out-of-service',
      reason: 'Broken chair',
    });
    expect(decideDeskHere(situation('09:00', [mine], { desk })).kind).toBe('check-in');
  });

  it('opens and closes the window in the site’s zone and with its grace', () => {
    const newYork = { site: { ...london, timeZone: 'America/New_York' }, checkIn: { checkInGraceMinutes: 120 } };
    // 10:45 in New York is 15:45 UTC: still in the window, which closes at 11:00 local.
    expect(decideDeskHere(situation('15:45', [mine], newYork))).toEqual({
      kind: 'check-in',
      bookingId: mine.id,
      timeSlot: 'full-day',
      closesAt: '11:00',
    });
  });

  it('uses the site’s date: just after midnight in Auckland is already tomorrow there', () => {
    // 2026-11-25 11:30 UTC is 00:30 on the 26th in Auckland (UTC+13): a booking of the 25th is over.
    const auckland = { site: { ...london, timeZone: 'Pacific/Auckland' }, now: new Date('2026-11-25T11:30:00Z') };
    expect(decideDeskHere(situation('00:00', [theirs], auckland))).toEqual({
      kind: 'sit-here',
      slots: ['full-day', 'morning'],
    });
  });
});

describe('the desk page on a site with its own office hours', () => {
  // A Tokyo site open 07:30–12:00–16:30 (UTC+9, no daylight saving): 25 November 2026 there.
  const tokyo = { timeZone: 'Asia/Tokyo', dayStart: '07:30', midday: '12:00', dayEnd: '16:30' };
  const inTokyo = (time: string) => at(time, '+09:00');
  const onSite = (time: string, bookings: DeskHereBooking[]) =>
    situation(time, bookings, { site: tokyo, now: inTokyo(time) });
  it.each<[string, string, DeskHereBooking[], DeskHereOffer]>([
    ['offers the rest of the day before midday', '07:00', [], { kind: 'sit-here', slots: ['full-day', 'morning'] }],
    ['offers only the afternoon from the site’s midday', '12:00', [], { kind: 'sit-here', slots: ['afternoon'] }],
    ['says the day is over at the site’s end of day', '16:30', [], { kind: 'day-over' }],
    [
      'offers this afternoon on a desk taken this morning, before the site’s midday',
      '11:00',
      [booking(other, 'morning')],
      { kind: 'afternoon-free', holder: 'Olga Other' },
    ],
    [
      'opens my afternoon’s window 30 minutes before the site’s midday',
      '11:30',
      [booking(me, 'afternoon', { id: 'mine-pm' })],
      { kind: 'check-in', bookingId: 'mine-pm', timeSlot: 'afternoon', closesAt: '12:30' },
    ],
    [
      'says when my morning’s window opens, on the site’s clock',
      '06:00',
      [booking(me, 'morning', { id: 'mine-am' })],
      {
        kind: 'your-booking',
        bookingId: 'mine-am',
        timeSlot: 'morning',
        message: 'Check-in opens at 7:00 AM, 30 minutes before your booking starts',
      },
    ],
  ])('%s', (_name, time, bookings, offer) => {
    expect(decideDeskHere(onSite(time, bookings))).toEqual(offer);
  });

  it('says the afternoon’s hours and its check-in by the site’s hours', () => {
    expect(deskHereMessages.freeThisAfternoon(tokyo)).toBe(
      'Free from 12:00 PM to 4:30 PM: book it now and check in from 11:30 AM.',
    );
    expect(deskHereMessages.freeThisAfternoon(defaultOfficeHours)).toBe(
      'Free from 1:00 PM to 6:00 PM: book it now and check in from 12:30 PM.',
    );
    expect(
      freeWalkInSlots({ 'full-day': 'available', morning: 'available', afternoon: 'available' }, '16:29', tokyo),
    ).toEqual(['afternoon']);
  });
});

describe('the walk-in slots of a desk at a local time', () => {
  const free = { 'full-day': 'available', morning: 'available', afternoon: 'available' } as const;
  it.each<[string, Record<TimeSlot, 'available' | 'booked'>, TimeSlot[]]>([
    ['08:00', free, ['full-day', 'morning']],
    ['12:59', free, ['full-day', 'morning']],
    ['13:00', free, ['afternoon']],
    ['17:59', free, ['afternoon']],
    ['18:00', free, []],
    ['10:00', { 'full-day': 'booked', morning: 'available', afternoon: 'booked' }, ['morning']],
    ['14:00', { 'full-day': 'booked', morning: 'available', afternoon: 'booked' }, []],
  ])('at %s with %o: %o', (time, slots, expected) => {
    expect(freeWalkInSlots(slots, time, defaultOfficeHours)).toEqual(expected);
  });

  it.each<[TimeSlot, TimeSlot[], string, string]>([
    ['full-day', ['full-day', 'morning'], 'Sit here for the rest of the day', 'Sit at D07 for the rest of the day'],
    ['morning', ['full-day', 'morning'], 'Only this morning', 'Sit at D07 only this morning'],
    ['morning', ['morning'], 'Sit here this morning', 'Sit at D07 this morning'],
    ['afternoon', ['afternoon'], 'Sit here this afternoon', 'Sit at D07 this afternoon'],
  ])('labels %s among %o "%s", and at the nearest desk "%s"', (slot, offered, here, there) => {
    expect(sitHereLabel(slot, offered)).toBe(here);
    expect(sitThereLabel('D07', slot, offered)).toBe(there);
  });

  it('explains a slot that is not offered now', () => {
    expect(deskHereMessages.slotNotOffered(['afternoon'], '18:00')).toBe(
      'Sit here books only what is left of today: the afternoon',
    );
    expect(deskHereMessages.slotNotOffered(['full-day', 'morning'], '18:00')).toBe(
      'Sit here books only what is left of today: the rest of the day or the morning',
    );
    expect(deskHereMessages.slotNotOffered([], '18:00')).toBe(
      'The office day is over: Sit here books only what is left of today, until 6:00 PM',
    );
    expect(deskHereMessages.slotNotOffered([], '16:30')).toBe(
      'The office day is over: Sit here books only what is left of today, until 4:30 PM',
    );
  });

  it('accepts a walk-in of a known slot only', () => {
    expect(walkInSchema.safeParse({ timeSlot: 'afternoon' }).success).toBe(true);
    const refused = walkInSchema.safeParse({ timeSlot: 'evening' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Please select a time slot');
  });
});

describe('the nearest free desk', () => {
  const origin = { id: 'here', name: 'D01', positionX: 0, positionY: 0, width: 100, height: 100 };
  const desk = (name: string, x: number, y: number, overrides: Partial<CandidateDesk> = {}): CandidateDesk => ({
    id: `desk-${name}`,
    name,
    positionX: x,
    positionY: y,
    width: 100,
    height: 100,
    bookable: true,
    walkInSlots: ['full-day', 'morning'],
    ...overrides,
  });

  it.each<[string, CandidateDesk[], string | null]>([
    ['no other desk', [], null],
    ['the closer of two', [desk('D03', 400, 0), desk('D02', 0, 300)], 'D02'],
    ['by the distance between centres, not corners', [desk('D02', 250, 0, { width: 10 }), desk('D03', 0, 230)], 'D02'],
    ['diagonal distance, not the sum of the sides', [desk('D02', 300, 300), desk('D03', 450, 0)], 'D02'],
    ['a tie goes to the first name in order', [desk('D10', 200, 0), desk('D09', 0, 200)], 'D09'],
    ['never the desk itself', [{ ...desk('D01', 0, 0), id: 'here' }], null],
    ['not a desk whose current slot is taken', [desk('D02', 100, 0, { walkInSlots: [] }), desk('D03', 500, 0)], 'D03'],
    ['not a desk out of service', [desk('D02', 100, 0, { bookable: false }), desk('D03', 500, 0)], 'D03'],
    ['a desk free only this morning counts', [desk('D02', 100, 0, { walkInSlots: ['morning'] })], 'D02'],
    ['none when every desk is taken', [desk('D02', 100, 0, { walkInSlots: [] })], null],
  ])('%s', (_name, desks, expected) => {
    expect(nearestFreeDesk(origin, desks)?.name ?? null).toBe(expected);
  });
});
