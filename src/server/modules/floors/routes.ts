import { z } from 'zod';
import {
  createFloorSchema,
  floorDeletedSchema,
  floorDeletionConsequencesSchema,
  floorSchema,
  updateFloorSchema,
  updateOrganizationSettingsSchema,
} from '#domain/floor-plan.ts';
import { floorParams, organizationParams } from '#domain/ids.ts';
import { organizationSchema } from '#domain/organization.ts';
import { routeModule } from '#server/routes.ts';
import * as floors from './service.ts';

export const floorRoutes = routeModule('Floors and desks', (route, context) => {
  route.get('/api/organizations/:id/floors', {
    summary: 'The floors of an organization.',
    description: 'Members only (404 otherwise).',
    params: organizationParams,
    response: z.array(floorSchema),
    handle: ({ user, params }) => floors.listFloors(context, user.id, params.id),
  });

  route.post('/api/organizations/:id/floors', {
    summary: 'Add a floor to an organization.',
    description:
      'Admins only, with an enabled subscription (403 / 422). On the site siteId names (404 for one not of the ' +
      'organization), else on the organization’s first site.',
    params: organizationParams,
    body: createFloorSchema,
    response: floorSchema,
    status: 201,
    handle: ({ user, params, body }) => floors.createFloor(context, user.id, params.id, body),
  });

  route.put('/api/floors/:floorId', {
    summary: 'Rename a floor, save its default zoom level, and/or move it to another site.',
    description:
      'Admins only, with an enabled subscription (403 / 422). The name follows the rules of floor creation; siteId ' +
      'names a site of the same organization (404 otherwise), whose clock the floor’s desks then follow.',
    params: floorParams,
    body: updateFloorSchema,
    response: floorSchema,
    handle: ({ user, params, body }) => floors.updateFloor(context, user.id, params.floorId, body),
  });

  route.get('/api/floors/:floorId/deletion-consequences', {
    summary: 'What deleting a floor would remove: its desks and upcoming bookings.',
    description: 'Admins only (403). For the confirmation that names them.',
    params: floorParams,
    response: floorDeletionConsequencesSchema,
    handle: ({ user, params }) => floors.findFloorDeletionConsequences(context, user.id, params.floorId),
  });

  route.delete('/api/floors/:floorId', {
    summary: 'Delete a floor with its desks and their bookings.',
    description:
      'Admins only, with an enabled subscription (403 / 422). One transaction; the owners of the upcoming ' +
      'bookings it removes get a mail. The organization’s last floor is replaced by an empty Floor 1.',
    params: floorParams,
    response: floorDeletedSchema,
    handle: ({ user, params }) => floors.deleteFloor(context, user.id, params.floorId),
  });

  // The organization's default zoom lives with the floor plan settings: spec section 4 saves zoom per floor or per organization.
  route.put('/api/organizations/:id', {
    tag: 'Floor plans and uploads',
    summary:
      'Save the organization’s default zoom level, the time zone of its first site, or whether members see names.',
    description:
      'Admins only, with an enabled subscription (403 / 422). timeZone is for clients that know one zone per ' +
      'organization: it changes the first site as PUT /api/sites/{siteId} does (owners of upcoming bookings there ' +
      'are told their new times), and the organization’s timeZone follows. hideNames (issue 29): members (not ' +
      'admins) then see other people’s bookings without names, in the day read, Who’s in, the week and the map.',
    params: organizationParams,
    body: updateOrganizationSettingsSchema,
    response: organizationSchema,
    handle: ({ user, params, body }) => floors.updateOrganizationSettings(context, user.id, params.id, body),
  });
});
