import { describe, expect, it } from 'vitest';
import { isPublicMailDomain } from '#server/modules/sso/public-mail-domains.ts';

describe('public mail domains', () => {
  it.each([
    'gmail.com',
    'googlemail.com',
    'outlook.com',
    'hotmail.com',
    'yahoo.com',
    'icloud.com',
    'proton.me',
    'protonmail.com',
    'fastmail.com',
    'GMAIL.COM',
  ])('can never be claimed: %s', (domain) => {
    expect(isPublicMailDomain(domain)).toBe(true);
  });

  it.each(['acme.example', 'sso.example.com', 'gmail.com.acme.example', 'notgmail.com'])(
    'is a company’s: %s',
    (domain) => {
      expect(isPublicMailDomain(domain)).toBe(false);
    },
  );
});
