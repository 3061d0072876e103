import type { BookingRules } from '#domain/booking-rules.ts';
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

/** Admins replace them; the change and what it was are in the audit log. Bookings already made stay. */
export async function replaceBookingRules(
  context: AppContext,
  organizationId: string,
  adminId: string,
  rules: BookingRules,
): Promise<BookingRules> {
  const { organization } = await requireAdmin(context, organizationId, adminId);
  await context.db.transaction(async (tx) => {
    const before = await repo.replaceBookingRules(tx, organization.id, rules);
    if (!before) throw organizationNotFound();
    if (JSON.stringify(before) === JSON.stringify({ ...before, ...rules })) return;
    await recordAuditEvent(tx, {
      organizationId: organization.id,
      actor: { id: adminId },
      action: 'organization.booking_rules_changed',
      target: { type: 'organization', id: organization.id },
      details: { before, after: rules },
    });
  });
  return rules;
}
