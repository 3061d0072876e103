import { describe, expect, it } from 'vitest';
import {
  connectionCovering,
  emailDomainOf,
  isSsoRefusal,
  normalizeDomain,
  parseDomainList,
  ssoCallbackUrl,
  ssoConnectionInputSchema,
} from './sso.ts';

describe('normalizeDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    [' Example.COM ', 'example.com'],
    ['@example.com', 'example.com'],
    ['mail.example.co.uk.', 'mail.example.co.uk'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['localhost', undefined],
    ['exa mple.com', undefined],
    ['-bad.example.com', undefined],
    ['example.123', undefined],
    ['a..com', undefined],
    ['', undefined],
  ])('reads %j as %j', (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });
});

describe('parseDomainList', () => {
  it('splits on commas, spaces and new lines, drops duplicates and names what is not a domain', () => {
    expect(parseDomainList('Example.com, example.com\nacme.org  not_a_domain')).toEqual({
      domains: ['example.com', 'acme.org'],
      invalid: ['not_a_domain'],
    });
  });
});

describe('emailDomainOf and connectionCovering', () => {
  const connections = [
    { id: 'a', domains: ['acme.com'] },
    { id: 'b', domains: ['globex.com', 'globex.org'] },
  ];
  it.each([
    ['ada@acme.com', 'a'],
    ['Ada@GLOBEX.org', 'b'],
    ['ada@sub.acme.com', undefined],
    ['ada@other.com', undefined],
    ['not-an-email', undefined],
  ])('gives %j to connection %j', (email, expected) => {
    expect(connectionCovering(email, connections)?.id).toBe(expected);
  });
  it('reads the last at-sign', () => {
    expect(emailDomainOf('"a@b"@acme.com')).toBe('acme.com');
  });
});

describe('ssoCallbackUrl', () => {
  it.each([
    ['https://perch.example.com', 'https://perch.example.com/api/sso/callback'],
    ['https://perch.example.com/', 'https://perch.example.com/api/sso/callback'],
  ])('for %j is %j', (publicUrl, expected) => {
    expect(ssoCallbackUrl(publicUrl)).toBe(expected);
  });
});

describe('ssoConnectionInputSchema', () => {
  const valid = { issuer: 'https://login.example.com', clientId: 'perch', domains: ['Acme.com'], required: false };
  it('normalises the domains', () => {
    expect(ssoConnectionInputSchema.parse(valid).domains).toEqual(['acme.com']);
  });
  it.each([
    [{ ...valid, issuer: 'ftp://login.example.com' }, 'Enter the issuer URL'],
    [{ ...valid, issuer: 'https://login.example.com/?tenant=1' }, 'Enter the issuer URL'],
    [{ ...valid, clientId: ' ' }, 'Enter the client id'],
    [{ ...valid, domains: [] }, 'Enter at least one e-mail domain'],
    [{ ...valid, domains: ['nope'] }, 'Enter e-mail domains such as example.com, separated by commas (nope)'],
  ])('refuses %j with a sentence', (input, sentence) => {
    const result = ssoConnectionInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(sentence);
  });
});

describe('isSsoRefusal', () => {
  it('knows the codes /auth explains and nothing else', () => {
    expect(isSsoRefusal('replayed-state')).toBe(true);
    expect(isSsoRefusal('toString')).toBe(false);
    expect(isSsoRefusal(null)).toBe(false);
  });
});
