import { z } from './zod.ts';

/** GET .../audit-log?before=&limit=: newest first, `before` is the previous page's `nextBefore`. */
export const auditLogQuerySchema = z.strictObject({
  before: z.coerce
    .number({ error: 'before must be an event id' })
    .int('before must be a whole number')
    .min(1, 'before must be at least 1')
    .max(Number.MAX_SAFE_INTEGER, 'before is too large')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 to 100')
    .max(100, 'limit must be 1 to 100')
    .default(25),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditEventSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  /** Null for the system (webhooks, scheduled jobs). `name` is null once the account is gone. */
  actor: z.object({ email: z.string(), name: z.string().nullable() }).nullable(),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  /** The organization the event belongs to (shown in the platform's log). */
  organization: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

/** One page of GET .../audit-log, newest first. */
export const auditLogPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `before` for the next page; null when this is the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** What the audit log keeps instead of a deleted person's name and e-mail: a pseudonymous reference. */
export const deletedUserLabel = 'a deleted user';
