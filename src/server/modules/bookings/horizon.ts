import { todayIn } from '#domain/dates.ts';
import { bookingDateProblem, readDateProblem, readWindowAnywhere } from '#domain/horizon.ts';
import { badRequest } from '#server/errors.ts';

/** A date a client books: from the organization's today to two years ahead. `field` names the input in the 400. */
export function requireBookableDate(date: string, timeZone: string, field: string): void {
  const problem = bookingDateProblem(date, todayIn(timeZone));
  if (problem) throw badRequest(`${problem} (${field})`);
}

/** Dates a client reads, by field name: two years either side of today. */
export function requireReadableDates(dates: Record<string, string>): void {
  const window = readWindowAnywhere();
  for (const [field, date] of Object.entries(dates)) {
    const problem = readDateProblem(date, window);
    if (problem) throw badRequest(`${problem} (${field})`);
  }
}
