import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogPageSchema, auditLogQuerySchema } from '#domain/audit.ts';
import { idParams } from '#domain/ids.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as audit from './service.ts';

const organizationParams = idParams('id');

export function auditRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Signed out is 401 before any input is looked at.
    app.addHook('onRequest', async (request) => {
      requireUser(request);
    });

    app.get(
      '/api/organizations/:id/audit-log',
      {
        schema: {
          tags: ['Audit and data rights'],
          summary: 'One page of an organization’s audit log, newest first.',
          description:
            'Organization admins only (403 for members, 404 for non-members). Pass the previous page’s `nextBefore` as `before` for the next page.',
          params: organizationParams,
          querystring: auditLogQuerySchema,
          response: { 200: auditLogPageSchema },
        },
      },
      async (request) =>
        audit.listOrganizationAuditLog(context, requireUser(request).id, request.params.id, request.query),
    );

    app.get(
      '/api/admin/audit-log',
      {
        schema: {
          tags: ['Audit and data rights'],
          summary: 'One page of the audit log of every organization, newest first.',
          description:
            'Platform admins only (403 for everyone else). Pass the previous page’s `nextBefore` as `before` for the next page.',
          querystring: auditLogQuerySchema,
          response: { 200: auditLogPageSchema },
        },
      },
      async (request) => audit.listPlatformAuditLog(context, requireUser(request).id, request.query),
    );
  };
}
