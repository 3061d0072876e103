import { createHash, randomBytes } from 'node:crypto';

/** A random 256-bit token for the client and the SHA-256 digest we store instead of it. */
export function createToken(): { token: string; digest: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, digest: digestToken(token) };
}

export function digestToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
