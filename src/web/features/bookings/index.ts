// The bookings feature's public entry: other features, pages and the app import it from here only.
// My Bookings and Team Bookings are not here: the dashboard loads them lazily by module path, in their own chunks.
export { bookingLinesByDesk } from './desk-booking-lines.ts';
export { DeskDialog } from './desk-dialog.tsx';
export { useOrganizationBookings } from './list-organization-bookings.ts';
export { refreshBookings } from './refresh-bookings.ts';
export { RosterDialog } from './roster-dialog.tsx';
