import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesSchema, updatePreferencesSchema } from '#domain/preferences.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as preferences from './service.ts';

/** The signed-in person's own settings. */
export function preferenceRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      requireUser(request);
    });

    app.get(
      '/api/user/preferences',
      {
        schema: {
          tags: ['Accounts'],
          summary: 'Your settings: whether you get check-in reminder mails.',
          response: { 200: preferencesSchema },
        },
      },
      async (request) => preferences.readPreferences(context, requireUser(request).id),
    );

    app.put(
      '/api/user/preferences',
      {
        schema: {
          tags: ['Accounts'],
          summary: 'Change your settings; answers them as they now are.',
          description:
            '`checkInReminders`: a mail before the check-in window opens on days you have a booking, in organizations that require check-in (on by default).',
          body: updatePreferencesSchema,
          response: { 200: preferencesSchema },
        },
      },
      async (request) => preferences.changePreferences(context, requireUser(request).id, request.body),
    );
  };
}
