import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findInEveryTable } from '#test-support/find-in-every-table.ts';
import { uniqueEmail } from '#test-support/harness.ts';
import { addMember, createTeam, startTeamAppForFile } from '#test-support/team.ts';

const testApp = startTeamAppForFile();

const migration = path.join(import.meta.dirname, '../../db/migrations/0011_forget_deleted_accounts.sql');

/** Runs migration 0011 again, as the migration runner does: in one transaction. */
async function runMigration(): Promise<void> {
  await testApp.database.sql.exec(`BEGIN;\n${await fs.readFile(migration, 'utf8')}\n;COMMIT;`);
}

async function insertAuditEvent(values: {
  organizationId: string;
  actor: { id: string; email: string };
  action: string;
  target?: { type: string; id: string };
  details: Record<string, unknown>;
}): Promise<number> {
  const [row] = await testApp.database.sql.query<{ id: number }>(
    `INSERT INTO audit_events (organization_id, actor_user_id, actor_email, action, target_type, target_id, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb) RETURNING id::int AS id`,
    [
      values.organizationId,
      values.actor.id,
      values.actor.email,
      values.action,
      values.target?.type ?? null,
      values.target?.id ?? null,
      JSON.stringify(values.details),
    ],
  );
  return row?.id ?? 0;
}

async function auditEvent(id: number) {
  const [row] = await testApp.database.sql.query<{ actor_email: string | null; details: Record<string, unknown> }>(
    'SELECT actor_email, details FROM audit_events WHERE id = $1',
    [id],
  );
  return row;
}

describe('migration 0011, for accounts deleted before deletion forgot the person', () => {
  it('leaves the audit log a pseudonym where it named a deleted person, and everyone else as they were', async () => {
    const team = await createTeam(testApp);
    const admin = { id: team.admin.user.id, email: team.admin.email };
    const gone = await addMember(testApp, team.id, 'admin', { firstName: 'Ottoline', lastName: 'Vanderquist' });
    const stays = await addMember(testApp, team.id, 'member', { firstName: 'Mia', lastName: 'Member' });
    const goneAsMember = { name: 'Ottoline Vanderquist', email: gone.email };
    const guest = uniqueEmail('never.registered');
    // What the audit log held when a deletion kept names and e-mails.
    const sentByGone = await insertAuditEvent({
      organizationId: team.id,
      actor: { id: gone.user.id, email: gone.email },
      action: 'invitation.sent',
      details: { email: guest, role: 'member' },
    });
    const promoted = await insertAuditEvent({
      organizationId: team.id,
      actor: admin,
      action: 'member.role_changed',
      target: { type: 'user', id: gone.user.id },
      details: { member: goneAsMember, from: 'member', to: 'admin' },
    });
    const replaced = await insertAuditEvent({
      organizationId: team.id,
      actor: admin,
      action: 'booking.permanent_created',
      target: { type: 'booking', id: randomUUID() },
      details: { desk: 'D01', cancelledBookings: [{ desk: 'D01', owner: goneAsMember }] },
    });
    const left = await insertAuditEvent({
      organizationId: team.id,
      actor: { id: gone.user.id, email: gone.email },
      action: 'member.account_deleted',
      target: { type: 'user', id: gone.user.id },
      details: { member: goneAsMember, role: 'admin', cancelledBookings: 1 },
    });
    const aboutSomeoneElse = await insertAuditEvent({
      organizationId: team.id,
      actor: admin,
      action: 'member.role_changed',
      target: { type: 'user', id: stays.user.id },
      details: { member: { name: 'Mia Member', email: stays.email }, from: 'member', to: 'admin' },
    });
    await testApp.database.sql.query(
      `INSERT INTO invitations (organization_id, email, role, token_digest, expires_at, accepted_at, accepted_by)
       VALUES ($1, $2, 'member', $3, now(), now(), $4)`,
      [team.id, gone.email, `digest-${randomUUID()}`, gone.user.id],
    );
    // The deletion as it was: the account row went, and the references to it became null.
    await testApp.database.sql.query('DELETE FROM users WHERE id = $1', [gone.user.id]);
    expect(await findInEveryTable(testApp, [gone.email, 'Ottoline', 'Vanderquist'])).not.toEqual([]);

    await runMigration();
    await runMigration();

    expect(await findInEveryTable(testApp, [gone.email, 'Ottoline', 'Vanderquist'])).toEqual([]);
    const deletedUser = 'a deleted user';
    const asMember = { name: deletedUser, email: deletedUser };
    expect(await auditEvent(sentByGone)).toEqual({
      actor_email: deletedUser,
      details: { email: guest, role: 'member' },
    });
    expect(await auditEvent(promoted)).toEqual({
      actor_email: admin.email,
      details: { member: asMember, from: 'member', to: 'admin' },
    });
    expect(await auditEvent(replaced)).toEqual({
      actor_email: admin.email,
      details: { desk: 'D01', cancelledBookings: [{ desk: 'D01', owner: asMember }] },
    });
    expect(await auditEvent(left)).toEqual({
      actor_email: deletedUser,
      details: { member: { name: deletedUser }, role: 'admin', cancelledBookings: 1 },
    });
    expect(await auditEvent(aboutSomeoneElse)).toEqual({
      actor_email: admin.email,
      details: { member: { name: 'Mia Member', email: stays.email }, from: 'member', to: 'admin' },
    });
  });

  it('removes booking revisions and local checkouts of organizations that no longer exist, and keeps the others', async () => {
    const team = await createTeam(testApp);
    const goneOrganization = randomUUID();
    await testApp.database.sql.query(
      'INSERT INTO desk_booking_revisions (organization_id, desk_id, revision) VALUES ($1, $2, 3), ($3, $4, 5)',
      [goneOrganization, randomUUID(), team.id, randomUUID()],
    );
    await testApp.database.sql.query(
      `INSERT INTO local_checkout_subscriptions (id, provider_plan_id, custom_id, status, return_url, cancel_url, request_id, display)
       VALUES ($1, 'P-LOCAL', $2, 'APPROVAL_PENDING', 'http://perch.test/r', 'http://perch.test/c', $1, '{"organizationName": "Gone Ltd"}'),
              ($3, 'P-LOCAL', $4, 'APPROVAL_PENDING', 'http://perch.test/r', 'http://perch.test/c', $3, '{"organizationName": "Acme Corp"}')`,
      [`I-LOCAL${randomUUID()}`, goneOrganization, `I-LOCAL${randomUUID()}`, team.id],
    );

    await runMigration();

    const revisions = await testApp.database.sql.query<{ organization_id: string }>(
      'SELECT organization_id FROM desk_booking_revisions WHERE organization_id IN ($1, $2)',
      [goneOrganization, team.id],
    );
    expect(revisions).toEqual([{ organization_id: team.id }]);
    const checkouts = await testApp.database.sql.query<{ custom_id: string }>(
      'SELECT custom_id FROM local_checkout_subscriptions WHERE custom_id IN ($1, $2)',
      [goneOrganization, team.id],
    );
    expect(checkouts).toEqual([{ custom_id: team.id }]);
  });
});
