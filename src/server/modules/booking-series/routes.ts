import { cancelledBookingsSchema } from '#domain/bookings-responses.ts';
import { idParams } from '#domain/ids.ts';
import {
  cancelSeriesQuerySchema,
  createdSeriesSchema,
  createSeriesSchema,
  seriesListSchema,
  seriesPlanSchema,
  seriesSchema,
  userSeriesQuerySchema,
} from '#domain/recurring-bookings.ts';
import { routeModule } from '#server/routes.ts';
import * as series from './service.ts';

export const bookingSeriesRoutes = routeModule({ tag: 'Bookings', signInFirst: true }, (route, context) => {
  route.post('/api/bookings/series', {
    summary: 'Book a desk on chosen weekdays, every week or every other week, until a date; or preview it.',
    description:
      'Each date is judged on its own by the booking rules and the desk’s bookings. With `preview: true` the answer (200) lists every date with `willBook` and, when not, the rule and its sentence; nothing is written. Otherwise every date that may be booked is booked in one transaction (201) and the others are listed in `skipped`; 422 `series_nothing_to_book` when none may be. 400 for a start in the past, an end beyond the two-year horizon, or more than 260 dates.',
    body: createSeriesSchema,
    responses: { 200: seriesPlanSchema, 201: createdSeriesSchema },
    handle: async ({ user, body, reply }) => {
      const answer = await series.createSeries(context, user, body);
      if ('series' in answer) reply.status(201);
      return answer;
    },
  });

  route.get('/api/bookings/series/:seriesId', {
    summary: 'A repeating booking with its bookings.',
    description: 'Its owner or an admin of its organization; 404 for anyone outside the organization.',
    params: idParams('seriesId'),
    response: seriesSchema,
    handle: ({ user, params }) => series.getSeries(context, user.id, params.seriesId),
  });

  route.delete('/api/bookings/series/:seriesId', {
    summary: 'Cancel a repeating booking: all its upcoming dates, or those from a date on.',
    description:
      '`from` (YYYY-MM-DD) cancels the dates from then on; without it, every date from today on. One date alone is cancelled as any booking (DELETE /api/bookings/{id}). Its owner or an admin of its organization.',
    params: idParams('seriesId'),
    querystring: cancelSeriesQuerySchema,
    response: cancelledBookingsSchema,
    handle: ({ user, params, query }) => series.cancelSeries(context, user.id, params.seriesId, query.from),
  });

  route.get('/api/users/booking-series', {
    summary: 'The signed-in user’s repeating bookings with upcoming dates in one organization.',
    querystring: userSeriesQuerySchema,
    response: seriesListSchema,
    handle: ({ user, query }) => series.listMySeries(context, user.id, query.organizationId),
  });
});
