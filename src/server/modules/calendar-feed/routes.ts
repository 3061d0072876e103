import { z } from 'zod';
import { calendarFeedSchema, calendarFeedStatusSchema } from '#domain/calendar-feed.ts';
import { fileResponse } from '#server/response-schemas.ts';
import { routeModule } from '#server/routes.ts';
import * as feeds from './service.ts';

/** A person's calendar feed: the signed-in person manages its address; calendar programs read it with the token. */
export const calendarFeedRoutes = routeModule('Bookings', (route, context) => {
  route.post('/api/user/calendar-feed', {
    summary: 'Create a secret address of an iCalendar feed of your bookings, replacing any earlier one.',
    description:
      'The address (PUBLIC_URL/api/calendar-feed/{token}.ics) is shown only now: Perch keeps a digest of its token. An earlier address answers 404 from now on.',
    response: calendarFeedSchema,
    status: 201,
    handle: ({ user }) => feeds.createFeed(context, user.id),
  });

  route.get('/api/user/calendar-feed', {
    summary: 'Whether you have a calendar feed address, and since when.',
    description: 'Never the address itself, which cannot be shown again: replace it to get a new one.',
    response: calendarFeedStatusSchema,
    handle: ({ user }) => feeds.readFeedStatus(context, user.id),
  });

  route.delete('/api/user/calendar-feed', {
    summary: 'Turn your calendar feed off: its address answers 404 from now on.',
    response: z.null().describe('Turned off (or there was none).'),
    status: 204,
    handle: async ({ user }) => {
      await feeds.revokeFeed(context, user.id);
      return null;
    },
  });

  route.get('/api/calendar-feed/:token', {
    public: true,
    summary: 'A calendar feed: its owner’s bookings in every organization, as iCalendar.',
    description:
      'No session needed: the address is the authorization. Bookings from 30 days before each organization’s today on; cancelled and released ones are marked CANCELLED. 404 for an unknown, replaced or revoked address; 429 when one address is read more than 120 times an hour.',
    params: z.object({ token: z.string() }),
    response: fileResponse('An iCalendar (RFC 5545) document.', 'text/calendar'),
    handle: async ({ params, request, reply }) => {
      const calendar = await feeds.renderFeed(context, params.token, request.ip);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="perch-bookings.ics"')
        .send(calendar);
    },
  });
});
