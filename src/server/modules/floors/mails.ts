// The words floors add to the booking mails of src/server/modules/bookings/mails.ts, whose cancellation mail reads
// "An administrator of {organization} cancelled these bookings {reason}:".

/** Why the bookings of a deleted floor were cancelled. */
export const floorDeletedReason = (floorName: string) => `because the floor ${floorName} was deleted`;
