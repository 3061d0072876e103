import type { TestApp } from './harness.ts';

// Teams and neighbourhoods written straight to the database (migration 0026): for the tests of the rules that judge
// them, apart from the API that makes them.

/** A team of the organization with these members and limits (null: the organization's); answers its id. */
export async function insertTeam(
  testApp: TestApp,
  organizationId: string,
  name: string,
  options: { userIds?: readonly string[]; maxDaysAhead?: number | null; maxBookingsPerWeek?: number | null } = {},
): Promise<string> {
  const [team] = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO teams (organization_id, name, colour, max_days_ahead, max_bookings_per_week)
     VALUES ($1, $2, '#2563eb', $3, $4) RETURNING id`,
    [organizationId, name, options.maxDaysAhead ?? null, options.maxBookingsPerWeek ?? null],
  );
  if (!team) throw new Error('no team');
  for (const userId of options.userIds ?? []) {
    await testApp.database.sql.query(
      'INSERT INTO team_members (organization_id, team_id, user_id) VALUES ($1, $2, $3)',
      [organizationId, team.id, userId],
    );
  }
  return team.id;
}

/** A neighbourhood of the floor holding these desks, kept for these teams on these ISO weekdays; answers its id. */
export async function insertNeighbourhood(
  testApp: TestApp,
  organizationId: string,
  floorId: string,
  name: string,
  options: { deskIds: readonly string[]; teamIds?: readonly string[]; weekdays?: readonly number[] },
): Promise<string> {
  const [neighbourhood] = await testApp.database.sql.query<{ id: string }>(
    `INSERT INTO neighbourhoods (organization_id, floor_id, name, colour, weekdays)
     VALUES ($1, $2, $3, '#059669', $4::smallint[]) RETURNING id`,
    [organizationId, floorId, name, `{${(options.weekdays ?? []).join(',')}}`],
  );
  if (!neighbourhood) throw new Error('no neighbourhood');
  for (const teamId of options.teamIds ?? []) {
    await testApp.database.sql.query(
      'INSERT INTO neighbourhood_teams (organization_id, neighbourhood_id, team_id) VALUES ($1, $2, $3)',
      [organizationId, neighbourhood.id, teamId],
    );
  }
  await testApp.database.sql.query('UPDATE desks SET neighbourhood_id = $1 WHERE id = ANY ($2::uuid[])', [
    neighbourhood.id,
    `{${options.deskIds.join(',')}}`,
  ]);
  return neighbourhood.id;
}
