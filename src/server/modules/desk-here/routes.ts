import { bookingSchema } from '#domain/bookings-responses.ts';
import { deskHereSchema, walkInSchema } from '#domain/desk-here.ts';
import { moveHereResultSchema, moveHereSchema } from '#domain/desk-here-move.ts';
import { deskParams } from '#domain/ids.ts';
import { routeModule } from '#server/routes.ts';
import { moveHere } from './move-here.ts';
import * as deskHere from './service.ts';

export const deskHereRoutes = routeModule({ tag: 'Bookings', signInFirst: true }, (route, context) => {
  route.get('/api/desks/:deskId/here', {
    summary: 'What the desk’s own page (its QR code) offers now.',
    description:
      'On the clock of the desk’s site (its time zone and office hours, in `site`): the desk, the caller’s bookings of it today, its slots, the offer (check in, Sit here, taken until when, out of service, the day is over) and, when it cannot be taken, the nearest free desk of its floor. Members of the desk’s organization only; 404 otherwise.',
    params: deskParams,
    response: deskHereSchema,
    handle: ({ user, params }) => deskHere.readDeskHere(context, user.id, params.deskId),
  });

  route.post('/api/desks/:deskId/walk-in', {
    summary: 'Sit here: book a slot of today at the desk, checked in at once.',
    description:
      'The slot must be what is left of the desk’s site’s today (before its midday, 13:00 by default, `full-day` or `morning`; until its end of day, 18:00 by default, `afternoon`), else 422. The booking rules apply (422 `booking_rule`); a taken or out-of-service desk answers 409; 404 for a desk of no organization of the caller’s.',
    params: deskParams,
    body: walkInSchema,
    response: bookingSchema,
    status: 201,
    handle: ({ user, params, body }) => deskHere.walkIn(context, user, params.deskId, body),
  });

  route.post('/api/desks/:deskId/move-here', {
    summary: 'Move my booking here: today’s booking of another desk moves to this one.',
    description:
      'In one transaction the old booking ends (cancelled by its owner, or a full day moved after the site’s midday keeps its morning) and one of this desk starts, in `timeSlot` (what is left of the booking: the full day or its afternoon, the morning, the afternoon), checked in at once when that slot is under way. The booking rules judge the result. 409 when this desk is taken (the old booking is kept) or the booking has ended; 422 for a permanent booking, one of another day, or a slot the booking cannot move as; 403 for someone else’s booking; 404 for a desk or booking of no organization of the caller’s.',
    params: deskParams,
    body: moveHereSchema,
    response: moveHereResultSchema,
    handle: ({ user, params, body }) => moveHere(context, user, params.deskId, body),
  });
});
