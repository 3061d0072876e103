import { notifyManager, QueryClient } from '@tanstack/react-query';
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

// Answers that arrive in the same frame reach the components in one render instead of one render each (issue 34: the
// dashboard's first view reads a dozen things at once, and each answer rendered the whole dashboard again). The
// next frame, or 16 ms where there are no frames (a hidden page), whichever comes first.
let pending: Array<() => void> = [];
function runPending() {
  const callbacks = pending;
  pending = [];
  for (const callback of callbacks) callback();
}
notifyManager.setScheduler((callback) => {
  pending.push(callback);
  if (pending.length > 1) return;
  let isDone = false;
  const once = () => {
    if (isDone) return;
    isDone = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    runPending();
  };
  const frame = requestAnimationFrame(once);
  const timer = setTimeout(once, 16);
});
