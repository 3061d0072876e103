import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFloorSchema,
  floorDeletedSchema,
  floorDeletionConsequencesSchema,
  floorSchema,
  updateDefaultZoomSchema,
  updateFloorSchema,
} from '#domain/floor-plan.ts';
import { idParams } from '#domain/ids.ts';
import { organizationSchema } from '#domain/organization.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as floors from './service.ts';

const organizationParams = idParams('id');
const floorParams = idParams('floorId');

export function floorRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/organizations/:id/floors',
      {
        schema: {
          tags: ['Floors and desks'],
          summary: 'The floors of an organization.',
          description: 'Members only (404 otherwise).',
          params: organizationParams,
          response: { 200: z.array(floorSchema) },
        },
      },
      async (request) => floors.listFloors(context, requireUser(request).id, request.params.id),
    );

    app.post(
      '/api/organizations/:id/floors',
      {
        schema: {
          tags: ['Floors and desks'],
          summary: 'Add a floor to an organization.',
          description: 'Admins only, with an enabled subscription (403 / 422).',
          params: organizationParams,
          body: createFloorSchema,
          response: { 201: floorSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        return reply.status(201).send(await floors.createFloor(context, user.id, request.params.id, request.body));
      },
    );

    app.put(
      '/api/floors/:floorId',
      {
        schema: {
          tags: ['Floors and desks'],
          summary: 'Rename a floor and/or save its default zoom level.',
          description:
            'Admins only, with an enabled subscription (403 / 422). The name follows the rules of floor creation.',
          params: floorParams,
          body: updateFloorSchema,
          response: { 200: floorSchema },
        },
      },
      async (request) => floors.updateFloor(context, requireUser(request).id, request.params.floorId, request.body),
    );

    app.get(
      '/api/floors/:floorId/deletion-consequences',
      {
        schema: {
          tags: ['Floors and desks'],
          summary: 'What deleting a floor would remove: its desks and upcoming bookings.',
          description: 'Admins only (403). For the confirmation that names them.',
          params: floorParams,
          response: { 200: floorDeletionConsequencesSchema },
        },
      },
      async (request) => floors.findFloorDeletionConsequences(context, requireUser(request).id, request.params.floorId),
    );

    app.delete(
      '/api/floors/:floorId',
      {
        schema: {
          tags: ['Floors and desks'],
          summary: 'Delete a floor with its desks and their bookings.',
          description:
            'Admins only, with an enabled subscription (403 / 422). One transaction; the owners of the upcoming ' +
            'bookings it removes get a mail. The organization’s last floor is replaced by an empty Floor 1.',
          params: floorParams,
          response: { 200: floorDeletedSchema },
        },
      },
      async (request) => floors.deleteFloor(context, requireUser(request).id, request.params.floorId),
    );

    // The organization's default zoom lives with the floor plan settings: spec section 4 saves zoom per floor or per organization.
    app.put(
      '/api/organizations/:id',
      {
        schema: {
          tags: ['Floor plans and uploads'],
          summary: 'Save the organization’s default zoom level.',
          description: 'Admins only, with an enabled subscription (403 / 422).',
          params: organizationParams,
          body: updateDefaultZoomSchema,
          response: { 200: organizationSchema },
        },
      },
      async (request) =>
        floors.updateOrganizationDefaultZoom(context, requireUser(request).id, request.params.id, request.body),
    );
  };
}
