import { useMutation } from '@tanstack/react-query';
import type { WeeklyAvailabilityInput } from '#domain/bookings.ts';
import type { WeeklyAvailabilityView } from '#domain/bookings-responses.ts';
import { apiRequest } from '#web/app/api.ts';

/** POST /api/desks/weekly-availability: is the desk free the rest of the week, else which desks are; a read. */
export function checkWeeklyAvailability(input: WeeklyAvailabilityInput): Promise<WeeklyAvailabilityView> {
  return apiRequest<WeeklyAvailabilityView>('POST', '/api/desks/weekly-availability', input);
}

export function useWeeklyAvailability() {
  return useMutation({ mutationFn: (input: WeeklyAvailabilityInput) => checkWeeklyAvailability(input) });
}
