import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganizationChange } from '#domain/realtime.ts';
import { createLiveInvalidator, type LiveInvalidator } from './live-invalidator.ts';

const scope = { organizationId: 'org-1', userId: 'me' };
const dayKey = (date: string) => ['/api/organizations', 'org-1', 'bookings', date, date] as const;
const booked = (date: string): OrganizationChange => ({
  kind: 'bookings',
  organizationId: 'org-1',
  fromDate: date,
  toDate: date,
  hasPermanent: false,
  userIds: ['me'],
});

/**
 * Past the invalidator's batching on the test's own clock, so that whatever it was going to do has been done,
 * however busy the machine is.
 */
const settle = () => vi.advanceTimersByTimeAsync(120);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const cleanups: Array<() => void> = [];
beforeEach(() => {
  // Only the timers: the invalidator orders reads and arrivals by the real performance.now().
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.useRealTimers();
});

/** A query on screen (an active observer) whose reads are counted; `gate` holds the next read open. */
async function watch(queryClient: QueryClient, key: readonly unknown[]) {
  const state = { reads: 0, gate: null as ReturnType<typeof deferred> | null };
  const observer = new QueryObserver(queryClient, {
    queryKey: key,
    queryFn: async () => {
      state.reads += 1;
      await state.gate?.promise;
      return state.reads;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  cleanups.push(observer.subscribe(() => {}));
  await queryClient.getQueryCache().find({ queryKey: key })?.promise;
  return state;
}

function setUp(): { queryClient: QueryClient; invalidator: LiveInvalidator } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidator = createLiveInvalidator(queryClient, scope);
  cleanups.push(
    () => invalidator.stop(),
    () => queryClient.clear(),
  );
  return { queryClient, invalidator };
}

describe('createLiveInvalidator', () => {
  it("refetches the day a colleague booked, once, and leaves other days' queries alone", async () => {
    const { queryClient, invalidator } = setUp();
    const changedDay = await watch(queryClient, dayKey('2030-03-05'));
    const otherDay = await watch(queryClient, dayKey('2030-03-06'));
    invalidator.apply(booked('2030-03-05'));
    invalidator.apply(booked('2030-03-05'));
    await settle();
    expect(changedDay.reads).toBe(2);
    expect(otherDay.reads).toBe(1);
  });

  it("does not read again for this tab's own booking: its own refresh already has it", async () => {
    const { queryClient, invalidator } = setUp();
    const day = await watch(queryClient, dayKey('2030-03-05'));
    const answer = deferred();
    const mutation = new MutationObserver(queryClient, {
      mutationFn: () => answer.promise,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: dayKey('2030-03-05') }),
    });
    const saving = mutation.mutate();
    // The event of the tab's own change arrives before the answer to its request.
    invalidator.apply(booked('2030-03-05'));
    answer.resolve();
    await saving;
    await settle();
    expect(day.reads).toBe(2);
  });

  it('reads a query once more when a read that began before the change arrived ends, instead of cancelling it', async () => {
    const { queryClient, invalidator } = setUp();
    const day = await watch(queryClient, dayKey('2030-03-05'));
    day.gate = deferred();
    const slowRead = queryClient.refetchQueries({ queryKey: dayKey('2030-03-05') });
    invalidator.apply(booked('2030-03-05'));
    await settle();
    expect(day.reads).toBe(2);
    const gate = day.gate;
    day.gate = null;
    gate.resolve();
    await slowRead;
    await settle();
    expect(day.reads).toBe(3);
    expect(queryClient.getQueryData(dayKey('2030-03-05'))).toBe(3);
  });

  it('reads everything of the organization again on resync, and nothing of the account', async () => {
    const { queryClient, invalidator } = setUp();
    const floors = await watch(queryClient, ['/api/organizations', 'org-1', 'floors']);
    const user = await watch(queryClient, ['/api/user']);
    invalidator.resync();
    await settle();
    expect(floors.reads).toBe(2);
    expect(user.reads).toBe(1);
  });
});
