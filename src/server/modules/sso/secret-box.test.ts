import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { decryptSecret, encryptSecret, ssoKeyOf } from './secret-box.ts';

const organization = '00000000-0000-4000-8000-000000000001';

describe('client secrets at rest', () => {
  it('decrypt with the same key and organization only', () => {
    const key = randomBytes(32);
    const sealed = encryptSecret(key, organization, 'the secret');
    expect(sealed).not.toContain('the secret');
    expect(decryptSecret(key, organization, sealed)).toBe('the secret');
    expect(decryptSecret(randomBytes(32), organization, sealed)).toBeUndefined();
    expect(decryptSecret(key, '00000000-0000-4000-8000-000000000002', sealed)).toBeUndefined();
    expect(encryptSecret(key, organization, 'the secret')).not.toBe(sealed);
  });

  it('use a key kept in DATA_DIR on a loopback address, and none on a public one without SSO_SECRET_KEY', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-sso-key-'));
    try {
      const local = { config: loadConfig({ DATA_DIR: dataDir }) } as AppContext;
      const key = ssoKeyOf(local);
      expect(key?.length).toBe(32);
      expect(ssoKeyOf({ config: loadConfig({ DATA_DIR: dataDir }) } as AppContext)?.equals(key as Buffer)).toBe(true);
      const publicContext = {
        config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://desks.example.com', BILLING: 'off' }),
      };
      expect(ssoKeyOf(publicContext as AppContext)).toBeUndefined();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
