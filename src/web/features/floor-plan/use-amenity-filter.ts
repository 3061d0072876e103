import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { amenitiesInUse } from '#domain/desk-list.ts';
import { useAmenities } from '../desks/index.ts';

// The amenities a member filters by, shared by the map and the list of one organization for as long as the page
// lives, so that switching Map | List keeps them.
const chosenByOrganization = new Map<string, readonly string[]>();
const listeners = new Set<() => void>();
const none: readonly string[] = [];

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useAmenityFilter(organizationId: string): [readonly string[], (tags: readonly string[]) => void] {
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

export interface DeskAmenityFilter {
  /** The organization's amenities that some of these desks have: the tags offered. */
  tags: readonly string[];
  /** The chosen tags that these desks still offer: the filter in force. */
  chosen: readonly string[];
  setChosen: (tags: readonly string[]) => void;
}

/** The amenity filter (issue 15) over one floor's desks, as the map and the list both show it. */
export function useDeskAmenityFilter(
  organizationId: string,
  desks: readonly { amenities: readonly string[] }[],
): DeskAmenityFilter {
  const amenityList = useAmenities(organizationId);
  const [allChosen, setChosen] = useAmenityFilter(organizationId);
  const tags = useMemo(() => amenitiesInUse(desks, amenityList.data?.amenities ?? []), [desks, amenityList.data]);
  const chosen = useMemo(() => allChosen.filter((tag) => tags.includes(tag)), [allChosen, tags]);
  return { tags, chosen, setChosen };
}
