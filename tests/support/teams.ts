import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TeamMembersView, TeamView } from '#domain/teams.ts';
import type { TestApp, TestClient } from './harness.ts';

// Teams (issue 29) as their tests make and read them through the API. Teams written straight to the database, for the
// tests of the rules, are neighbourhoods.ts's insertTeam.

interface OrganizationWithAdmin {
  id: string;
  admin: { client: TestClient };
}

export async function teamsOf(
  organization: OrganizationWithAdmin,
  client = organization.admin.client,
): Promise<TeamView[]> {
  const response = await client.get(`/api/organizations/${organization.id}/teams`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** A team added by the organization's admin: a random name unless `body` gives one. */
export async function addTeam(
  organization: OrganizationWithAdmin,
  body: Record<string, unknown> = {},
): Promise<TeamView> {
  const response = await organization.admin.client.post(`/api/organizations/${organization.id}/teams`, {
    name: `Team ${randomUUID().slice(0, 8)}`,
    ...body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** Sets the team's people through the API, as the organization's admin. */
export async function setTeamMembers(
  organization: OrganizationWithAdmin,
  teamId: string,
  userIds: readonly string[],
): Promise<TeamMembersView> {
  const response = await organization.admin.client.request('PUT', `/api/teams/${teamId}/members`, { userIds });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** The team's people as the database holds them, sorted. */
export async function teamMemberIds(testApp: TestApp, teamId: string): Promise<string[]> {
  const rows = await testApp.database.sql.query<{ user_id: string }>(
    'SELECT user_id FROM team_members WHERE team_id = $1 ORDER BY user_id',
    [teamId],
  );
  return rows.map((row) => row.user_id);
}

/** The organization's audit events of one kind, oldest first: their target and details. */
export function teamAuditOf(testApp: TestApp, organizationId: string, action: string) {
  return testApp.database.sql.query<{ target_id: string; details: Record<string, unknown> }>(
    'SELECT target_id, details FROM audit_events WHERE organization_id = $1 AND action = $2 ORDER BY id',
    [organizationId, action],
  );
}
