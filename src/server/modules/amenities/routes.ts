import { amenityListInputSchema, amenityListSavedSchema, amenityListSchema } from '#domain/amenities.ts';
import { organizationParams } from '#domain/ids.ts';
import { routeModule } from '#server/routes.ts';
import * as amenities from './service.ts';

export const amenityRoutes = routeModule('Floors and desks', (route, context) => {
  route.get('/api/organizations/:id/amenities', {
    summary: 'The amenity tags an organization’s desks may carry.',
    description: 'Members only (404 otherwise).',
    params: organizationParams,
    response: amenityListSchema,
    handle: ({ user, params }) => amenities.listAmenities(context, user.id, params.id),
  });

  route.put('/api/organizations/:id/amenities', {
    summary: 'Replace the organization’s amenity list.',
    description:
      'Admins only, with an enabled subscription (403 / 422). Tags are trimmed, 1 to 40 characters, at most 50, ' +
      'none twice whatever its case. A tag removed from the list is removed from every desk in the same transaction.',
    params: organizationParams,
    body: amenityListInputSchema,
    response: amenityListSavedSchema,
    handle: ({ user, params, body }) => amenities.saveAmenities(context, user.id, params.id, body),
  });
});
