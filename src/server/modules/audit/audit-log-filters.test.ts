import { describe, expect, it } from 'vitest';
import { addMember, createTeam, signUp, startTeamAppForFile, type Team } from '#test-support/team.ts';
import { exportChunkSize } from './service.ts';

const testApp = startTeamAppForFile();

const auditLog = (team: Team, query = '') => `/api/organizations/${team.id}/audit-log${query}`;
const auditCsv = (team: Team, query = '') => `/api/organizations/${team.id}/audit-log.csv${query}`;

/** A team whose admin Ada added a floor and a desk, and whose second admin Sam added another desk. */
async function createBusyTeam() {
  const team = await createTeam(testApp);
  const sam = await addMember(testApp, team.id, 'admin', { firstName: 'Sam', lastName: 'Lee' });
  const floor = await team.admin.client.post(`/api/organizations/${team.id}/floors`, { name: 'Annex' });
  expect(floor.status).toBe(201);
  for (const [who, name] of [
    [team.admin, 'D01'],
    [sam, 'D02'],
  ] as const) {
    const desk = await who.client.post(`/api/organizations/${team.id}/desks`, {
      name,
      floorId: floor.body.id,
      positionX: 100,
      positionY: 100,
    });
    expect(desk.status).toBe(201);
  }
  return { team, sam };
}

const sentencesOf = (body: { events: Array<{ action: string; details: { name?: string } }> }) =>
  body.events.map((event) => `${event.action} ${event.details.name ?? ''}`.trim());

/** The CSV's data rows, without the header. */
const rowsOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1, -1);

describe('filtering the audit log', () => {
  it('narrows the log to one kind or several, and to the person who acted, page by page', async () => {
    const { team, sam } = await createBusyTeam();
    const desks = await team.admin.client.get(auditLog(team, '?action=desk.created'));
    expect(desks.status).toBe(200);
    expect(sentencesOf(desks.body)).toEqual(['desk.created D02', 'desk.created D01']);
    const both = await team.admin.client.get(auditLog(team, '?action=desk.created&action=floor.created'));
    expect(sentencesOf(both.body)).toEqual(['desk.created D02', 'desk.created D01', 'floor.created Annex']);
    const bySam = await team.admin.client.get(auditLog(team, `?actorId=${sam.user.id}`));
    expect(bySam.body.events.map((event: { actor: { email: string } }) => event.actor.email)).toEqual([sam.email]);
    const byAda = await team.admin.client.get(auditLog(team, `?actorId=${team.admin.user.id}&action=desk.created`));
    expect(sentencesOf(byAda.body)).toEqual(['desk.created D01']);
    const nobody = await team.admin.client.get(auditLog(team, `?actorId=${(await signUp(testApp)).user.id}`));
    expect(nobody.body).toEqual({ events: [], nextBefore: null });

    const first = await team.admin.client.get(auditLog(team, '?action=desk.created&limit=1'));
    expect(sentencesOf(first.body)).toEqual(['desk.created D02']);
    const second = await team.admin.client.get(
      auditLog(team, `?action=desk.created&limit=1&before=${first.body.nextBefore}`),
    );
    expect(sentencesOf(second.body)).toEqual(['desk.created D01']);
    expect(second.body.nextBefore).toBeNull();
  });

  it('reads from and to as whole days of the organization’s time zone, both included', async () => {
    const { team } = await createBusyTeam();
    await testApp.database.sql.query("UPDATE organizations SET time_zone = 'America/New_York' WHERE id = $1", [
      team.id,
    ]);
    // 22:00 on 1 March and 01:00 on 2 March in New York; both are 2 March in UTC.
    const stamps = ['2026-03-02T03:00:00Z', '2026-03-02T06:00:00Z', '2026-03-03T04:59:00Z'];
    await testApp.database.sql.query(
      `UPDATE audit_events e SET created_at = s.at
       FROM (SELECT id, (ARRAY[$2, $3, $4]::timestamptz[])[row_number() OVER (ORDER BY id)] AS at
             FROM audit_events WHERE organization_id = $1) s
       WHERE e.id = s.id`,
      [team.id, ...stamps],
    );
    const on = async (query: string) =>
      (await team.admin.client.get(auditLog(team, query))).body.events.map((event: { createdAt: string }) =>
        event.createdAt.slice(0, 16),
      );
    expect(await on('?from=2026-03-02&to=2026-03-02')).toEqual(['2026-03-03T04:59', '2026-03-02T06:00']);
    expect(await on('?to=2026-03-01')).toEqual(['2026-03-02T03:00']);
    expect(await on('?from=2026-03-03')).toEqual([]);
  });

  it('refuses a bad filter with 400 and a sentence naming it, on the list and the export alike', async () => {
    const team = await createTeam(testApp);
    for (const [query, message] of [
      ['?action=desk.exploded', 'action must be a kind of audit event, such as desk.created (action)'],
      ['?action=desk.created&action=nope', 'action must be a kind of audit event, such as desk.created (action)'],
      ['?actorId=ana', 'actorId must be a person’s id (actorId)'],
      ['?from=2026-02-30', 'from must be a date such as 2026-11-23 (from)'],
      ['?from=2026-03-02&to=2026-03-01', 'to must not be before from (to)'],
      ['?from=99999-01-01', 'from must be a date such as 2026-11-23 (from)'],
      ['?limit=0', 'limit must be 1 to 100 (limit)'],
      [`?action=${'x'.repeat(5000)}`, 'action must be a kind of audit event, such as desk.created (action)'],
    ]) {
      for (const path of [auditLog(team, query), auditCsv(team, query)]) {
        const response = await team.admin.client.get(path);
        expect(response.status, path.slice(0, 120)).toBe(400);
        expect(response.body.message, path.slice(0, 120)).toBe(message);
      }
    }
  });
});

