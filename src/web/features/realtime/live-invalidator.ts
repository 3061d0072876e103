import type { Query, QueryClient } from '@tanstack/react-query';
import type { OrganizationChange } from '#domain/realtime.ts';
import { isAffectedBy, isOrganizationQuery, type LiveScope } from './affected-queries.ts';

/** Changes arriving this close together are applied together: a burst refetches each query once. */
const batchMs = 30;

interface Arrival {
  arrivedAt: number;
  affects(query: Query): boolean;
}

export interface LiveInvalidator {
  apply(change: OrganizationChange): void;
  /** Changes may have been missed: every read of the organization is done again. */
  resync(): void;
  stop(): void;
}

/**
 * Turns announced changes into refetches of exactly the queries they affect, without doing work twice:
 * - a query whose read started after the change arrived already has it (this tab's own change, refreshed by its
 *   mutation, is usually this case) and is left alone;
 * - a query being read since before the change arrived is read once more when that read ends, never cancelled;
 * - while this tab has a change of its own in flight, arrivals wait: its own refresh then counts as the read,
 *   and the editor's optimistic desks are never overwritten mid-save;
 * - other queries are marked stale; those on screen refetch, the rest when next shown.
 */
export function createLiveInvalidator(queryClient: QueryClient, scope: LiveScope): LiveInvalidator {
  const readStartedAt = new WeakMap<Query, number>();
  const readAgainWhenDone = new WeakSet<Query>();
  let waiting: Arrival[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'fetch') {
      readStartedAt.set(event.query, performance.now());
    } else if (
      (event.action.type === 'success' || event.action.type === 'error') &&
      readAgainWhenDone.has(event.query)
    ) {
      readAgainWhenDone.delete(event.query);
      void queryClient.invalidateQueries({ queryKey: event.query.queryKey, exact: true }, { cancelRefetch: false });
    }
  });

  const flush = () => {
    timer = undefined;
    if (waiting.length === 0) return;
    if (queryClient.isMutating() > 0) return; // the mutation cache listener flushes once they settle
    const arrivals = waiting;
    waiting = [];
    const stale = new Set<Query>();
    for (const query of queryClient.getQueryCache().getAll()) {
      const affecting = arrivals.filter((arrival) => arrival.affects(query));
      if (affecting.length === 0) continue;
      const earliest = Math.min(...affecting.map((arrival) => arrival.arrivedAt));
      if ((readStartedAt.get(query) ?? Number.NEGATIVE_INFINITY) >= earliest) continue;
      if (query.state.fetchStatus === 'fetching') readAgainWhenDone.add(query);
      else stale.add(query);
    }
    if (stale.size > 0) {
      void queryClient.invalidateQueries({ predicate: (query) => stale.has(query) }, { cancelRefetch: false });
    }
  };

  const schedule = () => {
    if (timer === undefined) timer = setTimeout(flush, batchMs);
  };

  const unsubscribeMutations = queryClient.getMutationCache().subscribe(() => {
    if (waiting.length > 0 && queryClient.isMutating() === 0) schedule();
  });

  const receive = (affects: (query: Query) => boolean) => {
    waiting.push({ arrivedAt: performance.now(), affects });
    schedule();
  };

  return {
    apply: (change) => receive((query) => isAffectedBy(change, query.queryKey, scope, query.state.data)),
    resync: () => receive((query) => isOrganizationQuery(query.queryKey, scope)),
    stop: () => {
      clearTimeout(timer);
      unsubscribeQueries();
      unsubscribeMutations();
    },
  };
}
