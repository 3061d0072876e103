import { auditLogPageSchema, auditLogQuerySchema } from '#domain/audit.ts';
import { organizationParams } from '#domain/ids.ts';
import { routeModule } from '#server/routes.ts';
import * as audit from './service.ts';

export const auditRoutes = routeModule({ tag: 'Audit and data rights', signInFirst: true }, (route, context) => {
  route.get('/api/organizations/:id/audit-log', {
    summary: 'One page of an organization’s audit log, newest first.',
    description:
      'Organization admins only (403 for members, 404 for non-members). Pass the previous page’s `nextBefore` as `before` for the next page.',
    params: organizationParams,
    querystring: auditLogQuerySchema,
    response: auditLogPageSchema,
    handle: ({ user, params, query }) => audit.listOrganizationAuditLog(context, user.id, params.id, query),
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
