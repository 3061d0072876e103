import { analyticsCsvQuerySchema, analyticsQuerySchema, analyticsSchema, maxAnalyticsDays } from '#domain/analytics.ts';
import { organizationParams } from '#domain/ids.ts';
import { csvFile, sendCsvFile } from '#server/response-schemas.ts';
import { routeModule } from '#server/routes.ts';
import * as analytics from './service.ts';

const rangeDescription =
  `\`startDate\` and \`endDate\` (dates, both included, at most ${maxAnalyticsDays} days, within two years of ` +
  'today), `siteId` (one site, on its own dates: its zone and working days; default all sites, each counted on its ' +
  "own dates and added up per date, `timeZone` then null when their zones differ; another organization's or an " +
  'unknown site is 404), `floorId` (one floor, of the site when one is named; default all), `includeWeekends` ' +
  "(true to count every day, the sites' non-working days too). " +
  'Utilization is booked half-day slots over twice the desks: a full day counts two halves, a permanent booking ' +
  'counts on every day it was held, a released or cancelled one does not; desks deleted since count up to the day ' +
  'they were deleted.';

export const analyticsRoutes = routeModule({ tag: 'Analytics', signInFirst: true }, (route, context) => {
  route.get('/api/organizations/:id/analytics', {
    summary: 'How the organization’s desks were used over a range of dates: per day, weekday, floor and desk.',
    description: `Organization admins only (403 for members, 404 for non-members). ${rangeDescription}`,
    params: organizationParams,
    querystring: analyticsQuerySchema,
    response: analyticsSchema,
    // Built once per state of the organization (service.ts) and sent as it is; the tests parse it with the schema.
    handle: ({ user, params, query }) => analytics.readAnalytics(context, user.id, params.id, query),
  });

  route.get('/api/organizations/:id/analytics.csv', {
    summary: 'The same figures as a CSV file: one row per day, or with `by=desk` one row per desk.',
    description: `Organization admins only (403 for members, 404 for non-members). ${rangeDescription} UTF-8 with a byte order mark, RFC 4180, a header row first; utilization in percent with one decimal.`,
    params: organizationParams,
    querystring: analyticsCsvQuerySchema,
    response: csvFile('A CSV file: a header row, then one row per day or per desk.'),
    handle: async ({ user, params, query, reply }) => {
      const { filename, csv } = await analytics.exportAnalytics(context, user.id, params.id, query);
      return sendCsvFile(reply, { filename, body: csv });
    },
  });
});
