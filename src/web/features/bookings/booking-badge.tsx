import type { BookingView } from '#domain/bookings.ts';
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

const tones: Record<BookingBadgeKind | 'Cancelled', string> = {
  Permanent: 'bg-red-900 text-white',
  Past: 'bg-slate-100 text-slate-700',
  Today: 'bg-emerald-100 text-emerald-900',
  Upcoming: 'bg-brand-100 text-brand-900',
  Cancelled: 'bg-slate-100 text-slate-600 line-through',
};

export function Badge({ kind }: { kind: BookingBadgeKind | 'Cancelled' }) {
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', tones[kind])}>{kind}</span>;
}
