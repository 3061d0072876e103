import { z } from 'zod';
import { floorParams, idParams } from '#domain/ids.ts';
import {
  createNeighbourhoodSchema,
  maxNeighbourhoodsPerFloor,
  neighbourhoodSchema,
  updateNeighbourhoodSchema,
} from '#domain/neighbourhoods.ts';
import { messageResponseSchema } from '#domain/responses.ts';
import { routeModule } from '#server/routes.ts';
import * as neighbourhoods from './service.ts';

/**
 * A neighbourhood may hold 2,000 desks (a whole large floor): their ids with the team ids take up to about 90 KB of
 * JSON, over the app's 64 KiB default.
 */
const neighbourhoodBodyLimit = 128 * 1024;

/** /api/neighbourhoods/:neighbourhoodId */
const neighbourhoodParams = idParams('neighbourhoodId');

export const neighbourhoodRoutes = routeModule('Floors and desks', (route, context) => {
  route.get('/api/floors/:floorId/neighbourhoods', {
    summary: 'The neighbourhoods of a floor, each with its desks, the teams it is kept for and their weekdays.',
    description:
      'Members only (404 otherwise). No teams: open to everyone; no weekdays: kept for its teams every day. ' +
      'Desk reads carry each desk’s neighbourhoodId too.',
    params: floorParams,
    response: z.array(neighbourhoodSchema),
    handle: ({ user, params }) => neighbourhoods.listNeighbourhoods(context, user.id, params.floorId),
  });

  route.post('/api/floors/:floorId/neighbourhoods', {
    summary: 'Group desks of a floor into a neighbourhood, optionally kept for teams on some weekdays.',
    description:
      'Admins only, with an enabled subscription (403 / 422). Every desk must be on the floor and every team the ' +
      'organization’s (422); a desk in another neighbourhood moves to this one. A name is used once per floor ' +
      `(409); a floor has at most ${maxNeighbourhoodsPerFloor} neighbourhoods (409).`,
    params: floorParams,
    body: createNeighbourhoodSchema,
    response: neighbourhoodSchema,
    status: 201,
    options: { bodyLimit: neighbourhoodBodyLimit },
    handle: ({ user, params, body }) => neighbourhoods.createNeighbourhood(context, user.id, params.floorId, body),
  });

  route.put('/api/neighbourhoods/:neighbourhoodId', {
    summary: 'Change a neighbourhood: any of its name, colour, desks, teams and weekdays (the lists replace).',
    description: 'Admins only, with an enabled subscription (403 / 422). The same checks as adding one.',
    params: neighbourhoodParams,
    body: updateNeighbourhoodSchema,
    response: neighbourhoodSchema,
    options: { bodyLimit: neighbourhoodBodyLimit },
    handle: ({ user, params, body }) =>
      neighbourhoods.updateNeighbourhood(context, user.id, params.neighbourhoodId, body),
  });

  route.delete('/api/neighbourhoods/:neighbourhoodId', {
    summary: 'Delete a neighbourhood; its desks stay, in no neighbourhood.',
    description: 'Admins only, with an enabled subscription (403 / 422).',
    params: neighbourhoodParams,
    response: messageResponseSchema,
    handle: ({ user, params }) => neighbourhoods.deleteNeighbourhood(context, user.id, params.neighbourhoodId),
  });
});
