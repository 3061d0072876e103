import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsCsvQuerySchema, analyticsQuerySchema, analyticsSchema, maxAnalyticsDays } from '#domain/analytics.ts';
import { idParams } from '#domain/ids.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import { csvFile } from '#server/response-schemas.ts';
import { routesOf } from '#server/routes.ts';
import * as analytics from './service.ts';

const organizationParams = idParams('id');

const rangeDescription =
  `\`startDate\` and \`endDate\` (the organization's dates, both included, at most ${maxAnalyticsDays} days, within ` +
  'two years of today), `floorId` (one floor; default all), `includeWeekends` (true to count Saturdays and Sundays). ' +
  'Utilization is booked half-day slots over twice the desks: a full day counts two halves, a permanent booking ' +
  'counts on every day it was held, a released or cancelled one does not; desks deleted since count up to the day ' +
  'they were deleted.';

export function analyticsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Signed out is 401 before any input is looked at.
    app.addHook('onRequest', async (request) => {
      requireUser(request);
    });
    const route = routesOf(app, 'Analytics');

    route.get('/api/organizations/:id/analytics', {
      summary: 'How the organization’s desks were used over a range of dates: per day, weekday, floor and desk.',
      description: `Organization admins only (403 for members, 404 for non-members). ${rangeDescription}`,
      params: organizationParams,
      querystring: analyticsQuerySchema,
      response: analyticsSchema,
      handle: async ({ user, params, query, request, reply }) => {
        const body = await analytics.readAnalytics(context, user.id, params.id, query);
        // Built once per state of the organization (service.ts) and sent as it is; the tests parse it with the schema.
        return body.send(request, reply);
      },
    });

    route.get('/api/organizations/:id/analytics.csv', {
      summary: 'The same figures as a CSV file: one row per day, or with `by=desk` one row per desk.',
      description: `Organization admins only (403 for members, 404 for non-members). ${rangeDescription} UTF-8 with a byte order mark, RFC 4180, a header row first; utilization in percent with one decimal.`,
      params: organizationParams,
      querystring: analyticsCsvQuerySchema,
      response: csvFile('A CSV file: a header row, then one row per day or per desk.'),
      handle: async ({ user, params, query, reply }) => {
        const { filename, csv } = await analytics.exportAnalytics(context, user.id, params.id, query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    });
  };
}