describe('exporting the audit log as CSV', () => {
  it('sends every matching event, newest first, from whatever page the link was made, formula-safe', async () => {
    const { team } = await createBusyTeam();
    const hostile = '=HYPERLINK("http://evil.example","Annex")';
    expect((await team.admin.client.post(`/api/organizations/${team.id}/floors`, { name: hostile })).status).toBe(201);

    const whole = await team.admin.client.get(auditCsv(team, '?action=floor.created'));
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(whole.headers['content-disposition']).toMatch(
      /^attachment; filename="team-[a-z0-9-]+-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(whole.text.startsWith('\uFEFFEvent ID,Time (UTC),Kind,Description,')).toBe(true);
    const rows = rowsOf(whole.text);
    expect(rows).toHaveLength(2);
    // The floor's name starts no formula: the description starts with the admin, the details with a brace.
    expect(rows[0]).toContain(
      ',floor.created,"Ada Admin added the floor =HYPERLINK(""http://evil.example"",""Annex"")"',
    );
    expect(rows[1]).toContain('Ada Admin added the floor Annex');

    const page = await team.admin.client.get(auditLog(team, '?action=floor.created&limit=1'));
    const fromPageTwo = await team.admin.client.get(
      auditCsv(team, `?action=floor.created&limit=1&before=${page.body.nextBefore}`),
    );
    expect(fromPageTwo.text).toBe(whole.text);
    expect(rowsOf((await team.admin.client.get(auditCsv(team))).text)).toHaveLength(4);
  });

  it('keeps a name that would start a formula as text in its own cell', async () => {
    const team = await createTeam(testApp);
    const plotter = await addMember(testApp, team.id, 'admin', { firstName: '=cmd|', lastName: "'/c calc'!A1" });
    await plotter.client.post(`/api/organizations/${team.id}/floors`, { name: 'Annex' });
    const [row] = rowsOf((await team.admin.client.get(auditCsv(team))).text);
    expect(row).toContain(
      `,floor.created,'=cmd| '/c calc'!A1 added the floor Annex,'=cmd| '/c calc'!A1,${plotter.email},`,
    );
  });

  it('reads a long log in chunks and sends all of it', async () => {
    const team = await createTeam(testApp);
    const count = exportChunkSize * 2 + 3;
    await testApp.database.sql.query(
      `INSERT INTO audit_events (organization_id, actor_user_id, actor_email, action, target_type, target_id, details)
       SELECT $1, $2, $3, 'desk.created', 'desk', gen_random_uuid()::text, jsonb_build_object('name', 'D' || n)
       FROM generate_series(1, $4::int) AS n`,
      [team.id, team.admin.user.id, team.admin.email, count],
    );
    const rows = rowsOf((await team.admin.client.get(auditCsv(team))).text);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(count);
    expect(rows[0]).toContain(`Ada Admin created desk D${count},`);
  });

  it('answers 401 signed out, 404 to non-members and other organizations’ admins, 403 to members', async () => {
    const team = await createTeam(testApp);
    const member = await addMember(testApp, team.id);
    const otherAdmin = (await createTeam(testApp)).admin;
    expect((await testApp.client().get(auditCsv(team))).status).toBe(401);
    const elsewhere = await otherAdmin.client.get(auditCsv(team));
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.text).not.toContain('Event ID');
    expect((await (await signUp(testApp)).client.get(auditCsv(team))).status).toBe(404);
    expect((await team.admin.client.get('/api/organizations/not-a-uuid/audit-log.csv')).status).toBe(404);
    const refused = await member.client.get(auditCsv(team));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only administrators of this organization can do that.');
  });
});
