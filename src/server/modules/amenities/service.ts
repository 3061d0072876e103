import type { AmenityList, AmenityListInput, AmenityListSaved } from '#domain/amenities.ts';
import { removedAmenities } from '#domain/amenities.ts';
import type { AppContext } from '#server/context.ts';
import { notFound } from '#server/errors.ts';
import { recordAuditEvent } from '../audit/repo.ts';
import { findMemberOrganization, requireEditor } from '../organizations/service.ts';
import * as repo from './repo.ts';

/** Members see the list their desks' tags come from, checked by findMemberOrganization. */
export async function listAmenities(context: AppContext, userId: string, organizationId: string): Promise<AmenityList> {
  const { organization } = await findMemberOrganization(context, organizationId, userId);
  return { amenities: organization.amenities };
}

/**
 * Replaces the list. A tag that leaves it leaves every desk of the organization in the same transaction (and a tag
 * whose case changed is respelt on them). The list's row is locked first, then the desks, the order desk changes
 * take them too (desks/batch.ts), so no desk keeps a tag the list has lost. Admin role and subscription checked by
 * requireEditor: the desks change with it.
 */
export async function saveAmenities(
  context: AppContext,
  userId: string,
  organizationId: string,
  input: AmenityListInput,
): Promise<AmenityListSaved> {
  await requireEditor(context, organizationId, userId);
  return context.db.transaction(async (tx) => {
    const before = await repo.lockAmenityListForUpdate(tx, organizationId);
    if (!before) throw notFound('Organization not found.');
    const after = input.amenities;
    const unchanged = before.length === after.length && before.every((tag, index) => tag === after[index]);
    if (unchanged) return { amenities: after, desksChanged: 0 };
    await repo.saveAmenityList(tx, organizationId, after);
    const desksChanged = await repo.applyAmenityListToDesks(tx, organizationId, after);
    await recordAuditEvent(tx, {
      organizationId,
      actor: { id: userId },
      action: 'amenities.changed',
      details: {
        added: removedAmenities(after, before),
        removed: removedAmenities(before, after),
        desksChanged,
      },
    });
    return { amenities: after, desksChanged };
  });
}
