import {
  createDeskSchema,
  deletedDesksSchema,
  deskBatchBodyLimit,
  deskBatchMessages,
  deskBatchResultSchema,
  deskBatchSchema,
  deskListSchema,
  deskSchema,
  updateDeskSchema,
} from '#domain/floor-plan.ts';
import { deskParams, floorParams, organizationParams } from '#domain/ids.ts';
import { messageResponseSchema } from '#domain/responses.ts';
import { AppError } from '#server/errors.ts';
import { requireUser } from '#server/plugins/session.ts';
import { routeModule } from '#server/routes.ts';
import { applyDeskBatch, requireBatchEditor } from './batch.ts';
import * as desks from './service.ts';

/**
 * Desk lists are large (2,000 desks on a floor). Their views are built by the service with the DeskView type, so
 * they go out with plain JSON.stringify instead of a zod encode of every desk; the zod schema stays on the route
 * for documentation, and src/server/cached-bodies.test.ts holds what both lists send to it.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export const deskRoutes = routeModule('Floors and desks', (route, context) => {
  route.get('/api/organizations/:id/desks', {
    summary: 'Every desk of an organization, on all its floors.',
    description: 'Members only (404 otherwise).',
    params: organizationParams,
    response: deskListSchema,
    options: { serializerCompiler: plainJson },
    handle: ({ user, params }) => desks.listDesksOfOrganization(context, user.id, params.id),
  });

  route.get('/api/floors/:floorId/desks', {
    summary: 'The desks of one floor.',
    description: 'Members of the floor’s organization only (404 otherwise).',
    params: floorParams,
    response: deskListSchema,
    // Already the JSON of a DeskView list (see the service), compressed once per revision and encoding.
    handle: ({ user, params }) => desks.listDesksOfFloorAsJson(context, user.id, params.floorId),
  });

  route.post('/api/organizations/:id/desks', {
    summary: 'Add a desk to a floor.',
    description:
      'Admins only, with an enabled subscription (403 / 422). Positions are clamped into the 1920 × 1080 canvas.',
    params: organizationParams,
    body: createDeskSchema,
    response: deskSchema,
    status: 201,
    handle: ({ user, params, body }) => desks.createDesk(context, user.id, params.id, body),
  });

  route.put('/api/desks/:deskId', {
    summary: 'Change a desk: name, description, amenities, bookable and its reason, position, rotation.',
    description:
      'Admins only, with an enabled subscription (403 / 422). A name is unique on its floor, whatever its case ' +
      '(409). Amenities come from the organization’s list (400 naming an unknown one). The reason is kept only ' +
      'while the desk is not bookable.',
    params: deskParams,
    body: updateDeskSchema,
    response: deskSchema,
    handle: ({ user, params, body }) => desks.updateDesk(context, user.id, params.deskId, body),
  });

  route.post('/api/floors/:floorId/desks/batch', {
    summary: 'Change and delete several desks of one floor at once, all or nothing.',
    description:
      'Admins only, with an enabled subscription (403 / 422). One transaction: a desk that is not on this floor ' +
      'answers 404 and nothing changes. Each update may move, rotate, set amenities and bookable with its reason. ' +
      `The body may be up to ${deskBatchBodyLimit.toLocaleString('en')} bytes, enough for the most desks the ` +
      'schema takes with every field at its limit (413 beyond); a body is read only once the caller was found ' +
      'to be able to edit the floor.',
    params: floorParams,
    body: deskBatchSchema,
    response: deskBatchResultSchema,
    options: {
      // A whole floor in one request (issue 26): every other request keeps the server's 64 KiB.
      bodyLimit: deskBatchBodyLimit,
      // Who may send that much is known before a byte of it is read.
      preParsing: async (request, _reply, payload) => {
        await requireBatchEditor(context, (request.params as { floorId: string }).floorId, requireUser(request).id);
        return payload;
      },
      errorHandler: (error) => {
        throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new AppError(413, deskBatchMessages.tooLarge) : error;
      },
    },
    handle: ({ user, params, body }) => applyDeskBatch(context, user.id, params.floorId, body),
  });

  route.delete('/api/desks/:deskId', {
    summary: 'Delete a desk and its bookings.',
    description: 'Admins only, with an enabled subscription (403 / 422).',
    params: deskParams,
    response: messageResponseSchema,
    handle: async ({ user, params }) => {
      await desks.deleteDesk(context, user.id, params.deskId);
      return { message: 'Desk deleted.' };
    },
  });

  route.delete('/api/organizations/:id/desks', {
    summary: 'Delete every desk of an organization and their bookings.',
    description: 'Admins only, with an enabled subscription (403 / 422).',
    params: organizationParams,
    response: deletedDesksSchema,
    handle: ({ user, params }) => desks.deleteAllDesks(context, user.id, params.id),
  });
});
