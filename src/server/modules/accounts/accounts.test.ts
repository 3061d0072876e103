import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../../testing/harness.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('registration', () => {
  it('signs a new user in and answers the user without secrets', async () => {
    const { client, email } = await signUp(testApp, { firstName: 'Grace', lastName: 'Hopper' });
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: expect.any(String),
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: null,
    });
  });
});
