import { describe, expect, it } from 'vitest';
import { organizationMessages } from '#domain/organization.ts';
import { signUp, startTestAppForFile } from '#test-support/harness.ts';

const testApp = startTestAppForFile();

describe('organization time zones', () => {
  it.each(['+05:00', '-03:00', 'UTC+5'])(
    'refuses the offset %s with a sentence (PostgreSQL would read it with the opposite sign)',
    async (timeZone) => {
      const { client } = await signUp(testApp);
      const response = await client.post('/api/organizations', {
        name: 'Offset Ltd',
        slug: `offset-${Date.now()}`,
        timeZone,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(`${organizationMessages.timeZone} (timeZone)`);
      expect((await client.get('/api/organizations')).body).toEqual([]);
    },
  );

  it('keeps an IANA name, which the database reads as the browser does', async () => {
    const { client } = await signUp(testApp);
    const response = await client.post('/api/organizations', {
      name: 'Kolkata Ltd',
      slug: `kolkata-${Date.now()}`,
      timeZone: 'Asia/Kolkata',
    });
    expect(response.status).toBe(201);
    const [row] = await testApp.database.sql.query<{ offset: string }>(
      `SELECT to_char(timestamptz '2026-06-01 12:00:00+00' AT TIME ZONE time_zone, 'HH24:MI') AS offset
       FROM organizations WHERE id = $1`,
      [response.body.id],
    );
    expect(row?.offset).toBe('17:30');
  });
});
