import { z } from './zod.ts';

/** The answer of many operations (sign-out, cancelling, deleting, revoking): one sentence for the person who asked. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
