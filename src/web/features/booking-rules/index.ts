// The booking-rules feature's public entry: other features, pages and the app import it from here only.
// The rules dialog is not here: the sidebar loads it lazily by module path, in its own chunk.
export { bookingRulesKey, useBookingRules } from './get-booking-rules.ts';
export { dateRefusalOf, heldBookingsOf, judgeSlots, type SlotRefusals } from './slot-refusals.ts';
