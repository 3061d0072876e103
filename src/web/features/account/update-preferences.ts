import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences, UpdatePreferences } from '#domain/preferences.ts';
import { apiRequest } from '#web/app/api.ts';
import { preferencesKey } from './get-preferences.ts';

/** PUT /api/user/preferences: answers the settings as they now are. */
export function updatePreferences(changes: UpdatePreferences): Promise<Preferences> {
  return apiRequest<Preferences>('PUT', '/api/user/preferences', changes);
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences) => queryClient.setQueryData(preferencesKey, preferences),
  });
}
