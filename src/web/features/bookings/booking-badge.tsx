import type { BookingView } from '#domain/bookings-responses.ts';
import { cn } from '#web/lib/cn.ts';

export type BookingBadgeKind = 'Permanent' | 'Past' | 'Today' | 'Upcoming';

/** Spec section 2, Team Bookings: Permanent, Past (date before today), Today, Upcoming. */
export function bookingBadgeKind(
  booking: Pick<BookingView, 'isPermanent' | 'bookingDate'>,
  today: string,
): BookingBadgeKind {
  if (booking.isPermanent) return 'Permanent';
  if (booking.bookingDate < today) return 'Past';
  if (booking.bookingDate === today) return 'Today';
  return 'Upcoming';
}

const tones: Record<BookingBadgeKind | 'Cancelled' | 'Released', string> = {
  Permanent: 'bg-red-900 text-white',
  Past: 'bg-slate-100 text-slate-700',
  Today: 'bg-emerald-100 text-emerald-900',
  Upcoming: 'bg-brand-100 text-brand-900',
  Cancelled: 'bg-slate-100 text-slate-600 line-through',
  Released: 'bg-amber-100 text-amber-900',
};

/** What a booking's badge says: its kind while active, Cancelled, or Released when nobody checked in (issue 16). */
export function bookingStatusBadgeKind(
  booking: Pick<BookingView, 'isPermanent' | 'bookingDate' | 'status' | 'endReason'>,
  today: string,
): BookingBadgeKind | 'Cancelled' | 'Released' {
  if (booking.endReason === 'no-show') return 'Released';
  return booking.status === 'cancelled' ? 'Cancelled' : bookingBadgeKind(booking, today);
}

export function Badge({ kind }: { kind: BookingBadgeKind | 'Cancelled' | 'Released' }) {
  return (
    <span
      className={cn('rounded-full px-2 py-0.5 text-xs font-medium', tones[kind])}
      {...(kind === 'Released' ? { title: 'Released: nobody checked in' } : {})}
    >
      {kind}
    </span>
  );
}
