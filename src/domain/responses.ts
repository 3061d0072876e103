import { z } from './zod.ts';

/** The answer of many operations (sign-out, cancelling, deleting, revoking): one sentence for the person who asked. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * Every error answer (server contract, Conventions): a sentence a person can act on, and sometimes a code a client
 * can branch on (`booking_rule`, `permanent_booking_conflicts`...) and details (the conflicting bookings...).
 * The server's error handler builds it; the browser reads it in one place (src/web/app/api.ts).
 */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
