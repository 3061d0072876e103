import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';

/** Counts `cost` hits in a fixed window shared by every instance; answers the count and when the window ends. */
export async function countHit(
  db: Database,
  key: string,
  windowSeconds: number,
  cost = 1,
): Promise<{ hits: number; resetAt: Date }> {
  const windowExpired = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: sql`now()`, hits: cost })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${windowExpired} THEN ${cost}::int ELSE ${rateLimits.hits} + ${cost}::int END`,
        windowStartedAt: sql`CASE WHEN ${windowExpired} THEN now() ELSE ${rateLimits.windowStartedAt} END`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
  if (!row) throw new Error('rate limit upsert returned nothing');
  return { hits: row.hits, resetAt: new Date(row.windowStartedAt.getTime() + windowSeconds * 1000) };
}

/** Takes back `cost` hits of the current window (an attempt that turned out not to count); never below zero. */
export async function refundHit(db: Database, key: string, cost = 1): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`GREATEST(${rateLimits.hits} - ${cost}::int, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets a counter altogether, as if nothing had been counted. */
export async function deleteWindow(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function deleteExpiredWindows(db: Database, olderThanSeconds: number): Promise<void> {
  await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStartedAt} < now() - make_interval(secs => ${olderThanSeconds})`);
}
