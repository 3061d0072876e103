import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLogQuerySchema } from '../../../domain/audit.ts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/session.ts';
import * as audit from './service.ts';

export const auditEventResponse = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.object({ email: z.string(), name: z.string().nullable() }).nullable(),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  organization: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});

export const auditLogResponse = z.object({
  events: z.array(auditEventResponse),
  nextBefore: z.number().int().nullable(),
});

// Ids are only bounded here; the service answers 404 for anything that is not one of the caller's.
const organizationParams = z.object({ id: z.string().max(100) });

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
          response: { 200: auditLogResponse },
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
          response: { 200: auditLogResponse },
        },
      },
      async (request) => audit.listPlatformAuditLog(context, requireUser(request).id, request.query),
    );
  };
}
