import type { users } from '#server/db/schema.ts';

/** A user as the database holds it: what the repository reads, the session cache keeps and services are given. */
export type UserRow = typeof users.$inferSelect;
