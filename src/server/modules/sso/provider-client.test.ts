import { describe, expect, it } from 'vitest';
import { discoverProvider } from './provider-client.ts';

const settings = { clientId: 'perch', clientSecret: 'secret' };

describe('discoverProvider', () => {
  it.each([
    ['http://127.0.0.1:9/', false],
    ['http://localhost:9/', false],
    ['http://idp.example.com/', true],
    ['ftp://idp.example.com/', true],
  ])('refuses the issuer %s (loopback http allowed: %s) before any request', async (issuer, allowsLoopbackHttp) => {
    await expect(discoverProvider({ ...settings, issuer, allowsLoopbackHttp })).rejects.toThrow(
      'The issuer URL must start with https://.',
    );
  });
});
