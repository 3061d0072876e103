import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ssoMessages } from '#domain/sso.ts';
import { type AppContext, perApp } from '#server/context.ts';
import { AppError } from '#server/errors.ts';

// Client secrets at rest (decision 021): AES-256-GCM, a fresh 96-bit nonce per secret, the organization id as
// associated data so that a secret copied onto another organization's row does not decrypt.

const keyFileName = 'sso-secret.key';

/**
 * The key in force: SSO_SECRET_KEY; on a loopback address without it, a random key made once and kept in DATA_DIR,
 * so single sign-on can be tried with `npm start`; anywhere else without it, none (single sign-on is off).
 */
export const ssoKeyOf = perApp((context: AppContext): Buffer | undefined => {
  if (context.config.ssoSecretKey) return context.config.ssoSecretKey;
  if (!context.config.isLoopback) return undefined;
  const file = path.join(context.config.dataDir, keyFileName);
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    const key = randomBytes(32);
    fs.mkdirSync(context.config.dataDir, { recursive: true });
    fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  }
});

export function requireSsoKey(context: AppContext): Buffer {
  const key = ssoKeyOf(context);
  if (!key) throw new AppError(503, ssoMessages.secretKeyMissing, { code: 'SSO_OFF' });
  return key;
}

export function encryptSecret(key: Buffer, organizationId: string, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(organizationId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64');
}

/** The secret, or undefined when the key changed or the row was tampered with (GCM's tag does not match). */
export function decryptSecret(key: Buffer, organizationId: string, encrypted: string): string | undefined {
  try {
    const bytes = Buffer.from(encrypted, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(organizationId));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
