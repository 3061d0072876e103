import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeedStatus } from '#domain/calendar-feed.ts';

/** GET /api/user/calendar-feed: whether the person has a feed address (never the address, which is shown once). */
export const calendarFeedKey = ['/api/user/calendar-feed'] as const;

export const calendarFeedQuery = queryOptions<CalendarFeedStatus>({ queryKey: calendarFeedKey, staleTime: 0 });

export function useCalendarFeedStatus() {
  return useQuery(calendarFeedQuery);
}
