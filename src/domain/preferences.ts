import { z } from './zod.ts';

// A person's own settings, whichever organization they are in (issue 16: the check-in reminder mails).

/** GET and PUT /api/user/preferences answer this. */
export const preferencesSchema = z.object({
  /** A mail before the check-in window opens on days with a booking, in organizations that require check-in. */
  checkInReminders: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** PUT /api/user/preferences: the settings to change. */
export const updatePreferencesSchema = z.strictObject({
  checkInReminders: z.boolean({ error: 'Check-in reminders must be on or off' }),
});
export type UpdatePreferences = z.infer<typeof updatePreferencesSchema>;
