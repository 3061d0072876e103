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

/** A navigation answered with a redirect: no body, the Location header says where. */
export const redirectResponse = z.null().describe('A redirect: the Location header says where to go.');
