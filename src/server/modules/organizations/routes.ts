import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '#domain/ids.ts';
import { createOrganizationSchema, organizationSchema } from '#domain/organization.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as organizations from './service.ts';

export function organizationRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/organizations',
      {
        schema: {
          tags: ['Organizations'],
          summary: 'Create an organization; the caller becomes its admin and a 14-day trial starts.',
          description:
            '409 when the slug is taken; 429 with Retry-After after 10 organizations created by one user in a day.',
          body: createOrganizationSchema,
          response: { 201: organizationSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        return reply.status(201).send(await organizations.createOrganization(context, user.id, request.body));
      },
    );

    app.get(
      '/api/organizations',
      {
        schema: {
          tags: ['Organizations'],
          summary: 'The signed-in user’s organizations, each with its subscription and the user’s role.',
          response: { 200: z.array(organizationSchema) },
        },
      },
      async (request) => organizations.listOrganizations(context, requireUser(request).id),
    );

    app.get(
      '/api/organizations/:id',
      {
        schema: {
          tags: ['Organizations'],
          summary: 'One of the signed-in user’s organizations.',
          description: '404 for an organization the user is not a member of.',
          params: idParams('id'),
          response: { 200: organizationSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const found = await organizations.findMemberOrganization(context, request.params.id, user.id);
        return organizations.toOrganizationView(found, context.config);
      },
    );
  };
}
