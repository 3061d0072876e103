import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { signUp, startTestAppForFile } from '#test-support/harness.ts';
import { maintenanceJob } from './maintenance.ts';
import { startJobs } from './scheduler.ts';

const testApp = startTestAppForFile();

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

describe('the scheduler', () => {
  it('logs a failed job by its error type, message and code, never its stack', async () => {
    const warnings: [Record<string, unknown>, string][] = [];
    const log = { warn: (fields: Record<string, unknown>, message: string) => warnings.push([fields, message]) };
    const failing = {
      name: 'failing-job',
      lockId: 990_001,
      everyMs: 5,
      run: async () => {
        throw Object.assign(new TypeError('the mail server said no'), { code: 'EMAILDOWN' });
      },
    };
    const stop = startJobs([failing], testApp.database.sql, log as unknown as FastifyBaseLogger);
    try {
      await vi.waitFor(() => expect(warnings.length).toBeGreaterThan(0), { timeout: 5000 });
    } finally {
      stop();
    }
    const [fields, message] = warnings[0] ?? [{}, ''];
    expect(message).toBe('scheduled job failed; it runs again at its next interval');
    expect(fields).toMatchObject({
      job: 'failing-job',
      error: { type: 'TypeError', message: 'the mail server said no', code: 'EMAILDOWN' },
    });
    expect(fields).not.toHaveProperty('err');
    expect(JSON.stringify(fields)).not.toMatch(/\n\s+at /);
  });
});
