import {
  bookingRangeSchema,
  bulkBookingSchema,
  createBookingSchema,
  deskAvailabilityQuerySchema,
  userBookingsQuerySchema,
  weeklyAvailabilitySchema,
} from '#domain/bookings.ts';
import {
  bookingListSchema,
  bookingSchema,
  bulkBookingResponseSchema,
  cancelledBookingsSchema,
  deskAvailabilitySchema,
  sharedBookingListSchema,
  weeklyAvailabilityResponseSchema,
} from '#domain/bookings-responses.ts';
import { deskParams, idParams, memberParams, organizationParams } from '#domain/ids.ts';
import { messageResponseSchema } from '#domain/responses.ts';
import { routeModule } from '#server/routes.ts';
import * as queries from './queries.ts';
import * as bookings from './service.ts';

export const bookingRoutes = routeModule({ tag: 'Bookings', signInFirst: true }, (route, context) => {
  route.post('/api/bookings', {
    summary: 'Book a desk for a date and time slot.',
    description:
      'Members book for themselves from today on (400 for a past date); only admins make permanent bookings. 409 `Desk is already booked for this time slot` on a conflict; a permanent booking over future bookings answers 409 listing them unless the admin confirms. 422 when the subscription is inactive, and 422 `booking_rule` with the rule’s sentence when a booking rule refuses (among them a slot of today whose check-in has already closed, when check-in is required).',
    body: createBookingSchema,
    response: bookingSchema,
    status: 201,
    handle: ({ user, body }) => bookings.createBooking(context, user, body),
  });

  route.post('/api/bookings/bulk', {
    summary: 'Book several dates at once, all or nothing.',
    description:
      'One conflict and nothing is created: 409 names the conflicting date. A booking rule that refuses one date refuses them all (422 `booking_rule`).',
    body: bulkBookingSchema,
    response: bulkBookingResponseSchema,
    status: 201,
    handle: ({ user, body }) => bookings.createBulkBookings(context, user, body),
  });

  route.post('/api/desks/weekly-availability', {
    summary: 'Whether a desk is free in a slot on the remaining weekdays of a week, and which desks are.',
    description:
      '`originalDesk.available` is true when the desk is free on every remaining weekday of the week of `startDate`, and `originalDesk.takenDates` lists the days it is not; `alternatives` lists other desks free on all of them, same floor first.',
    body: weeklyAvailabilitySchema,
    response: weeklyAvailabilityResponseSchema,
    handle: ({ user, body }) => queries.findWeeklyAvailability(context, user.id, body),
  });

  route.get('/api/users/bookings', {
    summary: 'The signed-in user’s bookings, optionally in one organization.',
    querystring: userBookingsQuerySchema,
    response: bookingListSchema,
    handle: ({ user, query }) => queries.listMyBookings(context, user.id, query.organizationId),
  });

  // The hot read (a day of a 500-desk floor plan is ~250 bookings): the views are built explicitly by
  // toBookingView and serialized with JSON.stringify, without re-validating each one against bookingListSchema;
  // src/server/cached-bodies.test.ts parses what it sends, first and from the cache, against that schema.
  route.get('/api/organizations/:id/bookings', {
    summary: 'Active bookings of an organization in a date range, plus its permanent bookings.',
    description:
      'Members only (404 otherwise). A range longer than 366 days is 400. When the organization hides names, a ' +
      'member gets other people’s bookings with userId, user and notes null (their own as they are).',
    params: organizationParams,
    querystring: bookingRangeSchema,
    response: sharedBookingListSchema,
    // JSON bytes kept by the instance's cache (day-cache.ts), sent as they are and compressed once per encoding: the
    // schema documents the answer without encoding it again.
    handle: ({ user, params, query }) => queries.listOrganizationBookings(context, user.id, params.id, query),
  });

  route.get('/api/desks/:deskId/availability', {
    summary: 'A desk’s slots and bookings on one date.',
    params: deskParams,
    querystring: deskAvailabilityQuerySchema,
    response: deskAvailabilitySchema,
    handle: ({ user, params, query }) => queries.findDeskAvailability(context, user.id, params.deskId, query.date),
  });

  route.delete('/api/bookings/:id', {
    summary: 'Cancel a booking (it is kept, with status cancelled).',
    description:
      'The owner cancels its own active future booking; an admin cancels any booking of its organization. 403 otherwise.',
    params: idParams('id'),
    response: messageResponseSchema,
    handle: ({ user, params }) => bookings.cancelBooking(context, user.id, params.id),
  });

  route.delete('/api/organizations/:id/users/:userId/bookings', {
    summary: 'Cancel every active booking of one member of an organization.',
    description: 'Organization admins only.',
    params: memberParams,
    response: cancelledBookingsSchema,
    handle: ({ user, params }) => bookings.cancelAllBookingsOfUser(context, user.id, params.id, params.userId),
  });
});
