import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

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

export async function deleteExpiredWindows(db: Database, olderThanSeconds: number): Promise<void> {
  await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStartedAt} < now() - make_interval(secs => ${olderThanSeconds})`);
}
