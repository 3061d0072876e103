import { bookingMessages } from '#domain/bookings.ts';
import { perApp } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { AppError, conflict, notFound, sqlState } from '#server/errors.ts';
import { DeskQueue, type Outcome, tooBusy, type Verdict } from './desk-queue.ts';
import * as writes from './writes-repo.ts';

// Making a booking: the writes with their database refusals said as the API answers them, and the instance's line
// of one-off bookings per desk.

export const deskNotFound = () => notFound('Desk not found.');

/** A database's refusal of a booking as the API answers it: the slot taken, or the desk gone; anything else as it was. */
function explainRefusal(error: unknown): unknown {
  const state = sqlState(error);
  if (state === '23P01') return conflict(bookingMessages.alreadyBooked);
  if (state === '23503') return deskNotFound();
  return error;
}

export async function insertOrExplain(db: Database, booking: writes.NewBooking): Promise<string> {
  try {
    return await writes.insertBooking(db, booking);
  } catch (error) {
    throw explainRefusal(error);
  }
}

export async function placeOrExplain(db: Database, booking: Parameters<typeof writes.placeBooking>[1]) {
  try {
    return await writes.placeBooking(db, booking);
  } catch (error) {
    // The desk's lock was held past the pool's lock_timeout (another instance's crowd, or a long transaction).
    if (sqlState(error) === '55P03') throw tooBusy();
    throw explainRefusal(error);
  }
}

/**
 * The instance's line of one-off bookings per desk (one per running app). A crowd on one desk holds at most a quarter
 * of the pool with its checks, plus one connection to insert.
 */
export const deskQueueOf = perApp(
  (context) =>
    new DeskQueue({
      maxWaiting: 2000,
      maxWaitMs: 10_000,
      maxChecks: Math.max(1, Math.floor(context.config.databasePoolSize / 4)),
    }),
);

/** What one placement tells the attempts waiting for the same desk (desk-queue.ts). */
export function verdictOf(outcome: Outcome<writes.PlacedBooking | undefined>): Verdict {
  if ('error' in outcome) {
    if (!(outcome.error instanceof AppError)) return 'final';
    if (outcome.error.statusCode === 409) return 'taken';
    return outcome.error.statusCode === 429 ? 'shed' : 'final';
  }
  const placed = outcome.value;
  if (!placed?.desk) return 'final';
  if (placed.bookingId || placed.isTaken) return 'taken';
  // Nothing inserted and nothing in the way: a check only looked (or the date is past, which its turn will say).
  return 'free';
}
