import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccountResponseSchema, deleteAccountSchema, userDataExportSchema } from '#domain/data-rights.ts';
import type { AppContext } from '#server/context.ts';
import { endSession, requireUser } from '#server/plugins/session.ts';
import * as dataRights from './data-rights-service.ts';

/** The privacy policy's promises: a copy of one's data, and deleting one's account. */
export function dataRightsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      requireUser(request);
    });

    app.get(
      '/api/user/export',
      {
        schema: {
          tags: ['Audit and data rights'],
          summary: 'Download a copy of everything Perch holds about the signed-in user, as a JSON file.',
          response: { 200: userDataExportSchema },
        },
      },
      async (request, reply) => {
        const data = await dataRights.exportUserData(context, requireUser(request).id);
        const day = data.exportedAt.slice(0, 10);
        reply
          .header('content-disposition', `attachment; filename="perch-data-${day}.json"`)
          .header('cache-control', 'no-store');
        return data;
      },
    );

    app.delete(
      '/api/user',
      {
        schema: {
          tags: ['Audit and data rights'],
          summary: 'Delete the signed-in account, after confirming its password.',
          description:
            'Cancels the user’s bookings and deletes organizations of which it is the only member. 403 for a wrong password; 409 when the user is the last admin of an organization that has other members, or the only member of one that is still billed.',
          body: deleteAccountSchema,
          response: { 200: deleteAccountResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await dataRights.deleteAccount(context, requireUser(request), request.body.password);
        await endSession(context, request, reply);
        return result;
      },
    );
  };
}
