import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { localCheckoutSubscriptions } from '#server/db/schema.ts';

export type LocalSubscriptionRow = typeof localCheckoutSubscriptions.$inferSelect;
type LocalStatus = LocalSubscriptionRow['status'];

/** Inserts the subscription, or answers the one an earlier request with the same idempotency key made. */
export async function insertLocalSubscription(
  db: Database,
  values: typeof localCheckoutSubscriptions.$inferInsert,
): Promise<LocalSubscriptionRow> {
  const [inserted] = await db.insert(localCheckoutSubscriptions).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(localCheckoutSubscriptions)
    .where(eq(localCheckoutSubscriptions.requestId, values.requestId))
    .limit(1);
  if (!existing) throw new Error('local subscription neither inserted nor found');
  return existing;
}

export async function findLocalSubscription(db: Database, id: string): Promise<LocalSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(localCheckoutSubscriptions)
    .where(eq(localCheckoutSubscriptions.id, id))
    .limit(1);
  return row;
}

/** Moves the subscription to `to` when it is in one of `from`; answers the row, or undefined when it was not. */
export async function transitionLocalSubscription(
  db: Database,
  id: string,
  from: LocalStatus[],
  to: LocalStatus,
  nextBillingTime?: Date,
): Promise<LocalSubscriptionRow | undefined> {
  const [row] = await db
    .update(localCheckoutSubscriptions)
    .set({ status: to, updatedAt: sql`now()`, ...(nextBillingTime ? { nextBillingTime } : {}) })
    .where(and(eq(localCheckoutSubscriptions.id, id), inArray(localCheckoutSubscriptions.status, from)))
    .returning();
  return row;
}

/** The local checkout's subscriptions of deleted organizations: their pages, which show the name, go with them. */
export async function deleteLocalSubscriptionsOfOrganizations(db: Database, organizationIds: string[]): Promise<void> {
  if (organizationIds.length === 0) return;
  await db.delete(localCheckoutSubscriptions).where(inArray(localCheckoutSubscriptions.customId, organizationIds));
}
