import { type BookingRules, bookingRulesSchema } from '#domain/booking-rules.ts';

const ruleNames = Object.keys(bookingRulesSchema.shape) as (keyof BookingRules)[];

/**
 * Where a refused save's sentence belongs: the server names the field after it ("Days ahead can be at most 730
 * (maxDaysAhead)"), so the problem can stand under that field; any other sentence is the whole form's.
 */
export function serverProblemOf(message: string): { field: keyof BookingRules | null; message: string } {
  const match = message.match(/^(.+) \((\w+)\)$/);
  const field = ruleNames.find((name) => name === match?.[2]);
  return field && match?.[1] ? { field, message: match[1] } : { field: null, message };
}
