import { z } from 'zod';
import { organizationParams } from '#domain/ids.ts';
import { organizationOverviewSchema } from '#domain/organization.ts';
import { overrideSchema, subscriptionChangeResponseSchema } from '#domain/subscription.ts';
import { requireUser } from '#server/plugins/session.ts';
import { routeModule } from '#server/routes.ts';
import * as platform from './service.ts';

/** Platform administration: admins of the platform organization only (401 signed out, 403 everyone else). */
export const platformRoutes = routeModule('Platform administration', (route, context, app) => {
  // Refused before any input is looked at.
  app.addHook('onRequest', async (request) => {
    await platform.requirePlatformAdmin(context, requireUser(request));
  });

  route.get('/api/admin/organizations', {
    summary: 'Every organization with its members, admins and subscription.',
    description: 'Platform admins only (403 for everyone else).',
    response: z.array(organizationOverviewSchema),
    handle: ({ user }) => platform.listOrganizations(context, user),
  });

  route.post('/api/admin/organizations/:id/subscription/override', {
    summary: 'Set an organization’s plan and user limit by hand, with a reason.',
    description: 'Platform admins only. The override stays until it is removed; it is recorded in the audit log.',
    params: organizationParams,
    body: overrideSchema,
    response: subscriptionChangeResponseSchema,
    handle: ({ user, params, body }) => platform.applyOverride(context, user, params.id, body),
  });

  route.delete('/api/admin/organizations/:id/subscription/override', {
    summary: 'Remove an override: the organization returns to its paid plan or trial.',
    description: 'Platform admins only; recorded in the audit log.',
    params: organizationParams,
    response: subscriptionChangeResponseSchema,
    handle: ({ user, params }) => platform.removeOverride(context, user, params.id),
  });
});
