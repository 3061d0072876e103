import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '#domain/calendar-feed.ts';
import { apiRequest } from '#web/app/api.ts';
import { calendarFeedKey } from './get-calendar-feed.ts';

/** POST /api/user/calendar-feed: a new secret address, replacing any earlier one. */
export function createCalendarFeed(): Promise<CalendarFeed> {
  return apiRequest<CalendarFeed>('POST', '/api/user/calendar-feed');
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}
