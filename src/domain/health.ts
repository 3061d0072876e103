import { z } from './zod.ts';

/** GET /api/health when the database answers. */
export const healthyResponseSchema = z.object({ status: z.literal('ok') });

/** GET /api/health's 503: the database cannot be reached within two seconds. */
export const unhealthyResponseSchema = z.object({ status: z.literal('unavailable'), message: z.string() });
