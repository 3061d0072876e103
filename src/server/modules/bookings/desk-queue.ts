import type { TimeSlot } from '#domain/bookings.ts';
import { tooManyRequests } from '#server/errors.ts';

/** The sentence of every booking refused because too many are under way at once (decision 013). */
export const busyMessage = 'Too many people are booking at this moment. Please try again in a few seconds.';
export const busyRetryAfterSeconds = 1;
export const tooBusy = () => tooManyRequests(busyMessage, busyRetryAfterSeconds);

/** The time an attempt asks for. */
export interface Claim {
  date: string;
  slot: TimeSlot;
}

/** Two one-off claims of one desk overlap when their dates are equal and their slots overlap (full-day holds both). */
export const claimsOverlap = (a: Claim, b: Claim) =>
  a.date === b.date && (a.slot === b.slot || a.slot === 'full-day' || b.slot === 'full-day');

/**
 * What an attempt's outcome says to those waiting behind it:
 * - `taken`: the claimed time is held by an active booking (just made, or found): waiters whose claims overlap are
 *   let through at once, to check without inserting;
 * - `free`: a check found the time free: the attempt must take its turn to insert;
 * - `shed`: the desk could not be had (its lock was held too long): every waiter is refused with the same error;
 * - `final`: nothing that concerns the others (not a member, no such desk, a past date, any other error).
 */
export type Verdict = 'taken' | 'free' | 'shed' | 'final';
export type Outcome<T> = { value: T } | { error: unknown };

export interface DeskQueueOptions {
  /** Attempts that may wait for one desk; the next is refused at once (429). */
  maxWaiting: number;
  /** How long an attempt may wait for its turn; then it is refused (429). */
  maxWaitMs: number;
  /** Checks of one desk that may run at once (each holds a pool connection for one short statement). */
  maxChecks: number;
}

type Mode = 'insert' | 'check';

interface Waiter {
  claim: Claim;
  admit(mode: Mode): void;
  refuse(error: unknown): void;
}

interface Line {
  isInserting: boolean;
  checking: number;
  /** Waiting for the desk's one insert. */
  toInsert: Waiter[];
  /** Let through by a taken verdict: waiting for one of the desk's few checks. */
  toCheck: Waiter[];
}

/**
 * One instance's line of booking attempts per desk (decision 013). At most one attempt per desk may insert (and so
 * wait for the desk's lock) at a time; the others wait here, holding no database connection, so that a crowd on one
 * desk cannot take the whole pool, and with it every other organization's requests. When the inserting attempt finds
 * its time taken, or takes it, the waiters whose claims overlap are let through to check without inserting (a check
 * never locks), `maxChecks` at a time: the crowd learns "already booked" a few at a time rather than one by one, and
 * the rest of the pool stays free for everyone else. Each wait is bounded by `maxWaitMs` and each line by
 * `maxWaiting`. The line only spares the pool: the exclusion constraint decides every race, between instances as
 * within one.
 */
export class DeskQueue {
  readonly #lines = new Map<string, Line>();
  readonly #options: DeskQueueOptions;

  constructor(options: DeskQueueOptions) {
    this.#options = options;
  }

  /**
   * Runs `attempt(true)` (may insert) when no other attempt of this instance inserts for the desk, or `attempt(false)`
   * (check only) once an attempt found the claimed time taken; a check that finds it free takes its turn after all.
   */
  async run<T>(
    deskId: string,
    claim: Claim,
    attempt: (mayInsert: boolean) => Promise<T>,
    verdictOf: (outcome: Outcome<T>) => Verdict,
  ): Promise<T> {
    let mode = await this.#enter(deskId, claim);
    for (;;) {
      const outcome = await attempt(mode === 'insert').then(
        (value): Outcome<T> => ({ value }),
        (error: unknown): Outcome<T> => ({ error }),
      );
      const verdict = verdictOf(outcome);
      if (mode === 'check' && verdict === 'free') {
        // Freed meanwhile (a cancellation): back in line, at its head, for the insert.
        mode = await this.#leave(deskId, claim, mode, verdict, outcome, true);
        continue;
      }
      void this.#leave(deskId, claim, mode, verdict, outcome, false);
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    }
  }

  /** Attempts waiting for the desk (not counting those running). */
  waitingFor(deskId: string): number {
    const line = this.#lines.get(deskId);
    return line ? line.toInsert.length + line.toCheck.length : 0;
  }

  #enter(deskId: string, claim: Claim): Promise<Mode> {
    let line = this.#lines.get(deskId);
    if (!line) {
      line = { isInserting: true, checking: 0, toInsert: [], toCheck: [] };
      this.#lines.set(deskId, line);
      return Promise.resolve('insert');
    }
    if (line.toInsert.length + line.toCheck.length >= this.#options.maxWaiting) return Promise.reject(tooBusy());
    return this.#wait(line, claim, 'back');
  }

  #wait(line: Line, claim: Claim, where: 'front' | 'back'): Promise<Mode> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        for (const queue of [line.toInsert, line.toCheck]) {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
        }
        reject(tooBusy());
      }, this.#options.maxWaitMs);
      timer.unref();
      const waiter: Waiter = {
        claim,
        admit: (mode) => {
          clearTimeout(timer);
          resolve(mode);
        },
        refuse: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      if (where === 'front') line.toInsert.unshift(waiter);
      else line.toInsert.push(waiter);
    });
  }

  /** Ends a running attempt, tells the waiters what it learnt, and lets the next ones run. */
  #leave(
    deskId: string,
    claim: Claim,
    mode: Mode,
    verdict: Verdict,
    outcome: Outcome<unknown>,
    isWaitingAgain: boolean,
  ): Promise<Mode> {
    const line = this.#lines.get(deskId);
    if (!line) throw new Error(`no line for desk ${deskId}`);
    if (mode === 'insert') line.isInserting = false;
    else line.checking -= 1;
    if (verdict === 'shed' && 'error' in outcome) {
      for (const waiter of [...line.toInsert.splice(0), ...line.toCheck.splice(0)]) waiter.refuse(outcome.error);
    } else if (verdict === 'taken') {
      for (const waiter of line.toInsert.splice(0)) {
        if (claimsOverlap(waiter.claim, claim)) line.toCheck.push(waiter);
        else line.toInsert.push(waiter);
      }
    }
    const again = isWaitingAgain ? this.#wait(line, claim, 'front') : Promise.resolve<Mode>('check');
    while (line.checking < this.#options.maxChecks && line.toCheck.length > 0) {
      line.checking += 1;
      line.toCheck.shift()?.admit('check');
    }
    const next = line.isInserting ? undefined : line.toInsert.shift();
    if (next) {
      line.isInserting = true;
      next.admit('insert');
    }
    if (!line.isInserting && line.checking === 0 && line.toCheck.length === 0) this.#lines.delete(deskId);
    return again;
  }
}
