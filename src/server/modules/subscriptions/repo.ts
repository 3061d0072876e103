import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  memberships,
  organizations,
  paymentCheckouts,
  paymentWebhookEvents,
  subscriptions,
  users,
} from '#server/db/schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutRow = typeof paymentCheckouts.$inferSelect;
export type SubscriptionChanges = Partial<
  Pick<
    SubscriptionRow,
    | 'planId'
    | 'planName'
    | 'maxUsers'
    | 'status'
    | 'providerSubscriptionId'
    | 'nextBillingTime'
    | 'endsAt'
    | 'isOverridden'
    | 'overrideReason'
  >
>;

export async function findSubscription(db: Database, organizationId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId)).limit(1);
  return row;
}

/** The row, locked until the transaction ends: webhooks, returns and admins change one subscription in turn. */
export async function lockSubscription(db: Database, organizationId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId))
    .for('update')
    .limit(1);
  return row;
}

export async function updateSubscription(
  db: Database,
  organizationId: string,
  changes: SubscriptionChanges,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(subscriptions.organizationId, organizationId))
    .returning();
  if (!row) throw new Error('subscription to update is gone');
  return row;
}

/** The subscription of an organization that has none yet (a new organization's trial, an override on one). */
export async function insertSubscription(
  db: Database,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}

/** The same, unless the organization already has one (the platform organization, created at every start). */
export async function insertSubscriptionIfMissing(db: Database, values: typeof subscriptions.$inferInsert) {
  await db.insert(subscriptions).values(values).onConflictDoNothing();
}

export async function findOrganizationOfProviderSubscription(
  db: Database,
  providerSubscriptionId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ organizationId: subscriptions.organizationId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .limit(1);
  return row?.organizationId;
}

export async function insertCheckout(db: Database, values: typeof paymentCheckouts.$inferInsert): Promise<void> {
  await db.insert(paymentCheckouts).values(values).onConflictDoNothing();
}

export async function findCheckout(db: Database, providerSubscriptionId: string): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.providerSubscriptionId, providerSubscriptionId))
    .limit(1);
  return row;
}

export async function markCheckoutActivated(db: Database, providerSubscriptionId: string): Promise<void> {
  await db
    .update(paymentCheckouts)
    .set({ activatedAt: sql`now()` })
    .where(
      and(eq(paymentCheckouts.providerSubscriptionId, providerSubscriptionId), isNull(paymentCheckouts.activatedAt)),
    );
}

/** Records a webhook event id; false when it was recorded before (a replay). */
export async function insertWebhookEvent(db: Database, eventId: string, eventType: string): Promise<boolean> {
  const rows = await db
    .insert(paymentWebhookEvents)
    .values({ eventId, eventType })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return rows.length > 0;
}

/** The organization's name and its admins' addresses, for mail about its subscription. */
export async function findMailingOfOrganization(
  db: Database,
  organizationId: string,
): Promise<{ name: string; adminEmails: string[] } | undefined> {
  const [organization] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!organization) return undefined;
  return { name: organization.name, adminEmails: await listAdminEmails(db, organizationId) };
}

export async function listAdminEmails(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'admin')))
    .orderBy(users.email);
  return rows.map((row) => row.email);
}

/** Trials whose end has come: they become 'none' (no subscription). */
export function endTrials(db: Database, now: Date): Promise<Array<{ organizationId: string }>> {
  return db
    .update(subscriptions)
    .set({ status: 'none', updatedAt: sql`now()` })
    .where(and(eq(subscriptions.status, 'trial'), isNotNull(subscriptions.endsAt), lte(subscriptions.endsAt, now)))
    .returning({ organizationId: subscriptions.organizationId });
}

/** Trials ending before `before` that have not been reminded yet; marks them reminded. */
export function markTrialReminders(
  db: Database,
  now: Date,
  before: Date,
): Promise<Array<{ organizationId: string; endsAt: Date | null }>> {
  return db
    .update(subscriptions)
    .set({ trialReminderSentAt: now })
    .where(
      and(
        eq(subscriptions.status, 'trial'),
        isNull(subscriptions.trialReminderSentAt),
        gt(subscriptions.endsAt, now),
        lte(subscriptions.endsAt, before),
      ),
    )
    .returning({ organizationId: subscriptions.organizationId, endsAt: subscriptions.endsAt });
}

/** Subscriptions cancelled at period end whose period is over. */
export function listEndedPeriods(db: Database, now: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'cancel_at_period_end'), lte(subscriptions.endsAt, now)))
    .limit(500);
}
