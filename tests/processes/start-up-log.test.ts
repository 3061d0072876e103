// Issue 26: passkeys cannot be tried on an IP address (WebAuthn wants a host name), so the address a person is told
// to open is http://localhost:PORT: the start-up log names no other one to click, and warns when PUBLIC_URL is an IP.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { describeSetup } from '#server/setup-report.ts';
import { freePort, repositoryRoot, stopProcess } from '#test-support/perch-server.ts';

describe('the start-up log of the quick start', () => {
  let child: ChildProcess | undefined;
  let dataDir = '';
  afterAll(async () => {
    await stopProcess(child ?? null);
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('tells people to open http://localhost:PORT, and names no IP address to open instead', {
    timeout: 120_000,
  }, async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'perch-start-up-log-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'HOST', 'BILLING', 'NODE_ENV']) delete env[name];
    const lines: string[] = [];
    const running = spawn(process.execPath, ['src/server/main.ts'], {
      cwd: repositoryRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = running;
    await new Promise<void>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        if (lines.some((line) => line.includes('Perch is running at'))) resolve();
      };
      running.stdout?.on('data', collect);
      running.stderr?.on('data', collect);
      running.once('exit', (code) => reject(new Error(`Perch exited with ${code}:\n${lines.join('\n')}`)));
    });
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain(`Perch is running at http://localhost:${port}`);
    const addresses = messages.flatMap((message) => message.match(/https?:\/\/[^\s,;)]+/g) ?? []);
    expect(new Set(addresses)).toEqual(new Set([`http://localhost:${port}`]));
    expect(messages.some((message) => /passkeys/i.test(message))).toBe(false);
  });
});

describe('describeSetup', () => {
  it.each(['http://127.0.0.1:3000', 'http://[::1]:3000', 'https://203.0.113.9'])(
    'warns that passkeys need a host name when PUBLIC_URL is %s',
    (publicUrl) => {
      const config = loadConfig({ PUBLIC_URL: publicUrl, BILLING: 'off', SMTP_URL: 'smtp://mail.example.com' });
      const warning = describeSetup(config).warnings.find((sentence) => sentence.includes('passkeys'));
      expect(warning).toBe(
        `PUBLIC_URL is an IP address (${new URL(publicUrl).hostname}): passkeys need a host name and cannot be used there. Use http://localhost:PORT on this machine, or a domain name.`,
      );
    },
  );

  it('does not warn about passkeys for a host name', () => {
    for (const publicUrl of ['http://localhost:3000', 'https://desks.example.com']) {
      const config = loadConfig({ PUBLIC_URL: publicUrl, BILLING: 'off' });
      expect(describeSetup(config).warnings.join(' ')).not.toMatch(/passkeys/);
    }
  });
});
