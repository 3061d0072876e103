import { z } from 'zod';
import { organizationParams } from '#domain/ids.ts';
import { createOrganizationSchema, organizationSchema } from '#domain/organization.ts';
import { routeModule } from '#server/routes.ts';
import * as organizations from './service.ts';

export const organizationRoutes = routeModule('Organizations', (route, context) => {
  route.post('/api/organizations', {
    summary: 'Create an organization; the caller becomes its admin and a 14-day trial starts.',
    description:
      '409 when the slug is taken; 429 with Retry-After after 10 organizations created by one user in a day.',
    body: createOrganizationSchema,
    response: organizationSchema,
    status: 201,
    handle: ({ user, body }) => organizations.createOrganization(context, user.id, body),
  });

  route.get('/api/organizations', {
    summary: 'The signed-in user’s organizations, each with its subscription and the user’s role.',
    response: z.array(organizationSchema),
    handle: ({ user }) => organizations.listOrganizations(context, user.id),
  });

  route.get('/api/organizations/:id', {
    summary: 'One of the signed-in user’s organizations.',
    description: '404 for an organization the user is not a member of.',
    params: organizationParams,
    response: organizationSchema,
    handle: async ({ user, params }) => {
      const found = await organizations.findMemberOrganization(context, params.id, user.id);
      return organizations.toOrganizationView(found, context.config);
    },
  });
});
