import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '#domain/ids.ts';
import { organizationOverviewSchema } from '#domain/organization.ts';
import { overrideSchema, subscriptionChangeResponseSchema } from '#domain/subscription.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as platform from './service.ts';

const params = idParams('id');

/** Platform administration: admins of the platform organization only (401 signed out, 403 everyone else). */
export function platformRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Refused before any input is looked at.
    app.addHook('onRequest', async (request) => {
      await platform.requirePlatformAdmin(context, requireUser(request));
    });

    app.get(
      '/api/admin/organizations',
      {
        schema: {
          tags: ['Platform administration'],
          summary: 'Every organization with its members, admins and subscription.',
          description: 'Platform admins only (403 for everyone else).',
          response: { 200: z.array(organizationOverviewSchema) },
        },
      },
      async (request) => platform.listOrganizations(context, requireUser(request)),
    );

    app.post(
      '/api/admin/organizations/:id/subscription/override',
      {
        schema: {
          tags: ['Platform administration'],
          summary: 'Set an organization’s plan and user limit by hand, with a reason.',
          description: 'Platform admins only. The override stays until it is removed; it is recorded in the audit log.',
          params,
          body: overrideSchema,
          response: { 200: subscriptionChangeResponseSchema },
        },
      },
      async (request) => platform.applyOverride(context, requireUser(request), request.params.id, request.body),
    );

    app.delete(
      '/api/admin/organizations/:id/subscription/override',
      {
        schema: {
          tags: ['Platform administration'],
          summary: 'Remove an override: the organization returns to its paid plan or trial.',
          description: 'Platform admins only; recorded in the audit log.',
          params,
          response: { 200: subscriptionChangeResponseSchema },
        },
      },
      async (request) => platform.removeOverride(context, requireUser(request), request.params.id),
    );
  };
}
