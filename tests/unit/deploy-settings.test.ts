// The deployment's settings file is what production runs: it must load, and choose billing, mail and storage.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { describeSetup } from '#server/setup-report.ts';

const file = path.resolve(import.meta.dirname, '../../deploy/systemd/perch.env');

function readEnvironmentFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('deploy/systemd/perch.env', () => {
  const environment = readEnvironmentFile(fs.readFileSync(file, 'utf8'));

  it('sets billing, mail and storage explicitly', () => {
    expect(environment.BILLING).toMatch(/^(live|sandbox|off)$/);
    expect(environment.SMTP_URL).toMatch(/^smtps?:\/\//);
    expect(environment.STORAGE).toBe('s3');
  });

  it('is a configuration Perch starts with, on a public address, without a warning', () => {
    const config = loadConfig({ ...environment, PORT: '3001', DATA_DIR: '/var/lib/perch/3001' });
    expect(config.isLoopback).toBe(false);
    expect(describeSetup(config).warnings).toEqual([]);
  });
});
