import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '#server/errors.ts';
import { type Claim, claimsOverlap, DeskQueue, type Outcome, type Verdict } from './desk-queue.ts';

/** An attempt the test finishes by hand, recording how it was started. */
interface Pending {
  name: string;
  mayInsert: boolean;
  finish(result: string): void;
  fail(error: unknown): void;
}

function harness(options: Partial<ConstructorParameters<typeof DeskQueue>[0]> = {}) {
  const queue = new DeskQueue({ maxWaiting: 100, maxWaitMs: 60_000, maxChecks: 2, ...options });
  const running: Pending[] = [];
  const started: string[] = [];
  // Results name the verdict they stand for: "taken", "free" or anything else (final).
  const verdictOf = (outcome: Outcome<string>): Verdict => {
    if ('error' in outcome)
      return outcome.error instanceof AppError && outcome.error.statusCode === 429 ? 'shed' : 'final';
    return outcome.value === 'taken' || outcome.value === 'free' ? outcome.value : 'final';
  };
  const book = (name: string, claim: Claim, deskId = 'desk-1') =>
    queue.run(
      deskId,
      claim,
      (mayInsert) =>
        new Promise<string>((resolve, reject) => {
          started.push(`${name}:${mayInsert ? 'insert' : 'check'}`);
          running.push({ name, mayInsert, finish: resolve, fail: reject });
        }),
      verdictOf,
    );
  /** Finishes the running attempt of `name`, and lets the queue hand out the next turns. */
  const finish = async (name: string, result: string) => {
    const index = running.findIndex((each) => each.name === name);
    const [attempt] = running.splice(index, 1);
    attempt?.finish(result);
    await settle();
  };
  const fail = async (name: string, error: unknown) => {
    const index = running.findIndex((each) => each.name === name);
    const [attempt] = running.splice(index, 1);
    attempt?.fail(error);
    await settle();
  };
  return { queue, running, started, book, finish, fail };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const morning = (date = '2026-12-01'): Claim => ({ date, slot: 'morning' });
const afternoon = (date = '2026-12-01'): Claim => ({ date, slot: 'afternoon' });
const fullDay = (date = '2026-12-01'): Claim => ({ date, slot: 'full-day' });

afterEach(() => {
  vi.useRealTimers();
});

describe('overlap of two claims of one desk', () => {
  it.each([
    [morning(), morning(), true],
    [morning(), afternoon(), false],
    [fullDay(), afternoon(), true],
    [morning(), fullDay(), true],
    [fullDay(), fullDay(), true],
    [morning('2026-12-01'), morning('2026-12-02'), false],
  ])('%o and %o overlap: %s', (a, b, expected) => {
    expect(claimsOverlap(a, b)).toBe(expected);
    expect(claimsOverlap(b, a)).toBe(expected);
  });
});

describe('the line of booking attempts for one desk', () => {
  it('lets one attempt of a desk insert at a time while the others wait, holding nothing', async () => {
    const { book, started, finish, queue } = harness();
    const answers = [book('a', morning()), book('b', afternoon()), book('c', fullDay('2026-12-02'))];
    await settle();
    expect(started).toEqual(['a:insert']);
    expect(queue.waitingFor('desk-1')).toBe(2);
    await finish('a', 'created');
    expect(started).toEqual(['a:insert', 'b:insert']);
    await finish('b', 'created');
    await finish('c', 'created');
    expect(started).toEqual(['a:insert', 'b:insert', 'c:insert']);
    expect(await Promise.all(answers)).toEqual(['created', 'created', 'created']);
    expect(queue.waitingFor('desk-1')).toBe(0);
  });

  it('runs the attempts of different desks side by side', async () => {
    const { book, started } = harness();
    void book('a', morning(), 'desk-1');
    void book('b', morning(), 'desk-2');
    await settle();
    expect(started).toEqual(['a:insert', 'b:insert']);
  });

  it('lets the waiters whose claims overlap a taken time check, a few at a time, and keeps the others in line to insert', async () => {
    const { book, started, finish, running } = harness({ maxChecks: 2 });
    const first = book('first', morning());
    const waiting = [
      book('m1', morning()),
      book('pm', afternoon()),
      book('m2', morning()),
      book('day', fullDay()),
      book('other-date', morning('2026-12-02')),
    ];
    await settle();
    await finish('first', 'taken');
    expect(await first).toBe('taken');
    // Two checks for the overlapping claims, and the first non-overlapping waiter inserts meanwhile.
    expect(started.slice(1)).toEqual(['m1:check', 'm2:check', 'pm:insert']);
    expect(running.map((each) => each.name).sort()).toEqual(['m1', 'm2', 'pm']);
    await finish('m1', 'taken');
    expect(started.at(-1)).toBe('day:check');
    await finish('m2', 'taken');
    await finish('day', 'taken');
    await finish('pm', 'created');
    expect(started.at(-1)).toBe('other-date:insert');
    await finish('other-date', 'created');
    expect(await Promise.all(waiting)).toEqual(['taken', 'created', 'taken', 'taken', 'created']);
  });

  it('sends a check that finds the time free back to the head of the line, to insert', async () => {
    const { book, started, finish } = harness();
    void book('first', morning());
    const checked = book('checker', morning());
    void book('later', afternoon());
    await settle();
    await finish('first', 'taken');
    expect(started.slice(1)).toEqual(['checker:check', 'later:insert']);
    // The booking was cancelled meanwhile: the check finds the time free and queues ahead of anyone else.
    void book('newcomer', morning());
    await finish('checker', 'free');
    expect(started.at(-1)).toBe('later:insert');
    await finish('later', 'created');
    expect(started.at(-1)).toBe('checker:insert');
    await finish('checker', 'created');
    expect(await checked).toBe('created');
    expect(started.at(-1)).toBe('newcomer:insert');
  });

  it('lets the next attempt insert when one fails', async () => {
    const { book, started, fail, finish } = harness();
    const failing = book('a', morning()).catch((error: unknown) => error);
    const next = book('b', morning());
    await settle();
    await fail('a', new Error('connection lost'));
    expect(await failing).toMatchObject({ message: 'connection lost' });
    expect(started).toEqual(['a:insert', 'b:insert']);
    await finish('b', 'created');
    expect(await next).toBe('created');
  });

  it('refuses every waiter at once with the same 429 when the inserting attempt could not have the desk', async () => {
    const { book, started, fail } = harness();
    const attempts = Promise.allSettled([book('a', morning()), book('b', morning()), book('c', afternoon())]);
    await settle();
    const busy = new AppError(429, 'Too many people are booking at this moment.', { headers: { 'retry-after': '1' } });
    await fail('a', busy);
    const outcomes = await attempts;
    expect(outcomes.map((each) => (each.status === 'rejected' ? each.reason : each.value))).toEqual([busy, busy, busy]);
    expect(started).toEqual(['a:insert']);
  });

  it('refuses with 429 and Retry-After an attempt that finds the line full', async () => {
    const { book } = harness({ maxWaiting: 2 });
    void book('a', morning());
    void book('b', morning());
    void book('c', morning());
    const refused = await book('d', morning()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } });
    expect((refused as AppError).message).toMatch(/try again/);
  });

  it('refuses with 429 an attempt that waited for its turn longer than the limit, and forgets it', async () => {
    vi.useFakeTimers();
    const { book, queue, started, finish } = harness({ maxWaitMs: 5000 });
    void book('a', morning());
    const waiting = book('b', morning()).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5001);
    expect(await waiting).toMatchObject({ statusCode: 429 });
    expect(queue.waitingFor('desk-1')).toBe(0);
    vi.useRealTimers();
    await finish('a', 'created');
    expect(started).toEqual(['a:insert']);
  });
});
