import { organizationParams } from '#domain/ids.ts';
import { teamBookingsPageSchema, teamBookingsQuerySchema } from '#domain/team-bookings.ts';
import { csvFile, sendCsvFile } from '#server/response-schemas.ts';
import { routeModule } from '#server/routes.ts';
import * as teamBookings from './service.ts';

const filtersDescription =
  '`q` finds any part of a person’s name or e-mail or of a desk’s name (every word must match; case and accents ' +
  'are ignored); `floorId`, `from` and `to` (a permanent booking counts from its date on), `status` (active, ' +
  'cancelled, all; default active), `permanent` (both, only, exclude) and `sort` (date-asc, date-desc, person, desk; ' +
  'ties by date, then booking id).';

export const teamBookingRoutes = routeModule({ tag: 'Bookings', signInFirst: true }, (route, context) => {
  route.get('/api/organizations/:id/team-bookings', {
    summary: 'One page of every booking of an organization, searched, filtered and sorted (Team Bookings).',
    description: `Organization admins only (403 for members, 404 for non-members). ${filtersDescription} \`page\` from 1, \`pageSize\` 1 to 200 (default 50); \`total\` counts every match.`,
    params: organizationParams,
    querystring: teamBookingsQuerySchema,
    response: teamBookingsPageSchema,
    // The page's JSON, built once per bookings revision (service.ts), is sent as it is: the schema documents it, and
    // the tests parse what is sent against it.
    handle: ({ user, params, query }) => teamBookings.listTeamBookings(context, user.id, params.id, query),
  });

  route.get('/api/organizations/:id/bookings.csv', {
    summary: 'Every booking of an organization that matches the Team Bookings filters, as a CSV file.',
    description: `Organization admins only (403 for members, 404 for non-members). The same query as GET /api/organizations/{id}/team-bookings; \`page\` and \`pageSize\` are checked the same way but not applied: every match is exported. UTF-8 with a byte order mark, RFC 4180; a cell that would start a spreadsheet formula (=, +, -, @) begins with an apostrophe.`,
    params: organizationParams,
    querystring: teamBookingsQuerySchema,
    response: csvFile(
      "A CSV file: a header row, then one row per booking. Created at and Cancelled at are UTC instants; Checked in at is 'YYYY-MM-DD HH:MM' on the organization's clock; Released and Walk-in are yes or no.",
    ),
    handle: async ({ user, params, query, reply }) => {
      const { filename, lines } = await teamBookings.exportTeamBookings(context, user.id, params.id, query);
      return sendCsvFile(reply, { filename, body: lines });
    },
  });
});
