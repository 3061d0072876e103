import { eq, sql } from 'drizzle-orm';
import type { BookingRules } from '#domain/booking-rules.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { organizations } from '#server/db/schema.ts';

/** The rules as the API names them, over the organization's row. */
const ruleFields = {
  onePerPersonPerSlot: organizations.oneDeskPerPerson,
  maxDaysAhead: organizations.maxDaysAhead,
  maxBookingsPerWeek: organizations.maxBookingsPerWeek,
  adminsExempt: organizations.adminsExemptFromLimits,
  checkInRequired: organizations.checkInRequired,
  checkInGraceMinutes: organizations.checkInGraceMinutes,
  autoRelease: organizations.autoRelease,
};

// The same columns in SQL, for the UPDATE that answers the rules as they were before it.
const ruleColumns = sql.join(
  Object.entries(ruleFields).map(([name, column]) => sql`${sql.identifier(column.name)} AS ${sql.identifier(name)}`),
  sql`, `,
);

/** The rules in force; with `forUpdate`, the organization's row stays locked to the end of the transaction. */
export async function findBookingRules(
  db: Database,
  organizationId: string,
  options: { forUpdate?: boolean } = {},
): Promise<BookingRules | undefined> {
  const query = db.select(ruleFields).from(organizations).where(eq(organizations.id, organizationId)).$dynamic();
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/**
 * Replaces the rules; answers the rules before the change (for the audit log): raw SQL, as the builder cannot update
 * from a locked subquery of the row's old values (decision 025). Turning check-in on records when, so
 * that the release job leaves alone the bookings whose window opened before (migration 0017).
 */
export async function replaceBookingRules(
  db: Database,
  organizationId: string,
  rules: BookingRules,
): Promise<BookingRules | undefined> {
  const [row] = await rowsOf<BookingRules>(
    db,
    sql`UPDATE organizations o SET one_desk_per_person = ${rules.onePerPersonPerSlot},
        max_days_ahead = ${rules.maxDaysAhead}, max_bookings_per_week = ${rules.maxBookingsPerWeek},
        admins_exempt_from_limits = ${rules.adminsExempt}, check_in_required = ${rules.checkInRequired},
        check_in_grace_minutes = ${rules.checkInGraceMinutes}, auto_release = ${rules.autoRelease},
        check_in_required_since = CASE WHEN NOT ${rules.checkInRequired}::boolean THEN o.check_in_required_since
          WHEN o.check_in_required THEN o.check_in_required_since ELSE now() END
      FROM (SELECT id, ${ruleColumns} FROM organizations WHERE id = ${organizationId} FOR UPDATE) AS before
      WHERE o.id = before.id
      RETURNING before."onePerPersonPerSlot", before."maxDaysAhead", before."maxBookingsPerWeek", before."adminsExempt",
        before."checkInRequired", before."checkInGraceMinutes", before."autoRelease"`,
  );
  return row;
}
