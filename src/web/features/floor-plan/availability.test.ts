import { describe, expect, it } from 'vitest';
import { type AvailabilityBooking, deskAvailability, summariseAvailability } from './availability.ts';

const booking = (overrides: Partial<AvailabilityBooking>): AvailabilityBooking => ({
  deskId: 'd1',
  bookingDate: '2026-03-02',
  timeSlot: 'morning',
  status: 'active',
  isPermanent: false,
  ...overrides,
});

const inService = (id: string) => ({ id, bookable: true });

describe('desk availability on a date', () => {
  const date = '2026-03-02';

  it('is available with no counted bookings', () => {
    expect(deskAvailability([], date)).toBe('available');
    expect(deskAvailability([booking({ status: 'cancelled' })], date)).toBe('available');
    expect(deskAvailability([booking({ bookingDate: '2026-03-03' })], date)).toBe('available');
  });

  it('is partial with only a morning or only an afternoon', () => {
    expect(deskAvailability([booking({ timeSlot: 'morning' })], date)).toBe('partial');
    expect(deskAvailability([booking({ timeSlot: 'afternoon' })], date)).toBe('partial');
  });

  it('is booked with a full day, or a morning and an afternoon', () => {
    expect(deskAvailability([booking({ timeSlot: 'full-day' })], date)).toBe('booked');
    expect(deskAvailability([booking({ timeSlot: 'morning' }), booking({ timeSlot: 'afternoon' })], date)).toBe(
      'booked',
    );
  });

  it('is blocked by a permanent booking on every date', () => {
    expect(deskAvailability([booking({ isPermanent: true, bookingDate: '2025-01-01' })], date)).toBe('blocked');
  });
});

describe("today's statistics", () => {
  it('counts every desk available when there are no bookings', () => {
    expect(summariseAvailability(['a', 'b', 'c'].map(inService), [], '2026-03-02')).toEqual({
      total: 3,
      available: 3,
      partial: 0,
      booked: 0,
      utilization: 0,
    });
  });

  it('shows zero everywhere for a floor without desks', () => {
    expect(summariseAvailability([], [], '2026-03-02')).toEqual({
      total: 0,
      available: 0,
      partial: 0,
      booked: 0,
      utilization: 0,
    });
  });

  it('counts blocked as booked and half-booked desks as half used', () => {
    const bookings = [
      booking({ deskId: 'a', timeSlot: 'full-day' }),
      booking({ deskId: 'b', isPermanent: true }),
      booking({ deskId: 'c', timeSlot: 'afternoon' }),
    ];
    expect(summariseAvailability(['a', 'b', 'c', 'd'].map(inService), bookings, '2026-03-02')).toEqual({
      total: 4,
      available: 1,
      partial: 1,
      booked: 2,
      utilization: 63,
    });
  });

  it('leaves out a desk out of service unless it still has a booking that day', () => {
    const desks = [inService('a'), { id: 'b', bookable: false }, { id: 'c', bookable: false }];
    const bookings = [booking({ deskId: 'c', timeSlot: 'morning' })];
    expect(summariseAvailability(desks, bookings, '2026-03-02')).toEqual({
      total: 2,
      available: 1,
      partial: 1,
      booked: 0,
      utilization: 25,
    });
  });
});
