import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedSchema, calendarFeedStatusSchema } from '#domain/calendar-feed.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as feeds from './service.ts';

/** A person's calendar feed: the signed-in person manages its address; calendar programs read it with the token. */
export function calendarFeedRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/user/calendar-feed',
      {
        schema: {
          tags: ['Bookings'],
          summary: 'Create a secret address of an iCalendar feed of your bookings, replacing any earlier one.',
          description:
            'The address (PUBLIC_URL/api/calendar-feed/{token}.ics) is shown only now: Perch keeps a digest of its token. An earlier address answers 404 from now on.',
          response: { 201: calendarFeedSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await feeds.createFeed(context, requireUser(request).id)),
    );

    app.get(
      '/api/user/calendar-feed',
      {
        schema: {
          tags: ['Bookings'],
          summary: 'Whether you have a calendar feed address, and since when.',
          description: 'Never the address itself, which cannot be shown again: replace it to get a new one.',
          response: { 200: calendarFeedStatusSchema },
        },
      },
      async (request) => feeds.readFeedStatus(context, requireUser(request).id),
    );

    app.delete(
      '/api/user/calendar-feed',
      {
        schema: {
          tags: ['Bookings'],
          summary: 'Turn your calendar feed off: its address answers 404 from now on.',
          response: { 204: z.null().describe('Turned off (or there was none).') },
        },
      },
      async (request, reply) => {
        await feeds.revokeFeed(context, requireUser(request).id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/calendar-feed/:token',
      {
        schema: {
          tags: ['Bookings'],
          summary: 'A calendar feed: its owner’s bookings in every organization, as iCalendar.',
          description:
            'No session needed: the address is the authorization. Bookings from 30 days before each organization’s today on; cancelled and released ones are marked CANCELLED. 404 for an unknown, replaced or revoked address; 429 when one address is read more than 120 times an hour.',
          params: z.object({ token: z.string() }),
          response: {
            200: {
              description: 'An iCalendar (RFC 5545) document.',
              content: { 'text/calendar': { schema: z.string() } },
            },
          },
        },
      },
      async (request, reply) => {
        const calendar = await feeds.renderFeed(context, request.params.token, request.ip);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'inline; filename="perch-bookings.ics"')
          .send(calendar);
      },
    );
  };
}
