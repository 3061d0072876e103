import { auditLogPageSchema, auditLogQuerySchema, organizationAuditLogQuerySchema } from '#domain/audit.ts';
import { organizationParams } from '#domain/ids.ts';
import { csvFile, sendCsvFile } from '#server/response-schemas.ts';
import { routeModule } from '#server/routes.ts';
import * as audit from './service.ts';

const filtersDescription =
  '`action` (one kind, or several as repeated parameters), `actorId` (the person who acted), `from` and `to` ' +
  '(dates, both included, in the organization’s time zone).';

export const auditRoutes = routeModule({ tag: 'Audit and data rights', signInFirst: true }, (route, context) => {
  route.get('/api/organizations/:id/audit-log', {
    summary: 'One page of an organization’s audit log, newest first, filtered by kind, person and dates.',
    description: `Organization admins only (403 for members, 404 for non-members). ${filtersDescription} Pass the previous page’s \`nextBefore\` as \`before\` for the next page.`,
    params: organizationParams,
    querystring: organizationAuditLogQuerySchema,
    response: auditLogPageSchema,
    handle: ({ user, params, query }) => audit.listOrganizationAuditLog(context, user.id, params.id, query),
  });

  route.get('/api/organizations/:id/audit-log.csv', {
    summary: 'Every event of an organization’s audit log that matches the filters, as a CSV file.',
    description: `Organization admins only (403 for members, 404 for non-members). The same query as GET /api/organizations/{id}/audit-log; \`before\` and \`limit\` are checked the same way but not applied: every match is exported, newest first. UTF-8 with a byte order mark, RFC 4180; a cell that would start a spreadsheet formula (=, +, -, @) begins with an apostrophe.`,
    params: organizationParams,
    querystring: organizationAuditLogQuerySchema,
    response: csvFile('A CSV file: a header row, then one row per event.'),
    handle: async ({ user, params, query, reply }) => {
      const { filename, lines } = await audit.exportOrganizationAuditLog(context, user.id, params.id, query);
      return sendCsvFile(reply, { filename, body: lines });
    },
  });

  route.get('/api/admin/audit-log', {
    summary: 'One page of the audit log of every organization, newest first.',
    description:
      'Platform admins only (403 for everyone else). Pass the previous page’s `nextBefore` as `before` for the next page.',
    querystring: auditLogQuerySchema,
    response: auditLogPageSchema,
    handle: ({ user, query }) => audit.listPlatformAuditLog(context, user.id, query),
  });
});
