import { z } from 'zod';
import { organizationParams } from '#domain/ids.ts';
import { maxSinceMs } from '#domain/realtime.ts';
import { fileResponse } from '#server/response-schemas.ts';
import { routeModule } from '#server/routes.ts';
import * as events from './service.ts';

const streamQuery = z.object({
  /** How old (ms) the client's data of the organization may be: recent changes then make the stream start with resync. */
  since: z.coerce
    .number({ error: 'since must be a number of milliseconds' })
    .int('since must be a whole number of milliseconds')
    .min(0, 'since must not be negative')
    .max(maxSinceMs, `since must be at most ${maxSinceMs} milliseconds`)
    .optional(),
});

export const eventRoutes = routeModule({ tag: 'Real-time', signInFirst: true }, (route, context) => {
  route.get('/api/organizations/:id/events', {
    summary: 'A live stream of the organization’s changes (Server-Sent Events).',
    description:
      'Server-Sent Events: every committed change to the organization (bookings, desks, floors, the ' +
      'organization, members, invitations, subscription) as an event named by its kind. Members only.',
    params: organizationParams,
    querystring: streamQuery,
    response: fileResponse(
      'An event stream that stays open: `event: <kind>` and `data: <JSON>` per change.',
      'text/event-stream',
    ),
    // A compressed event stream would sit in the compressor's buffer: every event must leave at once.
    options: { compress: false },
    handle: async ({ user, params, query, request, reply }) => {
      const live = await events.openEventStream(context, {
        organizationId: params.id,
        userId: user.id,
        sessionId: request.auth?.sessionId ?? '',
        lastEventId: [request.headers['last-event-id']].flat()[0],
        sinceMs: query.since,
      });
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store, no-transform')
          .header('x-accel-buffering', 'no')
          // A stream holds its connection to the end; closing it then lets a shutting-down server finish at once.
          .header('connection', 'close')
          // A stream is sent as it is; the schema only documents it.
          .send(live.stream.body as unknown as string)
      );
    },
  });
});
