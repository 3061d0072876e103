import { z } from 'zod';
import { organizationParams, siteParams } from '#domain/ids.ts';
import { organizationSchema } from '#domain/organization.ts';
import {
  createSiteSchema,
  homeSiteSchema,
  siteChangeConsequencesSchema,
  siteDeletedSchema,
  siteSchema,
  updateSiteSchema,
} from '#domain/sites.ts';
import { routeModule } from '#server/routes.ts';
import * as sites from './service.ts';

export const siteRoutes = routeModule('Sites', (route, context) => {
  route.get('/api/organizations/:id/sites', {
    summary: 'The sites of an organization, in creation order, each with its number of floors.',
    description:
      'Members only (404 otherwise). The first is the organization’s own; times are HH:MM on the site’s clock, ' +
      'working days ISO weekday numbers (1 Monday … 7 Sunday).',
    params: organizationParams,
    response: z.array(siteSchema),
    handle: ({ user, params }) => sites.listSites(context, user.id, params.id),
  });

  route.post('/api/organizations/:id/sites', {
    summary: 'Add a site: a name and a time zone; hours default to 09:00–13:00–18:00, working days to Monday–Friday.',
    description: 'Admins only, with an enabled subscription (403 / 422). 400 unless dayStart < midday < dayEnd.',
    params: organizationParams,
    body: createSiteSchema,
    response: siteSchema,
    status: 201,
    handle: ({ user, params, body }) => sites.createSite(context, user.id, params.id, body),
  });

  route.put('/api/sites/:siteId', {
    summary: 'Change a site: any of its name, address, time zone, office hours and working days.',
    description:
      'Admins only, with an enabled subscription (403 / 422). The hours are checked together with those the site ' +
      'keeps (400). A new zone or new hours keep every booking’s date and slot and move its times: the owners of ' +
      'upcoming bookings on the site (but the admin who made the change) get one mail each.',
    params: siteParams,
    body: updateSiteSchema,
    response: siteSchema,
    handle: ({ user, params, body }) => sites.updateSite(context, user.id, params.siteId, body),
  });

  route.get('/api/sites/:siteId/change-consequences', {
    summary: 'What a change of a site’s zone or hours would move: its upcoming bookings and how many people own them.',
    description: 'Admins only (403). For the confirmation that names them.',
    params: siteParams,
    response: siteChangeConsequencesSchema,
    handle: ({ user, params }) => sites.findSiteChangeConsequences(context, user.id, params.siteId),
  });

  route.delete('/api/sites/:siteId', {
    summary: 'Delete a site that has no floors.',
    description:
      'Admins only, with an enabled subscription (403 / 422). 409 with a sentence while the site has floors, and ' +
      'for the organization’s last site.',
    params: siteParams,
    response: siteDeletedSchema,
    handle: ({ user, params }) => sites.deleteSite(context, user.id, params.siteId),
  });

  route.put('/api/organizations/:id/home-site', {
    summary: 'Choose your home site: the site the dashboard opens on for you.',
    description: 'Any member, for themselves (404 for a site of another organization). Answers the organization.',
    params: organizationParams,
    body: homeSiteSchema,
    response: organizationSchema,
    handle: ({ user, params, body }) => sites.setHomeSite(context, user.id, params.id, body.siteId),
  });
});
