import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { amenityListInputSchema, amenityListSavedSchema, amenityListSchema } from '#domain/amenities.ts';
import { idParams } from '#domain/ids.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as amenities from './service.ts';

const organizationParams = idParams('id');

export function amenityRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/organizations/:id/amenities',
      {
        schema: {
          tags: ['Floors and desks'],
          summary: 'The amenity tags an organization’s desks may carry.',
          description: 'Members only (404 otherwise).',
          params: organizationParams,
          response: { 200: amenityListSchema },
        },
      },
      async (request) => amenities.listAmenities(context, requireUser(request).id, request.params.id),
    );

    app.put(
      '/api/organizations/:id/amenities',
      {
        schema: {
          tags: ['Floors and desks'],
          summary: 'Replace the organization’s amenity list.',
          description:
            'Admins only, with an enabled subscription (403 / 422). Tags are trimmed, 1 to 40 characters, at most 50, ' +
            'none twice whatever its case. A tag removed from the list is removed from every desk in the same transaction.',
          params: organizationParams,
          body: amenityListInputSchema,
          response: { 200: amenityListSavedSchema },
        },
      },
      async (request) => amenities.saveAmenities(context, requireUser(request).id, request.params.id, request.body),
    );
  };
}
