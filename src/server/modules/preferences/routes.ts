import { preferencesSchema, updatePreferencesSchema } from '#domain/preferences.ts';
import { routeModule } from '#server/routes.ts';
import * as preferences from './service.ts';

/** The signed-in person's own settings. */
export const preferenceRoutes = routeModule({ tag: 'Accounts', signInFirst: true }, (route, context) => {
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
});
