import { displayName } from './account.ts';
import type { BookingView, SharedBookingView } from './bookings-responses.ts';
import type { Role } from './organization.ts';

// The organization's "Hide who booked which desk from members" setting (issue 29, organizations.hide_names). Admins
// always see names; a member sees their own bookings with their name and everyone else's as "Booked" or "Assigned".

/** Whether this person sees other people's names on bookings. */
export function seesNames(role: Role, hideNames: boolean): boolean {
  return role === 'admin' || !hideNames;
}

/** Another person's booking as a member sees it when names are hidden: no name, no address, no id, no notes. */
export function redactBooking(view: BookingView): SharedBookingView {
  return { ...view, userId: null, user: null, notes: null };
}

/** The bookings of a shared read as `viewerId` sees them; with names shown, as they are. */
export function bookingsForViewer(
  views: readonly BookingView[],
  viewerId: string,
  namesShown: boolean,
): SharedBookingView[] {
  if (namesShown) return [...views];
  return views.map((view) => (view.userId === viewerId ? view : redactBooking(view)));
}

/** Who a booking is for, in words: the person's name, or "Assigned" (a permanent desk) / "Booked" when hidden. */
export function bookerLabel(booking: Pick<SharedBookingView, 'user' | 'isPermanent'>): string {
  if (booking.user) return displayName(booking.user);
  return booking.isPermanent ? 'Assigned' : 'Booked';
}

/** Said where following would be: names hidden leave nobody to follow. */
export const namesHiddenMessage =
  'Your organization hides who booked which desk, so following colleagues is turned off. You still see your own days and how many people are in.';
