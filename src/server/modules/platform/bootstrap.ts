import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { isAdminOf } from '../members/repo.ts';
import { insertSubscriptionIfMissing } from '../subscriptions/repo.ts';
import * as repo from './repo.ts';

export const platformOrganizationName = 'Perch Platform';

/**
 * Creates the platform organization (fixed id from configuration) when it is missing. It carries a
 * permanent override so that its own floor plans and team work like any paid organization's.
 */
export async function ensurePlatformOrganization(db: Database, config: Config): Promise<boolean> {
  const id = config.platformOrganizationId;
  if (await repo.organizationExists(db, id)) return false;
  return db.transaction(async (tx) => {
    const slug = (await repo.isSlugTaken(tx, 'perch-platform')) ? `perch-platform-${id.slice(-12)}` : 'perch-platform';
    const created = await repo.insertOrganizationIfMissing(tx, {
      id,
      name: platformOrganizationName,
      slug,
      timeZone: config.defaultTimeZone,
    });
    await insertSubscriptionIfMissing(tx, {
      organizationId: id,
      planId: null,
      planName: 'Platform',
      maxUsers: 20000,
      status: 'active',
      isOverridden: true,
      overrideReason: 'Platform organization',
    });
    return created;
  });
}

/** The command-line path (scripts/platform-admin.ts): the only way anyone becomes a platform admin. */
export async function makePlatformAdmin(
  db: Database,
  config: Config,
  email: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  await ensurePlatformOrganization(db, config);
  const userId = await repo.findUserIdByEmail(db, email.trim().toLowerCase());
  if (!userId) return { ok: false, message: `No Perch account uses ${email}. Register it first, then run this again.` };
  await repo.upsertAdminMembership(db, config.platformOrganizationId, userId);
  // Success is reported only once the membership reads back from the database the server uses.
  if (!(await isAdminOf(db, config.platformOrganizationId, userId))) {
    return { ok: false, message: `${email} could not be made a platform admin: the change did not persist.` };
  }
  return { ok: true };
}
