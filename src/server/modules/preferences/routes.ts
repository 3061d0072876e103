import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesSchema, updatePreferencesSchema } from '#domain/preferences.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import { routesOf } from '#server/routes.ts';
import * as preferences from './service.ts';

/** The signed-in person's own settings. */
export function preferenceRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      requireUser(request);
    });
    const route = routesOf(app, 'Accounts');

    route.get('/api/user/preferences', {
      summary: 'Your settings: whether you get check-in reminder mails.',
      response: preferencesSchema,
      handle: ({ user }) => preferences.readPreferences(context, user.id),
    });

    route.put('/api/user/preferences', {
      summary: 'Change your settings; answers them as they now are.',
      description:
        '`checkInReminders`: a mail before the check-in window opens on days you have a booking, in organizations that require check-in (on by default).',
      body: updatePreferencesSchema,
      response: preferencesSchema,
      handle: ({ user, body }) => preferences.changePreferences(context, user.id, body),
    });
  };
}
