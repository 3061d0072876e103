import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preferences } from '#domain/preferences.ts';

/** GET /api/user/preferences: the person's own settings. */
export const preferencesKey = ['/api/user/preferences'] as const;

export const preferencesQuery = queryOptions<Preferences>({ queryKey: preferencesKey });

export function usePreferences() {
  return useQuery(preferencesQuery);
}
