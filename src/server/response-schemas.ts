import { z } from 'zod';

/** Answers that many routes share: a sentence, and a user as anyone may see it. */
export const messageResponse = z.object({ message: z.string() });

export const publicUserResponse = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
