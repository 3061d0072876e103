import { useCallback, useSyncExternalStore } from 'react';

// The amenities a member filters by, shared by the map and the list of one organization for as long as the page
// lives, so that switching Map | List keeps them.
const chosenByOrganization = new Map<string, readonly string[]>();
const listeners = new Set<() => void>();
const none: readonly string[] = [];

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAmenityFilter(organizationId: string): [readonly string[], (tags: readonly string[]) => void] {
  const chosen = useSyncExternalStore(subscribe, () => chosenByOrganization.get(organizationId) ?? none);
  const setChosen = useCallback(
    (tags: readonly string[]) => {
      chosenByOrganization.set(organizationId, tags);
      for (const listener of listeners) listener();
    },
    [organizationId],
  );
  return [chosen, setChosen];
}
