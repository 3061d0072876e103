import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingSchema } from '#domain/bookings-responses.ts';
import { deskHereSchema, walkInSchema } from '#domain/desk-here.ts';
import { idParams } from '#domain/ids.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as deskHere from './service.ts';

const params = idParams('deskId');

export function deskHereRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Signed out is 401 before any input is looked at.
    app.addHook('onRequest', async (request) => {
      requireUser(request);
    });

    app.get(
      '/api/desks/:deskId/here',
      {
        schema: {
          tags: ['Bookings'],
          summary: 'What the desk’s own page (its QR code) offers now.',
          description:
            'At the organization’s local time: the desk, the caller’s bookings of it today, its slots, the offer (check in, Sit here, taken until when, out of service, the day is over) and, when it cannot be taken, the nearest free desk of its floor. Members of the desk’s organization only; 404 otherwise.',
          params,
          response: { 200: deskHereSchema },
        },
      },
      async (request) => deskHere.readDeskHere(context, requireUser(request).id, request.params.deskId),
    );

    app.post(
      '/api/desks/:deskId/walk-in',
      {
        schema: {
          tags: ['Bookings'],
          summary: 'Sit here: book a slot of today at the desk, checked in at once.',
          description:
            'The slot must be what is left of the organization’s today (before 13:00 `full-day` or `morning`, until 18:00 `afternoon`), else 422. The booking rules apply (422 `booking_rule`); a taken or out-of-service desk answers 409; 404 for a desk of no organization of the caller’s.',
          params,
          body: walkInSchema,
          response: { 201: bookingSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await deskHere.walkIn(context, requireUser(request), request.params.deskId, request.body)),
    );
  };
}
