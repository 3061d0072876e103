import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api.ts';

// Spec section 7: no retries, no refetch on focus or interval, data never goes stale.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: { retry: false },
  },
});
