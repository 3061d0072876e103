import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../testing/harness.ts';
import { maintenanceJob } from './maintenance.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('maintenance', () => {
  it('deletes expired sessions and keeps live ones', async () => {
    const live = await signUp(testApp);
    const expired = await signUp(testApp);
    await testApp.database.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = ${expired.user.id}`,
    );
    await maintenanceJob(testApp.database.db).run();
    const rows = await testApp.database.sql.query<{ user_id: string }>('SELECT user_id FROM sessions');
    expect(rows.map((row) => row.user_id)).toContain(live.user.id);
    expect(rows.map((row) => row.user_id)).not.toContain(expired.user.id);
    expect((await live.client.get('/api/user')).status).toBe(200);
    expect((await expired.client.get('/api/user')).status).toBe(401);
  });
});
