import type { ReactNode } from 'react';
import { displayName } from '#domain/account.ts';
import { slotLabel } from '#domain/bookings.ts';
import type { BookingView } from '#domain/bookings-responses.ts';
import { formatClockRange } from '#domain/clock.ts';
import { formatLongDate } from '#domain/dates.ts';
import { assignedLabel } from '#domain/releases.ts';

/** One booking in a list: desk and floor, date, slot, whose (an assigned desk: 'Assigned to Dana Scully'), a line about it (check-in), its badges and actions. */
export function BookingRow({
  booking,
  showPerson,
  detail,
  times,
  children,
  footer,
}: {
  booking: BookingView;
  showPerson?: boolean;
  /** The slot and its times on the clock of the booking's site, both clocks for someone elsewhere (slotTimesText). */
  times?: string | undefined;
  /** A short line under the date (My Bookings: when check-in opens). */
  detail?: string | undefined;
  children?: ReactNode;
  /** Below the row, across its width (My Bookings: an assigned desk's released days). */
  footer?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {booking.desk.name} <span className="font-normal text-slate-600">· {booking.desk.floor.name}</span>
        </p>
        <p className="text-sm text-slate-600">
          {booking.isPermanent ? `From ${formatLongDate(booking.bookingDate)}` : formatLongDate(booking.bookingDate)} ·{' '}
          {times ?? `${slotLabel(booking.timeSlot)} (${formatClockRange(booking.startTime, booking.endTime)})`}
          {/* An assigned desk (issue 29) says whose it is, as the map does. */}
          {showPerson && <> · {booking.isAssigned ? assignedLabel(booking.user) : displayName(booking.user)}</>}
        </p>
        {detail && <p className="text-xs font-medium text-brand-700">{detail}</p>}
        {booking.notes && <p className="text-xs text-slate-500">{booking.notes}</p>}
      </div>
      <div className="flex items-center gap-2">{children}</div>
      {footer}
    </li>
  );
}
