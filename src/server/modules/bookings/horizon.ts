import { todayIn } from '../../../domain/dates.ts';
import { bookingDateProblem, readDateProblemAnywhere } from '../../../domain/horizon.ts';
import { badRequest } from '../../errors.ts';

/** A date a client books: from the organization's today to two years ahead. `field` names the input in the 400. */
export function requireBookableDate(date: string, timeZone: string, field: string): void {
  const problem = bookingDateProblem(date, todayIn(timeZone));
  if (problem) throw badRequest(`${problem} (${field})`);
}

/** A date a client reads: two years either side of today. */
export function requireReadableDate(date: string, field: string): void {
  const problem = readDateProblemAnywhere(date);
  if (problem) throw badRequest(`${problem} (${field})`);
}
