import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  dismissLostOrganizations,
  parseRemembered,
  type RememberedOrganization,
  rememberedSnapshot,
  rememberOrganizations,
  subscribeToRemembered,
} from '../session/index.ts';

const noneLost: RememberedOrganization[] = [];

/**
 * Remembers the user's organizations each time the list is read, and answers the ones that have disappeared
 * from it since (an admin removed the user), until the user dismisses the notice naming them.
 */
export function useLostOrganizations(
  userId: string | undefined,
  organizations: readonly RememberedOrganization[] | undefined,
): { lost: RememberedOrganization[]; dismiss: () => void } {
  useEffect(() => {
    if (userId && organizations) rememberOrganizations(userId, organizations);
  }, [userId, organizations]);
  const raw = useSyncExternalStore(
    subscribeToRemembered,
    () => (userId ? rememberedSnapshot(userId) : null),
    () => null,
  );
  const lost = useMemo(() => parseRemembered(raw)?.lost ?? noneLost, [raw]);
  const dismiss = useCallback(() => {
    if (userId) dismissLostOrganizations(userId);
  }, [userId]);
  return { lost, dismiss };
}
