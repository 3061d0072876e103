import type { ReactNode } from 'react';
import { displayName } from '#domain/account.ts';
import { slotLabel } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { formatClockRange } from '#domain/clock.ts';
import { formatLongDate } from '#domain/dates.ts';

/** One booking in a list: desk and floor, date, slot, whose, and the row's badges and actions. */
export function BookingRow({
  booking,
  showPerson,
  children,
}: {
  booking: BookingView;
  showPerson?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {booking.desk.name} <span className="font-normal text-slate-600">· {booking.desk.floor.name}</span>
        </p>
        <p className="text-sm text-slate-600">
          {booking.isPermanent ? `From ${formatLongDate(booking.bookingDate)}` : formatLongDate(booking.bookingDate)} ·{' '}
          {slotLabel(booking.timeSlot)} ({formatClockRange(booking.startTime, booking.endTime)})
          {showPerson && <> · {displayName(booking.user)}</>}
        </p>
        {booking.notes && <p className="text-xs text-slate-500">{booking.notes}</p>}
      </div>
      <div className="flex items-center gap-2">{children}</div>
    </li>
  );
}
