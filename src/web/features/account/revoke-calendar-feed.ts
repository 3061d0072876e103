import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/app/api.ts';
import { calendarFeedKey } from './get-calendar-feed.ts';

/** DELETE /api/user/calendar-feed: the address stops working at once. */
export function revokeCalendarFeed(): Promise<void> {
  return apiRequest<void>('DELETE', '/api/user/calendar-feed');
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => queryClient.setQueryData(calendarFeedKey, { exists: false, createdAt: null }),
  });
}
