import { eq } from 'drizzle-orm';
import type { Preferences } from '#domain/preferences.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';

export async function findPreferences(db: Database, userId: string): Promise<Preferences | undefined> {
  const [row] = await db
    .select({ checkInReminders: users.checkInReminders })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function updatePreferences(
  db: Database,
  userId: string,
  changes: Partial<Preferences>,
): Promise<Preferences | undefined> {
  const [row] = await db
    .update(users)
    .set(changes)
    .where(eq(users.id, userId))
    .returning({ checkInReminders: users.checkInReminders });
  return row;
}
