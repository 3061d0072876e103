import type { TestApp } from './harness.ts';

/**
 * Forgets how many organizations each user created today (at most 10 a day, organizations/service.ts): for
 * suites whose one admin owns an organization per test. The limit itself is tested in organizations.test.ts.
 */
export async function forgetOrganizationsCreatedToday(testApp: TestApp): Promise<void> {
  await testApp.database.sql.query("DELETE FROM rate_limits WHERE key LIKE 'organizations-user:%'");
}
