import type { Preferences, UpdatePreferences } from '#domain/preferences.ts';
import type { AppContext } from '#server/context.ts';
import { unauthorized } from '#server/errors.ts';
import * as repo from './repo.ts';

// Authorization: a person reads and changes only their own settings (routes pass requireUser's id). They are read
// from the database, not from the session's remembered user, which another instance may hold for a few seconds.

export async function readPreferences(context: AppContext, userId: string): Promise<Preferences> {
  const preferences = await repo.findPreferences(context.db, userId);
  // The account was deleted while its session was remembered.
  if (!preferences) throw unauthorized();
  return preferences;
}

export async function changePreferences(
  context: AppContext,
  userId: string,
  changes: UpdatePreferences,
): Promise<Preferences> {
  const preferences = await repo.updatePreferences(context.db, userId, changes);
  if (!preferences) throw unauthorized();
  return preferences;
}
