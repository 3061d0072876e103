import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rowsOf } from './rows.ts';

/**
 * Serializes, until the transaction `tx` ends, the additions of one kind (`kind`: 'sites', 'teams') to one
 * organization, so that two at once cannot pass its limit together: each counts after the other committed (count in a
 * statement after this one, which takes a snapshot of its own). An advisory lock: it leaves the organization row alone,
 * whose key every booking's insert checks (a row lock would hold those up).
 */
export async function lockOrganizationAdditions(tx: Database, kind: string, organizationId: string): Promise<void> {
  await rowsOf(tx, sql`SELECT pg_advisory_xact_lock(hashtextextended(${`perch-${kind}:${organizationId}`}, 0))`);
}
