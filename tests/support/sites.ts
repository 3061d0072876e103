import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { SiteView } from '#domain/sites.ts';
import type { TestApp, TestClient } from './harness.ts';
import type { Team } from './team.ts';

// Sites (issue 28) as their tests make and read them: through the API, and desks on a site's floor by SQL.

export async function sitesOf(team: Team, client: TestClient = team.admin.client): Promise<SiteView[]> {
  const response = await client.get(`/api/organizations/${team.id}/sites`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** A site added by the team's admin: a random name in New York unless `body` says otherwise. */
export async function addSite(team: Team, body: Record<string, unknown> = {}): Promise<SiteView> {
  const response = await team.admin.client.post(`/api/organizations/${team.id}/sites`, {
    name: `Site ${randomUUID().slice(0, 6)}`,
    timeZone: 'America/New_York',
    ...body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** A floor 'Annex' on the site, through the API, and `count` desks on it (S01, S02...) by SQL. */
export async function addDesksOnSite(testApp: TestApp, team: Team, siteId: string, count: number): Promise<string[]> {
  const floor = await team.admin.client.post(`/api/organizations/${team.id}/floors`, { name: 'Annex', siteId });
  expect(floor.status, floor.text).toBe(201);
  const rows = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO desks (organization_id, floor_id, name, position_x, position_y, width, height)
     SELECT $1, $2, 'S' || lpad(n::text, 2, '0'), 10 * n, 10, 120, 80 FROM generate_series(1, $3::int) AS n
     RETURNING id`,
    [team.id, floor.body.id, count],
  );
  return rows.map((row) => row.id);
}

/** The organization's audit events of one kind, oldest first: their target and details. */
export function auditOf(testApp: TestApp, team: Team, action: string) {
  return testApp.database.sql.query<{ target_id: string; details: Record<string, unknown> }>(
    'SELECT target_id, details FROM audit_events WHERE organization_id = $1 AND action = $2 ORDER BY id',
    [team.id, action],
  );
}
