import { useCallback, useLayoutEffect, useRef } from 'react';
import { toast } from '#web/components/ui/use-toast.ts';

/** The plan a floor view shows. */
export interface ShownPlan {
  floorId: string;
  planUrl: string | null;
}

/**
 * Which plan's loading the 'Floor Plan Loaded' toast waits for after the view changed from `previous` to `current`:
 * the new plan after a switch of floor or a new plan on the same floor (an upload), null for a floor without one;
 * undefined when nothing changed, or on the view's first plan (a page load, a reload, a return to the map).
 */
export function planToAnnounce(previous: ShownPlan | null, current: ShownPlan): string | null | undefined {
  if (previous === null) return undefined;
  if (previous.floorId === current.floorId && previous.planUrl === current.planUrl) return undefined;
  return current.planUrl;
}

/**
 * Spec section 4's 'Floor Plan Loaded' toast, for the moments it tells something (issue 27): the plan that loads
 * after the person switched floor, or after this floor's plan changed. Not the plan a visit opens with, which the
 * person sees for themselves: a toast on every visit only covered desks. Answers what the plan image calls on load.
 */
export function usePlanLoadedToast(floorId: string, floorName: string, planUrl: string | null) {
  const last = useRef<ShownPlan | null>(null);
  const awaited = useRef<string | null>(null);
  // A layout effect: it must run before the image's load event, which may come at once from the cache.
  useLayoutEffect(() => {
    const current = { floorId, planUrl };
    const next = planToAnnounce(last.current, current);
    last.current = current;
    if (next !== undefined) awaited.current = next;
  }, [floorId, planUrl]);
  return useCallback(
    (url: string) => {
      if (awaited.current !== url) return;
      awaited.current = null;
      // Routine: it waits for a toast that matters (a subscription result, an upload, an error) to close.
      toast({ title: 'Floor Plan Loaded', description: `The plan of ${floorName} is on screen.`, routine: true });
    },
    [floorName],
  );
}
