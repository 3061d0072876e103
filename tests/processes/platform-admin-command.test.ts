// `npm run platform-admin` against a Perch running on its embedded database: PGlite belongs to one process,
// so the command refuses (non-zero, saying to stop Perch) rather than print a success that has no effect.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, perchProcess } from '#test-support/perch-server.ts';

const root = path.resolve(import.meta.dirname, '../..');

function runCommand(env: NodeJS.ProcessEnv, email: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/platform-admin.ts', email], { cwd: root, env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

describe('npm run platform-admin on the embedded database', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'perch-platform-admin-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  const baseURL = `http://127.0.0.1:${await freePort()}`;
  const perch = perchProcess({ baseURL, env });
  afterAll(async () => {
    await perch.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function signIn(email: string): Promise<string> {
    const response = await fetch(`${baseURL}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    expect(response.status).toBe(200);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  }

  it('refuses while Perch runs, then grants platform administration once Perch is stopped', {
    timeout: 180_000,
  }, async () => {
    await perch.start();
    const email = 'platform.owner@example.com';
    const registered = await fetch(`${baseURL}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify({ email, password: 'correct horse battery', firstName: 'Plat', lastName: 'Owner' }),
    });
    expect(registered.status).toBeLessThan(300);

    const refused = await runCommand(env, email);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/Perch is running on the embedded database in .*: stop it first/);
    expect(refused.output).not.toMatch(/is now an admin/);
    const cookie = await signIn(email);
    const stillRefused = await fetch(`${baseURL}/api/admin/organizations`, { headers: { cookie } });
    expect(stillRefused.status).toBe(403);

    await perch.stop();
    const granted = await runCommand(env, email);
    expect(granted.output).toMatch(/is now an admin of the platform organization/);
    expect(granted.code).toBe(0);

    await perch.start();
    const overview = await fetch(`${baseURL}/api/admin/organizations`, { headers: { cookie: await signIn(email) } });
    expect(overview.status).toBe(200);
  });
});
