import { bookingSchema } from '#domain/bookings-responses.ts';
import { idParams } from '#domain/ids.ts';
import { createReleaseSchema, releaseSchema } from '#domain/releases.ts';
import { z } from '#domain/zod.ts';
import { routeModule } from '#server/routes.ts';
import * as releases from './service.ts';

export const releaseRoutes = routeModule({ tag: 'Bookings', signInFirst: true }, (route, context) => {
  route.get('/api/bookings/:id/releases', {
    summary: 'An assigned desk with its releases.',
    description:
      'The booking with every release not yet over, each with the dates someone else has booked: for the person the desk is assigned to or an admin of its organization (403 for anyone else, 404 for another organization’s booking, 422 for a booking that is not an assigned desk). A day read carries only the releases touching its dates.',
    params: idParams('id'),
    response: z.object({ booking: bookingSchema }),
    handle: async ({ user, params }) => ({ booking: await releases.readReleases(context, user, params.id) }),
  });

  route.post('/api/bookings/:id/releases', {
    summary: 'Release days of an assigned desk, so that others may book them.',
    description:
      'The person the desk is assigned to (a permanent booking made for them) or an admin of its organization; 403 for anyone else, 404 for another organization’s booking. 422 with a sentence for days past, beyond the booking horizon, before the assignment, overlapping another release of the booking, or a booking that is not an assigned desk.',
    params: idParams('id'),
    body: createReleaseSchema,
    response: z.object({ release: releaseSchema, booking: bookingSchema }),
    status: 201,
    handle: ({ user, params, body }) => releases.createRelease(context, user, params.id, body),
  });

  route.delete('/api/bookings/:id/releases/:releaseId', {
    summary: 'Take released days back.',
    description:
      'The release’s days from today on return to the owner (its past days stay released). 409 naming the day when someone has booked one of them; 409 when the release is over.',
    params: idParams('id', 'releaseId'),
    response: z.object({ message: z.string(), booking: bookingSchema }),
    handle: ({ user, params }) => releases.takeBackRelease(context, user, params.id, params.releaseId),
  });
});
