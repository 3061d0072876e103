import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { maxSinceMs, type OrganizationChange, organizationChangeKinds, type StreamClosed } from '#domain/realtime.ts';
import { isOrganizationQuery } from './affected-queries.ts';
import { createLiveInvalidator } from './live-invalidator.ts';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** After the browser gives up (an error answer such as 429), a fresh attempt after this long, doubling to 60 s. */
const firstRetryMs = 5_000;
const lastRetryMs = 60_000;
const signOutGraceMs = 1_500;
/** A read under way when the stream opens started at most this long before its data arrived. */
const readSlackMs = 2_000;

/**
 * Keeps the dashboard live (decision 007): one EventSource on GET /api/organizations/{id}/events while
 * signed in, each announced change refetching exactly the queries it affects; after any gap (a reconnect,
 * or the server's own resync) everything of the organization is read again.
 */
export function useLiveUpdates(organizationId: string, userId: string): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setStatus('offline');
      return;
    }
    const scope = { organizationId, userId };
    const invalidator = createLiveInvalidator(queryClient, scope);
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = firstRetryMs;
    let hasBeenLive = false;
    let hasJustResynced = false;
    let isStopped = false;

    /** How old the oldest cached data of the organization is, with room for reads still under way. */
    const dataAgeMs = () => {
      const times = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.dataUpdatedAt > 0 && isOrganizationQuery(query.queryKey, scope))
        .map((query) => query.state.dataUpdatedAt);
      return Date.now() - Math.min(Date.now(), ...times) + readSlackMs;
    };

    const connect = () => {
      // The server answers `ready`, then `resync` if this organization changed within `since` (or we reconnect).
      const since = dataAgeMs();
      const isTooOld = since > maxSinceMs;
      const query = isTooOld ? '' : `?since=${Math.round(since)}`;
      const current = new EventSource(`/api/organizations/${organizationId}/events${query}`, { withCredentials: true });
      source = current;
      current.addEventListener('ready', () => {
        // Coming back after a gap, or with data older than the server can vouch for: read it all again, once.
        hasJustResynced = hasBeenLive || isTooOld;
        if (hasJustResynced) invalidator.resync();
        hasBeenLive = true;
        retryMs = firstRetryMs;
        setStatus('live');
      });
      current.addEventListener('resync', () => {
        if (!hasJustResynced) invalidator.resync();
        hasJustResynced = false;
      });
      for (const kind of organizationChangeKinds) {
        current.addEventListener(kind, (event) => {
          hasJustResynced = false;
          invalidator.apply(JSON.parse((event as MessageEvent<string>).data) as OrganizationChange);
        });
      }
      current.addEventListener('closed', (event) => {
        const { reason } = JSON.parse((event as MessageEvent<string>).data) as StreamClosed;
        current.close();
        isStopped = true;
        setStatus('offline');
        // The existing screens take it from there: a 401 signs the tab out, a missing organization moves on.
        // A sign-out from this very tab is already navigating away: give it time to leave first.
        const refresh = () => {
          void queryClient.invalidateQueries({ queryKey: ['/api/organizations'], exact: true });
          if (reason === 'signed-out') void queryClient.invalidateQueries({ queryKey: ['/api/user'] });
        };
        if (reason === 'signed-out') retryTimer = setTimeout(refresh, signOutGraceMs);
        else refresh();
      });
      current.onerror = () => {
        if (isStopped) return;
        if (current.readyState === EventSource.CLOSED) {
          setStatus('offline');
          retryTimer = setTimeout(connect, retryMs);
          retryMs = Math.min(lastRetryMs, retryMs * 2);
        } else {
          setStatus('reconnecting');
        }
      };
    };

    connect();
    return () => {
      isStopped = true;
      clearTimeout(retryTimer);
      source?.close();
      invalidator.stop();
    };
  }, [queryClient, organizationId, userId]);

  return status;
}
