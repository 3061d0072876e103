import type { BookingRules, BookingRulesChange } from '#domain/booking-rules.ts';
import type { AppContext } from '#server/context.ts';
import { notFound } from '#server/errors.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { findMemberOrganization, requireAdmin } from '../organizations/service.ts';
import * as repo from './repo.ts';

const organizationNotFound = () => notFound('Organization not found.');

/** Any member reads the rules: the browser explains them before anyone books. */
export async function getBookingRules(context: AppContext, organizationId: string, userId: string) {
  const { organization } = await findMemberOrganization(context, organizationId, userId);
  const rules = await repo.findBookingRules(context.db, organization.id);
  if (!rules) throw organizationNotFound();
  return rules;
}

/**
 * Admins change them: any of the rules, the others kept (the contract's "PUT takes any subset"). The change and what
 * it was are in the audit log. Bookings already made stay. Answers the rules now in force.
 */
export async function replaceBookingRules(
  context: AppContext,
  organizationId: string,
  adminId: string,
  changes: BookingRulesChange,
): Promise<BookingRules> {
  const { organization } = await requireAdmin(context, organizationId, adminId);
  return context.db.transaction(async (tx) => {
    const before = await repo.findBookingRules(tx, organization.id, { forUpdate: true });
    if (!before) throw organizationNotFound();
    const after: BookingRules = { ...before };
    for (const [name, value] of Object.entries(changes) as [keyof BookingRules, never][]) {
      if (value !== undefined) after[name] = value;
    }
    if (JSON.stringify(before) === JSON.stringify(after)) return after;
    await repo.replaceBookingRules(tx, organization.id, after);
    await recordAuditEvent(tx, {
      organizationId: organization.id,
      actor: { id: adminId },
      action: 'organization.booking_rules_changed',
      target: { type: 'organization', id: organization.id },
      details: { before, after },
    });
    return after;
  });
}
